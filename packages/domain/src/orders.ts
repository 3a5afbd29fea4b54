/** The porting timeline of an order (domain.md §4), in the order staff move it forward. */
export const orderStatuses = [
  'pending_payment',
  'paid',
  'upc_sent',
  'porting_in_progress',
  'ported',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  upc_sent: 'UPC sent',
  porting_in_progress: 'Porting in progress',
  ported: 'Ported',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/**
 * The words for an order whose hold lapsed unpaid, before the hold sweep cancels it and after:
 * one word for it on the order page and in the orders list (QA pass 28, F9).
 */
export const HOLD_LAPSED_LABEL = 'Hold lapsed';

/**
 * The words an order's status is shown in: an order awaiting payment whose buyer submitted a
 * payment (a UTR) for the team to check is "Payment submitted", everywhere the console and the
 * buyer see it.
 */
export function orderStatusLabel(status: OrderStatus, paymentSubmitted: boolean): string {
  return status === 'pending_payment' && paymentSubmitted
    ? 'Payment submitted'
    : orderStatusLabels[status];
}

/**
 * Where the money stands: pending (hold live), expired (hold lapsed, unpaid), paid, cancelled
 * (unpaid), refund_due (money received but the order cannot be fulfilled), refunded.
 */
export const paymentStatuses = [
  'pending',
  'expired',
  'paid',
  'cancelled',
  'refund_due',
  'refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
