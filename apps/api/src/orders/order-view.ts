import {
  findCategory,
  HOLD_LAPSED_LABEL,
  orderStatusLabel,
  portingStatusLabels,
  toRupees,
  type PaymentStatus,
} from '@store/domain';
import { displayNumber } from '../catalog/catalog-service';
import type { TaxDocumentRow } from '../invoices/invoice-service';
import {
  refundReference,
  type OrderPayment,
  type PaymentDetails,
  type RefundRow,
} from '../payments/payment-service';
import { taxDocumentFileName } from './order-invoice';
import { heldAgainFrom } from './hold-limits';
import { isCorporate, portingSteps } from './order-messages';
import { timelineLabel } from './order-timeline';
import { paidForOrder } from './refunds';
import type { OrderView } from './order-schemas';
import {
  claimProviderOrderId,
  ordersWithScreenshot,
  readOrderItems,
  readPortingSteps,
  readReplacements,
  readTimelines,
  type PortingStepRow,
  type TimelineRow,
} from './order-store';
import type { Billing, OrderDeps, OrderItemRow, OrderRow } from './order-types';

type ViewDeps = Pick<OrderDeps, 'database' | 'payments' | 'log' | 'config' | 'invoices'>;

function paymentStatus(order: OrderRow, now: Date = new Date()): PaymentStatus {
  switch (order.status) {
    case 'pending_payment':
      return order.holdExpiresAt.getTime() > now.getTime() ? 'pending' : 'expired';
    case 'refunded':
      return 'refunded';
    case 'cancelled':
      if (order.needsRefund) return 'refund_due';
      return order.paidAt ? 'refunded' : 'cancelled';
    default:
      // A live order stays paid even when a further payment for it is due back (needsRefund,
      // which staff see, with the event naming that payment): the order itself goes on.
      return 'paid';
  }
}

/**
 * The order's hold lapsed unpaid (awaiting payment past its hold, or cancelled by the sweep for
 * it): its buyer may order the same numbers again (POST /orders/{id}/retry).
 */
export function lapsedUnpaid(
  order: OrderRow,
  timeline: readonly Pick<TimelineRow, 'status' | 'cause'>[],
  now: Date = new Date(),
): boolean {
  if (paymentStatus(order, now) === 'expired') return true;
  if (order.status !== 'cancelled' || order.paidAt || order.needsRefund) return false;
  return timeline.findLast((event) => event.status === 'cancelled')?.cause === 'lapsed';
}

/** The buyer said they have paid (a UTR staff have not yet confirmed or rejected). */
const submitted = (order: OrderRow) =>
  order.status === 'pending_payment' && order.submittedUtr !== null;

/**
 * The order's state in words. An order whose hold lapsed unpaid (`lapsed`: lapsedUnpaid) says
 * so from the moment its hold ends, whether the sweep has cancelled it yet or not, so that its
 * page and the orders list agree (QA pass 28, F9); its `status` stays what is stored.
 */
function statusLabel(order: OrderRow, lapsed: boolean): string {
  return lapsed && !submitted(order)
    ? HOLD_LAPSED_LABEL
    : orderStatusLabel(order.status, submitted(order));
}

/** Percent from basis points (1800 -> 18, 10 -> 0.1). */
const percent = (basisPoints: number) => basisPoints / 100;

function orderAmounts(order: OrderRow) {
  const taxPercent = percent(order.taxBasisPoints);
  const interState = order.igstAmount > 0;
  const halves = interState ? 0 : taxPercent / 2;
  return {
    subtotal: toRupees(order.subtotal),
    tdsPercent: percent(order.tdsBasisPoints),
    tdsDeducted: toRupees(order.tdsDeducted),
    taxable: toRupees(order.taxable),
    taxPercent,
    cgstPercent: halves,
    cgstAmount: toRupees(order.cgstAmount),
    sgstPercent: halves,
    sgstAmount: toRupees(order.sgstAmount),
    igstPercent: interState ? taxPercent : 0,
    igstAmount: toRupees(order.igstAmount),
    placeOfSupply: order.placeOfSupply,
    totalAmount: toRupees(order.totalAmount),
  };
}

/** The reference of a refund by its id (refundReference), null when there is none. */
const refundReferenceOf = (refunds: ReadonlyMap<string, RefundRow>, id: string | null) => {
  const refund = id ? refunds.get(id) : undefined;
  return refund ? refundReference(refund) : null;
};

/** A refund as the buyer sees it: how much and when, its reference, its credit note's file. */
function refundView(refund: RefundRow, documents: readonly TaxDocumentRow[]) {
  const creditNote = documents.find((document) => document.refundId === refund.id);
  return {
    amount: toRupees(refund.amount),
    at: (refund.completedAt ?? refund.createdAt).toISOString(),
    method: refund.method,
    reference: refundReference(refund),
    creditNote: creditNote ? taxDocumentFileName(creditNote) : null,
  };
}

/** A number refunded alone (decision 0039): its refund. */
function itemRefund(
  item: OrderItemRow,
  refunds: ReadonlyMap<string, RefundRow>,
  documents: readonly TaxDocumentRow[],
) {
  const refund = item.refundId ? refunds.get(item.refundId) : undefined;
  return refund ? refundView(refund, documents) : null;
}

/**
 * The transfers that paid the order's money back (decision 0080), oldest first: refunds of the
 * payment that paid for it, a number's own included, not a further payment's nor a failed one.
 */
function orderRefunds(
  order: OrderRow,
  payments: readonly OrderPayment[],
  documents: readonly TaxDocumentRow[],
) {
  return payments
    .filter((payment) => paidForOrder(order, payment.row))
    .flatMap((payment) => payment.refunds)
    .filter((refund) => refund.status !== 'failed')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((refund) => ({ ...refundView(refund, documents), numberId: refund.numberId }));
}

function toOrderItem(
  item: OrderItemRow,
  steps: readonly PortingStepRow[],
  refunds: ReadonlyMap<string, RefundRow>,
  documents: readonly TaxDocumentRow[],
) {
  return {
    numberId: item.numberId,
    number: item.number,
    display: displayNumber(item.number),
    category: { slug: item.category, name: findCategory(item.category)?.name ?? item.category },
    price: toRupees(item.price),
    basePrice: toRupees(item.basePrice),
    porting: {
      status: item.portingStatus,
      label: portingStatusLabels[item.portingStatus],
      upcCode: item.upcCode,
      upcExpiresOn: item.upcExpiresOn,
      steps: steps
        .filter((step) => step.numberId === item.numberId)
        .map((step) => ({
          status: step.status,
          label: portingStatusLabels[step.status],
          upcCode: step.upcCode,
          upcExpiresOn: step.upcExpiresOn,
          note: step.note,
          at: step.createdAt.toISOString(),
          by: step.staffName,
        })),
    },
    refund: itemRefund(item, refunds, documents),
  };
}

function toOrderView(
  order: OrderRow,
  items: readonly OrderItemRow[],
  timeline: readonly TimelineRow[],
  replaces: readonly string[],
  replacedBy: { id: string; reference: string } | undefined,
  steps: readonly PortingStepRow[],
  details: PaymentDetails,
  hasScreenshot: boolean,
  documents: readonly TaxDocumentRow[],
  payments: readonly OrderPayment[],
  refunds: ReadonlyMap<string, RefundRow>,
  config: Pick<OrderDeps['config'], 'HOLD_COOLDOWN_MINUTES'>,
  now: Date = new Date(),
): OrderView {
  const status = paymentStatus(order, now);
  const canRetry = lapsedUnpaid(order, timeline, now);
  const payable = status === 'pending';
  const currentInvoice = documents.find(
    (document) => document.kind === 'INV' && !document.replacedAt,
  );
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    statusLabel: statusLabel(order, canRetry),
    items: items.map((item) => toOrderItem(item, steps, refunds, documents)),
    amounts: orderAmounts(order),
    billing: order.billing as Billing,
    holdExpiresAt: order.holdExpiresAt.toISOString(),
    payment: {
      provider: order.paymentProvider,
      status,
      paymentReference: order.paymentReference,
      ...(payable && details.instructions ? { instructions: details.instructions } : {}),
      ...(payable && details.upiLink ? { upiLink: details.upiLink } : {}),
      ...(submitted(order)
        ? {
            submitted: {
              utr: order.submittedUtr!,
              at: order.paymentSubmittedAt!.toISOString(),
              screenshot: hasScreenshot,
            },
          }
        : {}),
      ...(payable && details.razorpay !== undefined ? { razorpay: details.razorpay } : {}),
    },
    timeline: timeline.map((event) => ({
      status: event.status,
      label: timelineLabel(event),
      note: event.note,
      at: event.createdAt.toISOString(),
      actor: event.staffUserId ? 'staff' : event.byBuyer ? 'buyer' : 'store',
      by: event.staffName,
    })),
    needsRefund: order.needsRefund,
    refunds: orderRefunds(order, payments, documents),
    replaces: [...replaces],
    replacedBy: replacedBy ?? null,
    canRetry,
    retryFrom: canRetry ? heldAgainFrom(order, config).toISOString() : null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    nextSteps: portingSteps(order.paymentProvider, details, isCorporate(order)),
    taxDocuments: {
      invoice: currentInvoice !== undefined,
      invoiceFile: currentInvoice ? taxDocumentFileName(currentInvoice) : null,
      invoiceSerial: currentInvoice?.serial ?? null,
      replacedInvoices: documents
        .filter((document) => document.kind === 'INV' && document.replacedAt)
        .map((document) => ({
          serial: document.serial,
          file: taxDocumentFileName(document),
          issuedAt: document.issuedAt.toISOString(),
          replacedAt: document.replacedAt!.toISOString(),
        })),
      creditNote: documents.some((document) => document.kind === 'CN'),
      creditNotes: documents
        .filter((document) => document.kind === 'CN')
        .map((document) => ({
          serial: document.serial,
          file: taxDocumentFileName(document),
          amount: toRupees(document.amount),
          issuedAt: document.issuedAt.toISOString(),
          refundReference: refundReferenceOf(refunds, document.refundId),
          numberId:
            items.find((item) => item.refundId !== null && item.refundId === document.refundId)
              ?.numberId ?? null,
          billingCorrection: document.refundId === null,
        })),
    },
  };
}

/** Payment details for a payable order; never throws (a provider failure is logged). */
export async function paymentDetails(
  deps: ViewDeps,
  order: OrderRow,
  now: Date,
  create: boolean,
): Promise<PaymentDetails> {
  if (paymentStatus(order, now) !== 'pending') return {};
  const provider = deps.payments.provider(order.paymentProvider);
  if (!create) return provider.describePayment(order);
  try {
    return await provider.createPayment(order, (providerOrderId) =>
      claimProviderOrderId(deps.database.db, order.id, providerOrderId),
    );
  } catch (error) {
    deps.log.error(
      { err: error, orderId: order.id },
      'payment provider failed; the order stays pending and the next read retries',
    );
    return provider.describePayment(order);
  }
}

/**
 * The API view of orders, items, timelines, porting steps, screenshots, tax documents and the
 * orders each replaced or was replaced by, read in seven queries (two more, for their refunds, when a number of them
 * was refunded alone). With `createPayment`, a payable order's provider-side payment is created
 * when it is still missing (the retry path of a Razorpay order that could not be created at
 * checkout); otherwise nothing is fetched.
 */
export async function orderViews(
  deps: ViewDeps,
  rows: readonly OrderRow[],
  options: { createPayment?: boolean } = {},
): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, events, steps, screenshots, documents, replaced] = await Promise.all([
    readOrderItems(deps.database.db, ids),
    readTimelines(deps.database.db, ids),
    readPortingSteps(deps.database.db, ids),
    // Only a submitted payment may have a screenshot: most views ask nothing.
    ordersWithScreenshot(
      deps.database.db,
      rows.filter(submitted).map((row) => row.id),
    ),
    deps.invoices.documentsOfOrders(ids),
    readReplacements(
      deps.database.db,
      ids,
      rows.flatMap((row) => (row.replacedBy ? [row.replacedBy] : [])),
    ),
  ]);
  // The refunds (and their payments), read only for orders that have one: a number refunded
  // alone, a credit note, or the order refunded (a late payment's refund has no credit note).
  const refunded = [
    ...new Set([
      ...items.filter((item) => item.refundId).map((item) => item.orderId),
      ...documents.filter((document) => document.refundId).map((document) => document.orderId),
      ...rows.filter((row) => row.status === 'refunded').map((row) => row.id),
    ]),
  ];
  const paymentsByOrder = await deps.payments.forOrders(refunded);
  const refunds = new Map<string, RefundRow>();
  for (const payments of paymentsByOrder.values()) {
    for (const payment of payments)
      for (const refund of payment.refunds) refunds.set(refund.id, refund);
  }
  const now = new Date();
  const views: OrderView[] = [];
  for (const order of rows) {
    const details = await paymentDetails(deps, order, now, options.createPayment ?? false);
    views.push(
      toOrderView(
        order,
        items.filter((item) => item.orderId === order.id),
        events.filter((event) => event.orderId === order.id),
        replaced.filter((row) => row.replacedBy === order.id).map((row) => row.reference),
        replaced.find((row) => row.id === order.replacedBy),
        steps.filter((step) => step.orderId === order.id),
        details,
        screenshots.has(order.id),
        documents.filter((document) => document.orderId === order.id),
        paymentsByOrder.get(order.id) ?? [],
        refunds,
        deps.config,
        now,
      ),
    );
  }
  return views;
}
