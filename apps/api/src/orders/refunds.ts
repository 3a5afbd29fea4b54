import { formatIndiaDateTime, formatInr, toRupees } from '@store/domain';
import { inTransaction, type Tx } from '../db/transactions';
import { AppError, badRequest, conflict, notFound } from '../http/app-error';
import { refundReference, type OrderPayment, type RefundRow } from '../payments/payment-service';
import { displayNumber } from '../catalog/catalog-service';
import {
  enqueueForBuyer,
  refundMessages,
  refundReferenceMessages,
  sentUpcs,
  voidedUpcsNote,
} from './order-messages';
import { withdrawMessages } from '../notify/outbox';
import { findOrder, insertOrderEvent, lockOrder, readOrderItems, updateOrder } from './order-store';
import { checkStep } from './order-timeline';
import type { OrderDeps, OrderRow } from './order-types';

export interface RefundInput {
  /** The payment to pay back; by default one in progress, else one due back, else the one that paid. */
  paymentId?: string;
  reason?: string | null;
  /** razorpay (a Razorpay payment's default): through Razorpay; manual: staff paid it back. */
  method?: 'razorpay' | 'manual';
  /** A manual refund's UTR / bank reference (decision 0054), normalised and checked by the route. */
  reference?: string;
  /** null: a system refund (a late Razorpay payment refunded automatically, mark-paid.ts). */
  staffUserId: string | null;
  /**
   * A late payment's e-mail held back in the outbox (mark-paid.ts, QA 19 F3): withdrawn in the
   * refund's transaction, this refund's e-mail replacing it; and no SMS, the late payment's
   * having said why.
   */
  heldBack?: readonly number[];
}

/** How a refund was made, as the timeline says it: Razorpay's refund id or the team's UTR. */
export const refundHow = (refund: RefundRow) =>
  refund.method === 'razorpay'
    ? `through Razorpay, refund ${refund.providerRefundId}`
    : `paid back by our team${refund.manualReference ? `, reference ${refund.manualReference}` : ''}`;

/**
 * What the audit entry of a refund records of it, with the serial of the credit note it produced
 * (null when none: a further payment's refund moves no invoice).
 */
export const auditedRefund = (refund: RefundRow, creditNote: { serial: string } | undefined) => ({
  amount: refund.amount,
  method: refund.method,
  providerRefundId: refund.providerRefundId,
  manualReference: refund.manualReference,
  creditNote: creditNote?.serial ?? null,
});

const rupees = (paise: number) => formatInr(toRupees(paise));

/**
 * The payment that paid for the order: still applied, or the one a cancel of the paid order (or
 * a late payment of a cancelled one) turned into money due back: its reference is the order's.
 * Any other is a further payment the order did not need.
 */
export const paidForOrder = (
  order: Pick<OrderRow, 'paymentReference'>,
  payment: Pick<OrderPayment['row'], 'applied' | 'reference'>,
) => payment.applied || payment.reference === order.paymentReference;

/** The payment a refund is for (RefundInput.paymentId). */
function choosePayment(payments: OrderPayment[], paymentId: string | undefined) {
  if (paymentId) {
    const chosen = payments.find((payment) => payment.row.id === paymentId);
    if (!chosen) throw notFound('This payment is not one of this order’s.');
    return chosen;
  }
  const open = (payment: OrderPayment) => payment.row.status === 'confirmed' && !payment.liveRefund;
  return (
    payments.find((payment) => payment.liveRefund?.status === 'requested') ??
    payments.find((payment) => payment.dueBack) ??
    payments.find((payment) => payment.row.applied && open(payment))
  );
}

/**
 * The refund is made: the order is refunded when the money that paid for it went back (or it
 * was cancelled), and stays as it is when a further payment it did not need went back;
 * needsRefund stays only while another payment is due back. An event and an audit entry; a
 * credit note against the tax invoice when the money that paid for the order went back; and
 * the buyer's messages written to the outbox (their ids: deliver them once committed).
 */
async function applyRefund(
  deps: Pick<OrderDeps, 'audit' | 'config' | 'users' | 'invoices'>,
  tx: Tx,
  order: OrderRow,
  payments: OrderPayment[],
  target: OrderPayment,
  refund: RefundRow,
  heldBack: readonly number[] = [],
) {
  const wholeOrder = paidForOrder(order, target.row);
  const status = wholeOrder || order.status === 'cancelled' ? 'refunded' : order.status;
  const needsRefund = payments.some((payment) => payment !== target && payment.dueBack);
  const updated = await updateOrder(tx, order.id, { status, needsRefund });
  const how = refundHow(refund);
  // One bracket, for how (QA 19 F11): what was left is said between commas.
  const rest =
    refund.amount < target.row.amount ? ', what was left after the numbers refunded alone,' : '';
  // The order's money went back: the numbers not refunded alone before are the ones it pays back.
  const paidBack =
    status === 'refunded'
      ? (await readOrderItems(tx, [order.id])).filter((item) => !item.refundId)
      : [];
  const cancelledUpcs = sentUpcs(paidBack);
  const note = `${rupees(refund.amount)} of payment ${target.row.reference}${rest} refunded (${how}). Reason: ${refund.reason}${voidedUpcsNote(cancelledUpcs)}`;
  await insertOrderEvent(tx, { orderId: order.id, status, note, staffUserId: refund.staffUserId });
  const creditNote = wholeOrder
    ? await deps.invoices.issueCreditNote(
        tx,
        { id: refund.id, orderId: order.id, amount: refund.amount },
        refund.completedAt ?? new Date(),
      )
    : undefined;
  await deps.audit.record(tx, {
    actorId: refund.staffUserId,
    action: 'order.refund',
    entityType: 'order',
    entityId: order.id,
    orderId: order.id,
    before: { status: order.status, needsRefund: order.needsRefund },
    after: {
      status,
      needsRefund,
      refund: { payment: target.row.reference, ...auditedRefund(refund, creditNote) },
    },
    note: refund.reason,
  });
  const messageIds = await enqueueForBuyer(deps, tx, updated, (contact) =>
    refundMessages(
      deps.config,
      contact,
      updated,
      {
        amount: refund.amount,
        reference: target.row.reference,
        // The money of a cancelled order (a late payment) went back: the order is refunded too.
        wholeOrder: status === 'refunded',
        // Numbers refunded alone before (decision 0039): this pays back what was left.
        rest: refund.amount < target.row.amount,
        numbers: paidBack.map((item) => displayNumber(item.number)),
        cancelledUpcs,
        throughRazorpay: refund.method === 'razorpay',
        refundReference: refundReference(refund),
        ...(creditNote ? { creditNote: creditNote.serial } : {}),
      },
      refund.reason,
    ).filter((message) => heldBack.length === 0 || message.channel !== 'sms'),
  );
  await withdrawMessages(tx, heldBack);
  return { order: updated, messageIds };
}

/** Who made a refund of this payment and when, as staff read it: "Sunita Support at 30 Nov…". */
function refundedByWhen(target: OrderPayment, refund: RefundRow): string {
  const by = target.refunds.find((row) => row.id === refund.id)?.staffName ?? 'Our system';
  return `${by} at ${formatIndiaDateTime(refund.createdAt)}`;
}

/**
 * A refund asked of Razorpay and not yet confirmed, met by a new request for the same money
 * (decision 0084): the agent who asked resumes it (a retry after a timeout or a second click,
 * decision 0039), and so does anyone when no agent asked (a system refund) or once it is no longer
 * in flight (asked more than twice the provider call's time limit ago: stuck, decision 0071).
 * Another agent while it may still be in flight: 409 naming who asked and when; their reason is
 * not recorded.
 */
export function resumeAsked(
  deps: Pick<OrderDeps, 'config'>,
  target: OrderPayment,
  asked: RefundRow,
  staffUserId: string | null,
  what: string,
): RefundChoice {
  const inFlightUntil = asked.createdAt.getTime() + 2_000 * deps.config.OUTBOUND_TIMEOUT_SECONDS;
  const anotherAgent = asked.staffUserId !== null && asked.staffUserId !== staffUserId;
  if (!anotherAgent || Date.now() > inFlightUntil) return { target, resume: asked };
  throw conflict(
    `${refundedByWhen(target, asked)} asked Razorpay to refund ${what} (reason: ${asked.reason}); it is on its way. Yours was not recorded.`,
    'REFUND_IN_PROGRESS',
  );
}

/**
 * A refund already made of what this request asks (decision 0084): the same agent asking again
 * with the same details (reason, method, reference) is a retry, answered with the order as it
 * is; anyone else, or other details, is 409 naming who made it and when (the same agent is told
 * it was them, and the reason they gave).
 */
export function madeAlready(
  target: OrderPayment,
  made: RefundRow,
  input: Pick<RefundInput, 'method' | 'reference' | 'staffUserId'> & { reason: string },
  what: string,
): RefundChoice {
  const retry =
    made.staffUserId === input.staffUserId &&
    made.reason === input.reason &&
    (input.method ?? made.method) === made.method &&
    (input.reference ?? null) === made.manualReference;
  if (retry) return { target, repeat: made };
  const byThisAgent = made.staffUserId !== null && made.staffUserId === input.staffUserId;
  throw conflict(
    byThisAgent
      ? `${what} has already been refunded by you at ${formatIndiaDateTime(made.createdAt)} (reason: ${made.reason}). This request, with other details, was not recorded.`
      : `${what} has already been refunded by ${refundedByWhen(target, made)}. Yours was not recorded.`,
    'ALREADY_REFUNDED',
  );
}

/**
 * What a refund request came to: the order as it now is, and `repeatOf` the refund the same agent
 * made already when this was their retry (nothing was made again).
 */
export interface RefundOutcome {
  order: OrderRow;
  repeatOf: RefundRow | null;
}

/** A refund done, in its transaction: the order as it now is and the buyer's messages' ids. */
interface AppliedRefund {
  order: OrderRow;
  messageIds: number[];
}

/**
 * The refund to make of a payment, the live one to resume (a second click, a crash), or the one
 * this same request made already (`repeat`: nothing more to do).
 */
export type RefundChoice =
  | { target: OrderPayment; resume: RefundRow }
  | { target: OrderPayment; repeat: RefundRow }
  | { target: OrderPayment; amount: number; numberId: number | null };

/** What differs between refunding a payment and refunding one number of the order. */
export interface RefundPlan {
  /**
   * In the first transaction, the order locked and its payments read: checks the refund may be
   * made (throwing the 4xx why not) and chooses the payment and the amount.
   */
  prepare(tx: Tx, order: OrderRow, payments: OrderPayment[]): Promise<RefundChoice>;
  /** The refund is done, in its transaction: the order, its event, audit, credit note, messages. */
  apply(
    tx: Tx,
    order: OrderRow,
    payments: OrderPayment[],
    target: OrderPayment,
    refund: RefundRow,
  ): Promise<AppliedRefund>;
}

/**
 * Makes a refund (refundOrder, refundNumber): a manual refund (staff paid it back by bank or
 * UPI) is recorded in one transaction. A Razorpay refund is recorded as requested first
 * (audited), then asked of Razorpay for its amount with that record's id as the idempotency
 * key, then recorded done with Razorpay's refund id: asking again (a second click, or after a
 * crash in between) resumes the same request and never refunds twice. Razorpay refusing it
 * marks it failed (a new request may follow); Razorpay unreachable leaves it requested. Both
 * answer 502. The buyer is told once it is done (through the outbox, written in the same
 * transaction).
 */
export async function carryOutRefund(
  deps: OrderDeps,
  orderId: string,
  input: Pick<RefundInput, 'method' | 'reference' | 'staffUserId'> & { reason: string },
  plan: RefundPlan,
): Promise<RefundOutcome> {
  const { reason, staffUserId } = input;
  const started = await inTransaction(deps.database, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order not found.');
    const payments = (await deps.payments.forOrders([order.id], tx)).get(order.id) ?? [];
    const choice = await plan.prepare(tx, order, payments);
    const { target } = choice;
    if ('resume' in choice) return { order, target, refund: choice.resume };
    if ('repeat' in choice) {
      return {
        order,
        target,
        refund: choice.repeat,
        done: { order, messageIds: [] },
        repeat: true,
      };
    }
    if (target.row.provider !== 'razorpay' && input.method === 'razorpay') {
      throw badRequest(
        'A UPI or bank transfer is paid back by our team: record it with method "manual".',
        'MANUAL_REFUND_ONLY',
      );
    }
    const method = target.row.provider === 'razorpay' ? (input.method ?? 'razorpay') : 'manual';
    if (input.reference && method !== 'manual') {
      throw badRequest(
        'A refund reference is given only for a refund our team paid back by hand (method "manual"): a Razorpay refund keeps Razorpay\'s refund id.',
        'REFERENCE_MANUAL_ONLY',
      );
    }
    const refund = await deps.payments.startRefund(tx, {
      orderId: order.id,
      paymentId: target.row.id,
      numberId: choice.numberId,
      method,
      amount: choice.amount,
      reason,
      status: method === 'manual' ? 'done' : 'requested',
      staffUserId,
      completedAt: method === 'manual' ? new Date() : null,
      manualReference: input.reference ?? null,
    });
    if (method === 'manual') {
      return { order, target, refund, done: await plan.apply(tx, order, payments, target, refund) };
    }
    await deps.audit.record(tx, {
      actorId: staffUserId,
      action: 'order.refund_requested',
      entityType: 'order',
      entityId: order.id,
      orderId: order.id,
      after: {
        refund: {
          id: refund.id,
          payment: target.row.reference,
          amount: refund.amount,
          numberId: refund.numberId,
        },
      },
      note: reason,
    });
    return { order, target, refund };
  });

  let done = 'done' in started ? started.done : undefined;
  if (!done) {
    const { refund, target } = started;
    const answer = await deps.payments.refundThroughProvider(target.row, refund, {
      order: started.order.reference,
      reason: refund.reason,
    });
    if (!answer.ok) {
      if (answer.definitive) {
        await inTransaction(deps.database, async (tx) => {
          await deps.payments.finishRefund(tx, refund.id, {
            status: 'failed',
            failure: answer.message,
          });
          await deps.audit.record(tx, {
            actorId: staffUserId,
            action: 'order.refund_failed',
            entityType: 'order',
            entityId: orderId,
            orderId,
            after: { refund: { id: refund.id, failure: answer.message } },
          });
        });
      }
      throw new AppError(
        502,
        'REFUND_FAILED',
        answer.definitive
          ? `Razorpay refused the refund: ${answer.message}`
          : `The refund could not be finished (${answer.message}). It stays requested: try again, it is never made twice.`,
      );
    }
    done = await inTransaction(deps.database, async (tx) => {
      const order = await lockOrder(tx, orderId);
      const payments = (await deps.payments.forOrders([orderId], tx)).get(orderId) ?? [];
      const current = payments.find((payment) => payment.row.id === target.row.id)!;
      // Another request finished it meanwhile.
      if (current.refunds.find((row) => row.id === refund.id)?.status === 'done') return undefined;
      const finished = await deps.payments.finishRefund(tx, refund.id, {
        status: 'done',
        providerRefundId: answer.id,
        completedAt: new Date(),
      });
      return plan.apply(tx, order!, payments, current, finished);
    });
    if (!done) return { order: (await findOrder(deps.database.db, orderId))!, repeatOf: null };
  }

  await deps.outbox.deliverNow(done.messageIds);
  return { order: done.order, repeatOf: 'repeat' in started ? started.refund : null };
}

/**
 * Pays a payment of the order back, with a reason (order-timeline.ts decides whether the order
 * may be refunded at all; carryOutRefund how): in full, or for the payment that paid for the
 * order what is left of it after the numbers refunded alone (refundNumber). A payment refunded
 * already is 409, and so is one while a number's refund of it is still being made.
 */
export async function refundOrder(
  deps: OrderDeps,
  orderId: string,
  input: RefundInput,
): Promise<RefundOutcome> {
  const reason = input.reason?.trim() ?? '';
  return carryOutRefund(
    deps,
    orderId,
    { ...input, reason },
    {
      async prepare(_tx, order, payments) {
        const refunded = order.status === 'refunded' && !order.needsRefund;
        const paidBack = payments.find(
          (payment) => payment.liveRefund?.status === 'done' && paidForOrder(order, payment.row),
        );
        if (refunded && paidBack && reason) {
          return madeAlready(paidBack, paidBack.liveRefund!, { ...input, reason }, 'This order');
        }
        const check = checkStep(order, 'refunded', reason);
        if (!check.ok) throw new AppError(check.status, check.code, check.message);
        const target = choosePayment(payments, input.paymentId);
        if (!target) {
          throw conflict('Every payment of this order has been refunded.', 'INVALID_STEP');
        }
        if (target.liveRefund?.status === 'done') {
          return madeAlready(
            target,
            target.liveRefund,
            { ...input, reason },
            `Payment ${target.row.reference}`,
          );
        }
        if (target.liveRefund) {
          return resumeAsked(
            deps,
            target,
            target.liveRefund,
            input.staffUserId,
            `payment ${target.row.reference}`,
          );
        }
        if (target.lineRefunds.some((refund) => refund.status === 'requested')) {
          throw conflict(
            'A refund of one number of this payment is still being made: finish it (refund that number again) before refunding the rest.',
            'REFUND_IN_PROGRESS',
          );
        }
        const linesBack = target.lineRefunds.reduce((sum, refund) => sum + refund.amount, 0);
        return { target, amount: target.row.amount - linesBack, numberId: null };
      },
      apply: (tx, order, payments, target, refund) =>
        applyRefund(deps, tx, order, payments, target, refund, input.heldBack),
    },
  );
}

/**
 * Adds the UTR / bank reference to a manual refund recorded without one (decision 0054), once:
 * a refund that has one is 409 REFERENCE_SET (naming it), a Razorpay refund 409
 * NOT_MANUAL_REFUND (it keeps Razorpay's refund id). The order row lock makes two agents adding
 * one at the same moment take turns: the second is told the first's. An event on the timeline,
 * an audit entry (order.refund_reference), and the buyer is sent the reference.
 */
export async function addRefundReference(
  deps: OrderDeps,
  orderId: string,
  refundId: string,
  input: { reference: string; staffUserId: string },
): Promise<OrderRow> {
  const { reference } = input;
  const done = await inTransaction(deps.database, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order not found.');
    const payments = (await deps.payments.forOrders([order.id], tx)).get(order.id) ?? [];
    const refund = payments
      .flatMap((payment) => payment.refunds)
      .find((row) => row.id === refundId);
    if (!refund) throw notFound('This refund is not one of this order’s.');
    if (refund.method !== 'manual') {
      throw conflict(
        'A Razorpay refund keeps Razorpay’s refund id as its reference.',
        'NOT_MANUAL_REFUND',
      );
    }
    if (refund.manualReference) {
      throw conflict(
        `This refund already has the reference ${refund.manualReference}.`,
        'REFERENCE_SET',
        { reference: refund.manualReference },
      );
    }
    await deps.payments.finishRefund(tx, refund.id, { manualReference: reference });
    await insertOrderEvent(tx, {
      orderId: order.id,
      status: order.status,
      note: `Refund reference ${reference} added to the refund of ${rupees(refund.amount)}.`,
      staffUserId: input.staffUserId,
    });
    await deps.audit.record(tx, {
      actorId: input.staffUserId,
      action: 'order.refund_reference',
      entityType: 'order',
      entityId: order.id,
      orderId: order.id,
      before: { refund: { id: refund.id, manualReference: null } },
      after: { refund: { id: refund.id, manualReference: reference } },
    });
    const messageIds = await enqueueForBuyer(deps, tx, order, (contact) =>
      refundReferenceMessages(deps.config, contact, order, { amount: refund.amount, reference }),
    );
    return { order, messageIds };
  });
  await deps.outbox.deliverNow(done.messageIds);
  return done.order;
}
