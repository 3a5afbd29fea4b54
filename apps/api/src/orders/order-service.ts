import { formatIndiaDateTime, type OverdueReason } from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/transactions';
import type { RazorpayEvent } from '../payments/payment-service';
import { AppError, badRequest, conflict, notFound } from '../http/app-error';
import { checkout, type CheckoutRequest } from './checkout';
import { sweepExpiredHolds } from './hold-sweep';
import {
  latePaymentFacts,
  markPaid,
  type MarkPaidInput,
  type MarkPaidOutcome,
  type MarkPaidResult,
  type RefundDueCause,
} from './mark-paid';
import { cancelForRemovedNumbers } from './open-orders';
import type { StaffOrderView } from './order-schemas';
import { advanceOrder } from './order-steps';
import { ordersWaiting, salesFigures } from './order-stats';
import {
  countOrdersNeedingAction,
  findOrder,
  findOrderByProviderOrderId,
  findOrderIdByReference,
  findLiveOpenOrder,
  pageOfOrders,
  readOrderItems,
  type OrderFilter,
} from './order-store';
import type { TaxDocumentRow } from '../invoices/invoice-service';
import { invoicePdf, taxDocumentFileName } from './order-invoice';
import { correctBilling, type BillingCorrectionInput } from './billing-correction';
import { refundNumber, type NumberRefundInput } from './line-refunds';
import { attachPaymentScreenshot, paymentScreenshotFile } from './payment-screenshot';
import { rejectSubmittedPayment, submitPayment } from './payment-submission';
import {
  movePorting,
  stepBackPorting,
  type PortingStepInput,
  type PortingUndoInput,
} from './porting';
import { addRefundReference, refundOrder, type RefundInput } from './refunds';
import { taxRegister, taxRegisterCsv, type TaxRegisterPeriod } from './tax-register';
import { retryOrder } from './retry-order';
import type { OrderDeps, OrderRow } from './order-types';
import { orderViews } from './order-view';
import {
  alertOverduePorting,
  overdueCounts,
  overdueNumbers,
  overdueOrderIds,
  overdueView,
} from './overdue-porting';

export { CART_CHANGED_NOTE } from './open-orders';
export { orderPlacedNote } from './order-messages';
export { taxRegisterFileName } from './tax-register';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NOT_FOUND = 'Order not found.';

/** What each outcome of a payment tells the person who sent it. */
const paymentOutcomeMessages: Record<MarkPaidOutcome, string> = {
  paid: 'Payment received. Thank you!',
  already_paid: 'This order has already been paid.',
  duplicate_event: 'This payment has already been recorded.',
  refund_due:
    'This payment came after the order had closed, so it cannot pay for it: the order is cancelled and your payment will be refunded in full. Our e-mail says why.',
  extra_payment:
    'This order had already been paid: this further payment will be refunded in full. Your order goes on as before.',
};

/** What each outcome of a payment staff confirm in the console tells them (not the buyer's words). */
const staffPaymentOutcomeMessages: Record<MarkPaidOutcome, string> = {
  paid: 'Payment confirmed: the order is paid and the buyer is sent the invoice.',
  already_paid: 'This order has already been paid.',
  duplicate_event: 'This payment has already been recorded.',
  refund_due:
    'The payment cannot pay for this order: the order is cancelled and marked for a full refund.',
  extra_payment:
    'This order had already been paid: this further payment is marked for a full refund. The order goes on as before.',
};

/**
 * What a payment's outcome tells the buyer who paid, or the staff member who confirmed it. A
 * payment for an order staff had cancelled (another agent, a moment before) says so, and staff
 * are told who cancelled it and when; a late one tells staff why the order was not open and
 * where each number went (decision 0068).
 */
function paymentMessage(
  {
    outcome,
    refundCause,
    order,
  }: { outcome: MarkPaidOutcome; refundCause?: RefundDueCause; order: OrderRow },
  audience: 'buyer' | 'staff',
): string {
  if (audience === 'staff' && refundCause?.kind === 'late') {
    const { facts, ask } = latePaymentFacts(refundCause, order);
    return `The payment arrived ${facts}: the order is cancelled and marked for a full refund.${ask}`;
  }
  if (outcome === 'refund_due' && refundCause?.kind === 'cancelled') {
    return audience === 'staff'
      ? `${refundCause.by} cancelled this order at ${formatIndiaDateTime(refundCause.at)}: it stays cancelled, and the payment is recorded and marked for a full refund.`
      : 'This order had been cancelled by our team: your payment will be refunded in full.';
  }
  return (audience === 'staff' ? staffPaymentOutcomeMessages : paymentOutcomeMessages)[outcome];
}

/**
 * What an agent is told of their own action repeated (the same refund, the same payment
 * confirmed again: nothing is made twice, decision 0084): that they did it already, and when
 * (decision 0086).
 */
const doneByYou = (order: { reference: string }, what: string, at: Date) =>
  `Order ${order.reference}: ${what} by you at ${formatIndiaDateTime(at)}.`;

/** Events that mean "this Razorpay order has been paid". */
const paymentEvents = new Set(['payment.captured', 'order.paid']);

type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Orders: checkout, payment, the porting timeline, lapsed holds, and the views of orders that
 * buyers and the support console read.
 */
export function createOrderService(deps: OrderDeps) {
  const { database, users } = deps;
  const db = database.db;

  /** The order with this id, or a 404 (also for an id that is not a uuid). */
  async function find(id: string): Promise<OrderRow> {
    if (!UUID.test(id)) throw notFound(ORDER_NOT_FOUND);
    const order = await findOrder(db, id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /**
   * What the buyer who has just paid in Razorpay Checkout is told. Razorpay's webhook for this
   * very payment may have come first (decision 0076): the buyer is then told what that webhook
   * made of it, not that the order "has already been paid": received when it pays the order,
   * due back as a further payment when another payment paid it, and due back because the order
   * had closed when it is the order's own payment but pays nothing (QA pass 19, F1).
   */
  async function checkoutMessage(result: MarkPaidResult, paymentId: string): Promise<string> {
    if (result.outcome !== 'already_paid') return paymentMessage(result, 'buyer');
    const recorded = await deps.payments.findByReference(db, 'razorpay', paymentId);
    if (!recorded) return paymentMessage(result, 'buyer');
    if (recorded.payment.applied) return paymentOutcomeMessages.paid;
    return paymentOutcomeMessages[
      result.order.paymentReference === paymentId ? 'refund_due' : 'extra_payment'
    ];
  }

  /** The buyer's own order; someone else's is "not found", never "forbidden". */
  async function findOwn(userId: string, id: string): Promise<OrderRow> {
    const order = await find(id);
    if (order.userId !== userId) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /**
   * The order's tax invoice (its current one, or with `file` one a billing correction replaced),
   * or (kind CN) its credit note named by `file` (its file name, `CN-26-27-000001.pdf`), else
   * its latest, against its own invoice, as a PDF; 404 if none.
   */
  async function taxDocumentOf(order: OrderRow, kind: 'INV' | 'CN', file?: string) {
    const documents = await deps.invoices.documentsOf(order.id);
    const named = (document: TaxDocumentRow) =>
      file === undefined || taxDocumentFileName(document) === file;
    const current = documents.find((document) => document.kind === 'INV' && !document.replacedAt);
    if (!current) {
      throw notFound('This order has no tax invoice yet: it is issued when the order is paid.');
    }
    const creditNote = documents.findLast((document) => document.kind === 'CN' && named(document));
    if (kind === 'CN' && !creditNote) throw notFound('This order has no credit note.');
    const invoice =
      kind === 'CN'
        ? (documents.find((document) => document.id === creditNote!.invoiceId) ?? current)
        : file === undefined
          ? current
          : documents.find((document) => document.kind === 'INV' && named(document));
    if (!invoice) throw notFound('This order has no such tax invoice.');
    const items = await readOrderItems(db, [order.id]);
    return invoicePdf(
      deps.config,
      order,
      items,
      invoice,
      kind === 'CN' ? creditNote : undefined,
      documents,
    );
  }

  const view = async (order: OrderRow, options: { createPayment?: boolean } = {}) =>
    (await orderViews(deps, [order], options))[0]!;

  /** Orders as the support console sees them: the buyer's view plus buyer, attribution, payments. */
  async function staffViews(rows: readonly OrderRow[]): Promise<StaffOrderView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const now = new Date();
    const [views, buyers, payments, relistable, overdue] = await Promise.all([
      orderViews(deps, rows),
      users.contacts([...new Set(rows.map((row) => row.userId))]),
      deps.payments.forOrders(ids),
      deps.catalog.relistableByOrder(ids),
      overdueNumbers(db, now, ids),
    ]);
    return rows.map((row, index) => {
      const buyer = buyers.find((b) => b.id === row.userId) ?? {
        id: row.userId,
        name: '',
        email: '',
        mobile: '',
        getWhatsappUpdate: false,
      };
      return {
        ...views[index]!,
        buyer,
        attribution: (row.attribution as Record<string, unknown> | null) ?? null,
        providerOrderId: row.providerOrderId,
        payments: (payments.get(row.id) ?? []).map(deps.payments.view),
        relistableNumberIds: relistable.get(row.id) ?? [],
        overdue: overdueView(
          overdue.filter((item) => item.orderId === row.id),
          now,
        ),
      };
    });
  }
  const staffView = async (order: OrderRow) => (await staffViews([order]))[0]!;

  const paid = (orderId: string, input: MarkPaidInput) => markPaid(deps, orderId, input);

  return {
    /**
     * Turns the buyer's cart (or, Buy now, one number) into an order holding its numbers
     * (checkout.ts), or answers the open order for the same numbers; the answer carries the
     * order as the buyer sees it.
     */
    async checkout(userId: string, request: CheckoutRequest) {
      const result = await checkout(deps, userId, request);
      const order = await view(result.order, { createPayment: !result.created });
      return { order, created: result.created, validationResults: result.validationResults };
    },

    /** Orders a lapsed order's numbers again (retry-order.ts): the new order, as its buyer sees it. */
    async retry(userId: string, id: string, clientIp: string) {
      const result = await retryOrder(deps, await findOwn(userId, id), clientIp);
      return {
        order: await view(result.order, { createPayment: !result.created }),
        created: result.created,
      };
    },

    /** For the cart (see OpenOrders in cart/cart-service.ts). */
    cancelForRemovedNumbers: (
      tx: Tx,
      userId: string,
      removed: readonly number[],
      cancelOrder?: string,
    ) => cancelForRemovedNumbers(deps, tx, userId, removed, cancelOrder),

    /** The buyer's live order awaiting payment, for the cart to link to (cart-service.ts). */
    async liveOpenOrder(userId: string) {
      const found = await findLiveOpenOrder(db, userId);
      return (
        found && {
          id: found.order.id,
          reference: found.order.reference,
          holdExpiresAt: found.order.holdExpiresAt.toISOString(),
          productIds: found.numberIds,
        }
      );
    },

    /** One page of the buyer's orders, newest first. */
    async listForBuyer(userId: string, page: number, pageSize: number) {
      const { rows, total } = await pageOfOrders(db, { userId }, page, pageSize);
      return { views: await orderViews(deps, rows), total };
    },

    /**
     * One of the buyer's orders; a Razorpay order whose provider-side payment could not be
     * created at checkout gets it now.
     */
    async getForBuyer(userId: string, id: string) {
      return view(await findOwn(userId, id), { createPayment: true });
    },

    /**
     * Razorpay checkout's callback: the signature must be Razorpay's over this order's Razorpay
     * order and the payment; then the order is marked paid (idempotent: the webhook may have
     * done it already, and the buyer is told the payment was received all the same).
     */
    async confirmRazorpayCallback(
      userId: string,
      id: string,
      callback: {
        razorpay_order_id: string;
        razorpay_payment_id: string;
        razorpay_signature: string;
      },
      log: WarnLog,
    ) {
      const order = await findOwn(userId, id);
      const payment = {
        orderId: callback.razorpay_order_id,
        paymentId: callback.razorpay_payment_id,
        signature: callback.razorpay_signature,
      };
      const genuine = deps.payments.verifyRazorpayCheckout(payment);
      if (order.paymentProvider !== 'razorpay' || genuine === undefined) {
        throw conflict('This order is not paid through Razorpay.', 'WRONG_PAYMENT_PROVIDER');
      }
      if (!order.providerOrderId || payment.orderId !== order.providerOrderId) {
        throw badRequest('This payment does not belong to this order.', 'PAYMENT_ORDER_MISMATCH');
      }
      if (!genuine) {
        log.warn({ orderId: order.id }, 'forged Razorpay checkout signature');
        throw new AppError(
          400,
          'INVALID_SIGNATURE',
          'We could not confirm this payment with Razorpay. If money has left your account, contact us with your order reference; otherwise, please try again.',
        );
      }
      const result = await paid(order.id, { provider: 'razorpay', reference: payment.paymentId });
      return {
        message: await checkoutMessage(result, payment.paymentId),
        order: await view(result.order),
      };
    },

    /**
     * A signed Razorpay webhook event. A payment event for one of our orders goes through
     * mark-paid with the event id recorded in its transaction, so a repeated delivery changes
     * nothing; any other event is only recorded. `handled`: the event was applied to an order
     * (marked it paid or found it paid, or flagged it for refund).
     */
    async applyRazorpayEvent(event: RazorpayEvent, eventId: string, log: WarnLog) {
      const payment = event.payload?.payment?.entity;
      const providerOrderId = payment?.order_id ?? event.payload?.order?.entity?.id;
      const record = async () => ({
        duplicate: !(await deps.payments.recordOnce(eventId, 'razorpay')),
        handled: false,
      });
      if (!event.event || !paymentEvents.has(event.event) || !payment?.id || !providerOrderId) {
        return record();
      }
      const order = await findOrderByProviderOrderId(db, providerOrderId);
      if (!order) {
        log.warn({ providerOrderId }, 'Razorpay webhook for an unknown order');
        return record();
      }
      // A wrong amount or a further payment for a paid order is kept track of, never just
      // logged: mark-paid flags the order for refund, in the transaction that records the event.
      const result = await paid(order.id, {
        provider: 'razorpay',
        reference: payment.id,
        webhookEventId: eventId,
        amount: typeof payment.amount === 'number' ? payment.amount : undefined,
      });
      const duplicate = result.outcome === 'duplicate_event';
      return { duplicate, handled: !duplicate };
    },

    /**
     * How many orders wait for staff: a submitted payment to check, paid with a number awaiting
     * its UPC, or money due back
     * (the console's navigation count).
     */
    countNeedingAction: () => countOrdersNeedingAction(db),

    /**
     * One page of orders for the support console, newest first, filtered and searched;
     * `overdue`: only those with a number past a porting promise (overdue-porting.ts).
     */
    async listForStaff(
      {
        overdue,
        ...filter
      }: Omit<OrderFilter, 'userId' | 'orderIds'> & { overdue?: OverdueReason | 'any' },
      page: number,
      pageSize: number,
    ) {
      const orderIds = overdue ? await overdueOrderIds(db, overdue, new Date()) : undefined;
      const { rows, total } = await pageOfOrders(db, { ...filter, orderIds }, page, pageSize);
      return { views: await staffViews(rows), total };
    },

    /** One order for the support console. */
    getForStaff: async (id: string) => staffView(await find(id)),

    /** "I have paid" with a UTR (payment-submission.ts); the order as the buyer sees it. */
    submitPayment: async (userId: string, id: string, utr: string) =>
      view(await submitPayment(deps, userId, (await findOwn(userId, id)).id, utr)),

    /** The screenshot of the buyer's submitted payment (payment-screenshot.ts). */
    async attachPaymentScreenshot(userId: string, id: string, data: Buffer) {
      const order = await findOwn(userId, id);
      await attachPaymentScreenshot(deps, order.id, data);
      return view(await find(order.id));
    },

    /** An order's payment screenshot, for staff; 404 when there is none. */
    paymentScreenshot: async (id: string) => paymentScreenshotFile(deps, await find(id)),

    /** Staff could not verify the submitted UTR: cleared, the buyer told. */
    rejectSubmittedPayment: async (id: string, staffUserId: string, reason: string) =>
      staffView(await rejectSubmittedPayment(deps, (await find(id)).id, staffUserId, reason)),

    /**
     * The buyer's own paid order's tax invoice, or a credit note (`file`: which, else the
     * latest), as a PDF; 404 before it is paid.
     */
    taxDocumentForBuyer: async (userId: string, id: string, kind: 'INV' | 'CN', file?: string) =>
      taxDocumentOf(await findOwn(userId, id), kind, file),

    /** Any order's tax invoice or credit note as a PDF, for staff; 404 before it is paid. */
    taxDocumentForStaff: async (id: string, kind: 'INV' | 'CN', file?: string) =>
      taxDocumentOf(await find(id), kind, file),

    /**
     * The paid order's tax invoice, or the credit note of its refund, as an e-mail attachment
     * (the outbox makes it as it sends).
     */
    async invoiceAttachment(id: string, kind: 'INV' | 'CN', serial?: string) {
      const file = serial === undefined ? undefined : taxDocumentFileName({ serial });
      const { fileName, pdf } = await taxDocumentOf(await find(id), kind, file);
      return { filename: fileName, contentType: 'application/pdf', content: pdf };
    },

    /**
     * Support confirms a UPI or bank transfer with its reference (idempotent); `extra`: a further
     * payment for an order already paid, kept as due back (decision 0068).
     */
    async confirmManualPayment(
      id: string,
      payment: { reference: string; extra?: boolean },
      staffUserId: string,
    ) {
      const order = await find(id);
      const result = await paid(order.id, { provider: 'manual', ...payment, staffUserId });
      // Only the agent who confirmed this reference is answered already_paid (mark-paid.ts).
      const confirmed =
        result.outcome === 'already_paid'
          ? await deps.payments.findByReference(db, 'manual', payment.reference)
          : undefined;
      return {
        message: confirmed
          ? doneByYou(
              order,
              `payment ${confirmed.payment.reference} was already confirmed`,
              confirmed.payment.createdAt,
            )
          : paymentMessage(result, 'staff'),
        order: await staffView(result.order),
      };
    },

    /** A staff step of the whole order: porting, cancel, refund recorded (order-steps.ts). */
    async advance(id: string, step: Parameters<typeof advanceOrder>[2]): Promise<StaffOrderView> {
      const order = await find(id);
      return staffView(await advanceOrder(deps, order.id, step));
    },

    /** One number's porting step (porting.ts). */
    async movePorting(id: string, numberId: number, step: PortingStepInput) {
      const order = await find(id);
      return staffView(await movePorting(deps, order.id, numberId, step));
    },

    /** One number's last porting step taken back, with a reason (porting.ts). */
    async stepBackPorting(id: string, numberId: number, input: PortingUndoInput) {
      const order = await find(id);
      return staffView(await stepBackPorting(deps, order.id, numberId, input));
    },

    /**
     * Pays a payment of the order back, through Razorpay or as recorded by staff (refunds.ts):
     * the order and what the agent is told.
     */
    async refund(id: string, input: RefundInput) {
      const { order, repeatOf } = await refundOrder(deps, (await find(id)).id, input);
      return {
        order: await staffView(order),
        message: repeatOf
          ? doneByYou(order, 'this refund was already made', repeatOf.createdAt)
          : `Order ${order.reference}: refund made.`,
      };
    },

    /** Adds the UTR / bank reference to a manual refund recorded without one, once (refunds.ts). */
    async addRefundReference(
      id: string,
      refundId: string,
      input: { reference: string; staffUserId: string },
    ) {
      const order = await find(id);
      return staffView(await addRefundReference(deps, order.id, refundId, input));
    },

    /**
     * Refunds one number of a paid order, its share of the payment (line-refunds.ts): the order
     * and what the agent is told.
     */
    async refundNumber(id: string, numberId: number, input: NumberRefundInput) {
      const { order, repeatOf } = await refundNumber(deps, (await find(id)).id, numberId, input);
      const view = await staffView(order);
      const number = view.items.find((item) => item.numberId === numberId)!.display;
      return {
        order: view,
        message: repeatOf
          ? doneByYou(order, `${number} was already refunded`, repeatOf.createdAt)
          : `Order ${order.reference}: ${number} refunded.`,
      };
    },

    /** Support corrects the billing details; a paid order's invoice reissued (billing-correction.ts). */
    async correctBilling(id: string, input: BillingCorrectionInput) {
      const order = await find(id);
      return staffView(await correctBilling(deps, order.id, input));
    },

    /** Cancels the orders whose hold lapsed unpaid and tidies lapsed holds (hold-sweep.ts). */
    sweepExpiredHolds: () => sweepExpiredHolds(deps),

    /** Tells the team (and a buyer whose UPC expired) of porting promises broken (overdue-porting.ts). */
    alertOverduePorting: () => alertOverduePorting(deps),

    /** The dashboard's figures: sales as at `now` and orders waiting now (order-stats.ts). */
    async dashboardFigures(now: Date) {
      const [sales, waiting, overdue] = await Promise.all([
        salesFigures(db, now),
        ordersWaiting(db),
        overdueCounts(db, now),
      ]);
      return { sales, waiting, overdue };
    },

    /** The period's tax invoices and credit notes as printed, with totals; audited (tax-register.ts). */
    taxRegister: (period: TaxRegisterPeriod, actorId: string) =>
      taxRegister(deps, period, { actorId, format: 'json' }),

    /** The same register as a CSV file (rupees with two decimals); audited as a CSV read. */
    async taxRegisterCsv(period: TaxRegisterPeriod, actorId: string) {
      return taxRegisterCsv(await taxRegister(deps, period, { actorId, format: 'csv' }));
    },

    /** The id of the order with this reference as the buyer sees it (any case), if any. */
    idByReference: (reference: string) =>
      findOrderIdByReference(db, reference.trim().toUpperCase()),
  };
}
