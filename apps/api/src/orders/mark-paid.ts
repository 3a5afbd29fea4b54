import { formatIndiaDateTime, formatInr, toRupees } from '@store/domain';
import { inTransaction, isUniqueViolation, type Tx } from '../db/transactions';
import { displayNumber } from '../catalog/catalog-service';
import { conflict, notFound } from '../http/app-error';
import { paymentAlert } from './order-alerts';
import { withEmailAttachment, type QueuedMessage } from '../notify/message';
import { enqueueMessages } from '../notify/outbox';
import {
  accountNow,
  goneGroups,
  latePaymentReason,
  messagesToAccount,
  orderPaidMessages,
  ownHoldingOrder,
  type Contact,
  type GoneGroup,
  type GoneNumber,
  type LatePayment,
  type OrderClosedBy,
  refundDueMessages,
  saleUndoneAs,
  unexpectedPaymentMessages,
} from './order-messages';
import {
  databaseNow,
  findOrder,
  insertOrderEvent,
  lastCancellation,
  lockOrder,
  readOrderItems,
  setOrderPaid,
  setOrderRefundDue,
  updateOrder,
} from './order-store';
import { refundOrder } from './refunds';
import type { CancelCause, OrderDeps, OrderRow } from './order-types';

/**
 * - paid: the order is paid now (its numbers sold, the buyer's cart emptied of them);
 * - already_paid: it was paid (or refunded) before by this same payment (confirmed again by the
 *   same agent, or arriving again): nothing changed. An agent's confirmation of another reference,
 *   or of one another agent confirmed, is 409 PAYMENT_ALREADY_CONFIRMED naming who and when;
 * - refund_due: the money cannot pay for the order (it came after the order had closed and a
 *   number had gone elsewhere, staff had cancelled the order, or its amount is not the order's
 *   total): the order is cancelled and flagged needs_refund;
 * - extra_payment: a further, different provider payment, or a manual one support record as
 *   `extra`, for an order already paid: the order goes on as it was, flagged needs_refund, with
 *   an event naming the payment;
 * - duplicate_event: this webhook event was handled before: nothing changed.
 */
export type MarkPaidOutcome =
  'paid' | 'already_paid' | 'refund_due' | 'extra_payment' | 'duplicate_event';

/** Why a payment could not pay for its order (refund_due): each is told in its own words. */
export type RefundDueCause =
  | ({ kind: 'late' } & LatePayment)
  | { kind: 'wrong_amount' }
  | { kind: 'cancelled'; by: string; at: Date };

export interface MarkPaidResult {
  outcome: MarkPaidOutcome;
  order: OrderRow;
  /** With refund_due: why. */
  refundCause?: RefundDueCause;
}

export interface MarkPaidInput {
  /** manual or razorpay */
  provider: string;
  /** The UPI/bank reference or the Razorpay payment id. */
  reference: string;
  /** The staff member who confirmed a manual payment. */
  staffUserId?: string | null;
  /** A webhook's event id: recorded in the same transaction, so a repeat is a no-op. */
  webhookEventId?: string;
  /**
   * What the provider says was paid, in paise (Razorpay's webhook). A payment whose amount is
   * not the order's total never pays for it: it is flagged for refund.
   */
  amount?: number;
  /**
   * Support records a further manual payment for an order already paid (a double debit): kept
   * as a payment due back (decision 0068). Without it, a manual payment for a paid order
   * changes nothing.
   */
  extra?: boolean;
}

/** 409: one payment reference pays for one order. */
const referenceUsed = (reference: string, orderReference: string) =>
  conflict(
    `The payment reference ${reference} is already recorded for order ${orderReference}.`,
    'PAYMENT_REFERENCE_USED',
    { orderReference },
  );

/** 409: a further payment is recorded only for an order already paid. */
const notPaidYet = (orderReference: string) =>
  conflict(
    `Order ${orderReference} is not paid yet: confirm this payment as its payment, not as a further one.`,
    'ORDER_NOT_PAID',
    { orderReference },
  );

const rupees = (paise: number) => formatInr(toRupees(paise));

/**
 * 409: an agent's confirmation that would change nothing because the order was paid meanwhile
 * (decision 0084): who confirmed which payment and when, so the reference typed is not dropped
 * unsaid. The same agent confirming the same reference again is a retry, answered 200 instead.
 */
async function confirmedMeanwhile(
  deps: Pick<OrderDeps, 'payments'>,
  tx: Tx,
  order: OrderRow,
  reference: string,
) {
  const list = (await deps.payments.forOrders([order.id], tx)).get(order.id) ?? [];
  const paying = list.find((payment) => payment.row.reference === order.paymentReference);
  const byWhen = paying
    ? `${paying.confirmedByName ?? (paying.row.provider === 'razorpay' ? 'Razorpay' : 'Our team')} confirmed payment ${paying.row.reference} for this order at ${formatIndiaDateTime(paying.row.createdAt)}`
    : 'This order was paid meanwhile';
  const same = paying?.row.reference === reference;
  return conflict(
    same
      ? `${byWhen}: nothing was recorded again.`
      : `${byWhen}. Yours (${reference}) was not recorded; if it is more money received, record it as a further payment.`,
    'PAYMENT_ALREADY_CONFIRMED',
  );
}

/** The same agent confirming the same payment again: nothing to tell but that it is paid. */
const retriedBy = (staffUserId: string | null | undefined, confirmedBy: string | null) =>
  !staffUserId || staffUserId === confirmedBy;

function paidNote(input: MarkPaidInput, late: boolean): string {
  const how =
    input.provider === 'razorpay'
      ? `Paid online through Razorpay (payment ${input.reference})`
      : `Payment confirmed by support (reference ${input.reference})`;
  return late ? `${how}, after the hold had ended; the numbers were still free.` : `${how}.`;
}

/**
 * The one mark-paid, idempotent, behind every way a payment arrives: the staff confirmation of
 * a manual payment, Razorpay's browser callback and Razorpay's webhook.
 *
 * One transaction: the buyer's cart row, then the order, then its numbers (ascending id) are
 * locked. Every payment is recorded (payments service) with its reference, which belongs to one
 * order only: a reference recorded for another order is refused (409, naming that order; a
 * manual one compared normalised), and the same payment arriving again by another door
 * (callback, payment.captured, order.paid) changes nothing. A payment while the hold is live (or after it lapsed, when every number is still free
 * or still held by this order) sells the numbers and marks the order paid. When a number has
 * meanwhile gone to someone else, or staff had cancelled the order, or the amount paid is not
 * the order's total, nothing is sold: the order is cancelled with needs_refund set and the
 * payment reference kept, so support refunds it (GET /admin/orders?needsRefund=true); a Razorpay
 * payment that came late when a number had gone is refunded at once, through Razorpay, by the
 * system (refundLatePayment). A further,
 * different provider payment for an order already paid flags that order needs_refund with an
 * event naming the payment, once per payment. A manual payment confirmed by staff is audited.
 * The buyer's messages and the staff alert are written to the outbox in the same transaction
 * and sent once it commits (the catalogue tells the numbers sold or released).
 */
export async function markPaid(
  deps: OrderDeps,
  orderId: string,
  input: MarkPaidInput,
): Promise<MarkPaidResult> {
  const { database, catalog, cart: carts, payments } = deps;
  const peek = await findOrder(database.db, orderId);
  if (!peek) throw notFound('Order not found.');

  const decide = async (tx: Tx) => {
    if (
      input.webhookEventId &&
      !(await payments.recordOnce(input.webhookEventId, input.provider, tx))
    ) {
      const order = await findOrder(tx, orderId);
      return { outcome: 'duplicate_event' as const, order: order!, numbers: [] };
    }
    const cart = await carts.lock(tx, peek.userId);
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order not found.');
    const recorded = await payments.findByReference(tx, input.provider, input.reference);
    if (recorded && recorded.payment.orderId !== order.id) {
      throw referenceUsed(input.reference, recorded.orderReference);
    }
    // The same payment again (another door, another event of it) changes nothing; another
    // agent confirming it is told who did.
    if (recorded) {
      if (!retriedBy(input.staffUserId, recorded.payment.confirmedBy)) {
        throw await confirmedMeanwhile(deps, tx, order, input.reference);
      }
      return { outcome: 'already_paid' as const, order, numbers: [] };
    }
    const amount = input.amount ?? order.totalAmount;
    const record = (applied: boolean) =>
      payments.record(tx, {
        orderId: order.id,
        provider: input.provider,
        reference: input.reference,
        amount,
        applied,
        confirmedBy: input.staffUserId ?? null,
      });
    const audit = (after: OrderRow, note: string | null) =>
      input.staffUserId
        ? deps.audit.record(tx, {
            actorId: input.staffUserId,
            action: 'order.payment_confirmed',
            entityType: 'order',
            entityId: order.id,
            orderId: order.id,
            before: { status: order.status, needsRefund: order.needsRefund },
            after: {
              status: after.status,
              needsRefund: after.needsRefund,
              payment: { reference: input.reference, amount },
            },
            note,
          })
        : undefined;

    const alreadyPaid =
      order.paidAt !== null || (order.status !== 'pending_payment' && order.status !== 'cancelled');
    if (input.extra && !alreadyPaid) throw notPaidYet(order.reference);
    if (alreadyPaid) {
      // A manual payment support confirms again changes nothing (a reference typed anew is no
      // proof of new money), unless support record it as a further payment (decision 0068).
      if (input.provider === 'manual' && !input.extra) {
        if (input.staffUserId) throw await confirmedMeanwhile(deps, tx, order, input.reference);
        return { outcome: 'already_paid' as const, order, numbers: [] };
      }
      // A further payment the provider vouches for, or support found in the bank statement:
      // the money goes back.
      await record(false);
      const flagged = await updateOrder(tx, order.id, { needsRefund: true });
      const note = `A further payment ${input.reference}${input.amount === undefined ? '' : ` of ${rupees(input.amount)}`} arrived for this order, which was already paid (payment ${order.paymentReference ?? 'recorded'}). It is due a full refund.`;
      await insertOrderEvent(tx, {
        orderId: order.id,
        status: order.status,
        note,
        staffUserId: input.staffUserId ?? null,
      });
      await audit(flagged, note);
      return { outcome: 'extra_payment' as const, order: flagged, numbers: [], amount };
    }
    const wrongAmount = input.amount !== undefined && input.amount !== order.totalAmount;

    const items = await readOrderItems(tx, [order.id]);
    const ids = items.map((item) => item.numberId);
    const rows = await catalog.lock(tx, ids);
    const ours = (row: (typeof rows)[number]) =>
      row.available || (row.status === 'reserved' && row.orderId === order.id);
    const takeable = rows.length === ids.length && rows.every(ours);
    const afterHold =
      order.status !== 'pending_payment' ||
      order.holdExpiresAt.getTime() <= (await databaseNow(tx)).getTime();
    // The store lets a lapsed or replaced order come back when its money arrives; an order that
    // staff cancelled stays cancelled, and the money goes back.
    const cancellation =
      order.status === 'cancelled' ? await lastCancellation(tx, order.id) : undefined;
    const cancelled = cancellation?.by ? { by: cancellation.by, at: cancellation.at } : undefined;
    const cancelledByStaff = cancelled !== undefined;

    if (takeable && !cancelledByStaff && !wrongAmount) {
      await catalog.sell(tx, ids, order.id);
      const paid = await setOrderPaid(tx, order.id, input.reference);
      await record(true);
      await deps.invoices.issueInvoice(tx, paid, paid.paidAt ?? (await databaseNow(tx)));
      await insertOrderEvent(tx, {
        orderId: order.id,
        status: 'paid',
        note: paidNote(input, afterHold),
        staffUserId: input.staffUserId ?? null,
      });
      if (cart) await carts.removeNumbers(tx, cart.id, ids);
      await audit(paid, null);
      return { outcome: 'paid' as const, order: paid, numbers: items, amount };
    }

    const goneRows = rows.filter((row) => !ours(row));
    await catalog.release(tx, order.id);
    const flagged = await setOrderRefundDue(tx, order.id, input.reference);
    await record(false);
    // Late: why the order was not open, and where each number went (decision 0068).
    const lateFacts: LatePayment | undefined =
      wrongAmount || cancelledByStaff
        ? undefined
        : { closedBy: closedBy(cancellation?.cause), gone: await goneNumbers(tx, order, goneRows) };
    const note = wrongAmount
      ? `Payment ${input.reference} of ${rupees(input.amount!)} does not match the order total of ${rupees(order.totalAmount)}, so it cannot pay for this order. A full refund is due.`
      : lateFacts
        ? lateNote(input.reference, latePaymentFacts(lateFacts, flagged))
        : `Payment ${input.reference} arrived for an order our team had cancelled. A full refund is due.`;
    await insertOrderEvent(tx, {
      orderId: order.id,
      status: 'cancelled',
      note,
      staffUserId: input.staffUserId ?? null,
      cause: 'payment',
    });
    await audit(flagged, note);
    return {
      outcome: 'refund_due' as const,
      order: flagged,
      numbers: items,
      amount,
      wrongAmount,
      refundCause: wrongAmount
        ? { kind: 'wrong_amount' as const }
        : cancelled
          ? { kind: 'cancelled' as const, ...cancelled }
          : { kind: 'late' as const, ...lateFacts! },
      // Late, and a number gone: Razorpay's money goes back at once, with no one to ask.
      refundNow: input.provider === 'razorpay' && lateFacts !== undefined,
    };
  };

  /** The buyer's messages and the staff alert the outcome calls for. */
  const messagesFor = async (tx: Tx, decided: Awaited<ReturnType<typeof decide>>) => {
    const order = decided.order;
    const messages: QueuedMessage[] = [];
    const account = await accountNow(deps, tx, order);
    if (decided.amount !== undefined) {
      messages.push(
        ...deps.staffAlerts.messages(
          paymentAlert(deps.config, order, account, {
            provider: input.provider,
            reference: input.reference,
            amount: decided.amount,
            outcome: decided.outcome === 'paid' ? 'paid' : 'refund_due',
            ...(decided.outcome === 'refund_due' && decided.refundCause.kind === 'late'
              ? { heldElsewhere: decided.refundCause.gone.filter((gone) => gone.state === 'held') }
              : {}),
          }),
        ),
      );
    }
    const toBuyer = (contact: Contact): QueuedMessage[] => {
      const unexpected = (kind: 'amount_mismatch' | 'extra') =>
        unexpectedPaymentMessages(deps.config, contact, order, {
          reference: input.reference,
          amount: input.amount,
          kind,
        });
      switch (decided.outcome) {
        case 'paid':
          // The invoice is rendered as the e-mail is sent, not while this transaction holds the
          // invoice counter.
          return withEmailAttachment(
            orderPaidMessages(deps.config, contact, order, decided.numbers),
            { invoiceOf: order.id },
          );
        case 'refund_due':
          return decided.wrongAmount
            ? unexpected('amount_mismatch')
            : refundDueMessages(
                deps.config,
                contact,
                order,
                decided.refundCause.kind === 'late' ? decided.refundCause : undefined,
              );
        case 'extra_payment':
          return unexpected('extra');
        default:
          return [];
      }
    };
    const buyer = messagesToAccount(order, account, toBuyer);
    // A late Razorpay payment refunded at once: the refund's e-mail says it has been made, and
    // why, in place of this "you will be refunded" one, which waits to be replaced (QA 19 F3).
    // The SMS says why and that the money comes back, true either way: it goes now.
    const heldBack = 'refundNow' in decided && decided.refundNow;
    messages.push(...buyer.filter((message) => !heldBack || message.channel !== 'email'));
    return {
      messages,
      heldBack: heldBack ? buyer.filter((message) => message.channel === 'email') : [],
    };
  };

  // The messages are written with the payment: a crash after the commit loses none.
  const work = () =>
    inTransaction(database, async (tx) => {
      const decided = await decide(tx);
      const { messages, heldBack } = await messagesFor(tx, decided);
      return {
        ...decided,
        messageIds: await enqueueMessages(tx, messages),
        heldBackIds: await enqueueMessages(tx, heldBack, { holdMs: LATE_REFUND_HOLD_MS }),
      };
    });

  let result: Awaited<ReturnType<typeof work>>;
  try {
    result = await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another order was given the same reference at the same moment, and committed first.
    const taken = await payments.findByReference(database.db, input.provider, input.reference);
    throw referenceUsed(input.reference, taken?.orderReference ?? 'another order');
  }

  const order = result.order;
  if (result.outcome === 'refund_due' || result.outcome === 'extra_payment') {
    const what =
      result.outcome === 'extra_payment'
        ? 'further payment for an order already paid: refund due'
        : result.wrongAmount
          ? 'payment amount differs from the order total: order cancelled, refund due'
          : 'payment for an order that cannot be completed: refund due';
    const details = {
      orderId,
      reference: order.reference,
      payment: input.reference,
      paid: input.amount,
      due: order.totalAmount,
    };
    if (result.outcome === 'refund_due' && !result.wrongAmount) deps.log.warn(details, what);
    else deps.log.error(details, what);
  }
  await deps.outbox.deliverNow(result.messageIds);
  const refundCause = result.outcome === 'refund_due' ? result.refundCause : undefined;
  if (result.outcome === 'refund_due' && result.refundNow && refundCause?.kind === 'late') {
    return {
      outcome: result.outcome,
      order: await refundLatePayment(deps, order, {
        reference: input.reference,
        reason: latePaymentReason(refundCause),
        heldBack: result.heldBackIds,
      }),
      refundCause,
    };
  }
  return { outcome: result.outcome, order: result.order, refundCause };
}

const lateNote = (reference: string, { facts, ask }: ReturnType<typeof latePaymentFacts>) =>
  `Payment ${reference} arrived ${facts}. A full refund is due.${ask}`;

/**
 * Why a late payment's order was not open: its latest cancellation's cause; its hold ended when
 * there is none (not swept yet) or the cause is not recorded (decision 0071).
 */
const closedBy = (cause: CancelCause | null | undefined): OrderClosedBy =>
  cause === 'replaced' || cause === 'cart' ? cause : 'lapsed';

type NumberRow = Awaited<ReturnType<OrderDeps['catalog']['lock']>>[number];

/**
 * Where each number a late payment's order lost went: sold, held by an order not paid yet, or
 * off sale; with that order's reference and total and whether it is the payer's own.
 */
function goneNumbers(tx: Tx, order: OrderRow, rows: readonly NumberRow[]): Promise<GoneNumber[]> {
  return Promise.all(
    rows.map(async (row): Promise<GoneNumber> => {
      const state =
        row.status === 'sold' ? 'sold' : row.status === 'reserved' ? 'held' : 'off_sale';
      const other =
        state !== 'off_sale' && row.orderId ? await findOrder(tx, row.orderId) : undefined;
      // A number refunded alone stays sold, its item in that order marked with the refund.
      const refundedAlone =
        state === 'sold' &&
        other !== undefined &&
        (await readOrderItems(tx, [other.id])).some(
          (item) => item.numberId === row.id && item.refundId !== null,
        );
      return {
        number: displayNumber(row.number),
        state,
        ...(other && {
          order: {
            reference: other.reference,
            totalAmount: other.totalAmount,
            status: other.status,
            own: other.userId === order.userId,
          },
        }),
        ...(state === 'held' && row.reservedUntil && { until: row.reservedUntil }),
        ...(refundedAlone && { refundedAlone }),
      };
    }),
  );
}

const closedForStaff: Record<OrderClosedBy, string> = {
  lapsed: 'after the hold had ended',
  replaced: 'after the buyer had replaced this order with a new checkout',
  cart: 'after the buyer had removed its numbers from the cart, which cancelled this order',
};

/** Gone numbers in the team's words: whose order has them, by its reference, and its fate. */
function goneForStaff(group: GoneGroup): string {
  const { numbers, one, state, order } = group;
  if (state === 'off_sale' || !order) return `${numbers} ${one ? 'is' : 'are'} off sale`;
  const whose = order.own
    ? `the same buyer's order ${order.reference}`
    : `another buyer's order ${order.reference}`;
  const undone = saleUndoneAs(group);
  return state === 'sold'
    ? `${numbers} ${one ? 'was' : 'were'} sold to ${whose}${undone && `, since ${undone}`}`
    : `${numbers} ${one ? 'is' : 'are'} held by ${whose} (not paid yet)`;
}

/**
 * What a late payment met, for the team (the timeline note and the console's answer): why the
 * order was not open and where each number went, then, when the payer's own order holds them,
 * what the buyer is asked (decision 0068).
 */
export function latePaymentFacts(late: LatePayment, order: OrderRow) {
  const facts = `${closedForStaff[late.closedBy]}; meanwhile ${goneGroups(late.gone).map(goneForStaff).join(', ') || 'a number had gone'}`;
  const own = ownHoldingOrder(order, late.gone);
  const ask = own
    ? ` The buyer is told to pay order ${own.reference} as usual; this payment is refunded.`
    : '';
  return { facts, ask };
}

/**
 * How long a late payment's "you will be refunded" e-mail waits for its refund to be made at
 * once: longer than the call to Razorpay may take (OUTBOUND_TIMEOUT_SECONDS, at most 600). It is
 * sent sooner when the refund is not made, and after this only when the process stopped midway.
 */
const LATE_REFUND_HOLD_MS = 15 * 60_000;

/**
 * A system refund (no staff member) of a Razorpay payment captured after the hold lapsed when a
 * number had gone: through Razorpay's refund API (refunds.ts). Its e-mail replaces the late
 * payment's, held back (`heldBack`), and it sends no SMS: the late payment's said why (QA 19
 * F3). A refund refused or left pending is logged, the payment stays due back, in the console's
 * refund queue, and the held-back e-mail goes at once: the buyer is told they will be refunded.
 */
async function refundLatePayment(
  deps: OrderDeps,
  order: OrderRow,
  { reference, reason, heldBack }: { reference: string; reason: string; heldBack: number[] },
) {
  const recorded = await deps.payments.findByReference(deps.database.db, 'razorpay', reference);
  try {
    const refunded = await refundOrder(deps, order.id, {
      paymentId: recorded?.payment.id,
      method: 'razorpay',
      reason,
      staffUserId: null,
      heldBack,
    });
    return refunded.order;
  } catch (error) {
    deps.log.error(
      { err: error, orderId: order.id, payment: reference },
      'automatic refund of a late payment failed: it stays due back for staff',
    );
    return (await findOrder(deps.database.db, order.id)) ?? order;
  } finally {
    // Withdrawn by the refund's transaction when it was made; else sent now.
    await deps.outbox.deliverHeldBack(heldBack);
  }
}
