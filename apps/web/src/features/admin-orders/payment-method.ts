import type { StaffOrder } from './staff-order-types';

/**
 * Bank transfer alone: the order is over the UPI limit, so its payment instructions carry no UPI
 * ID. The API gives the instructions only while the order can be paid; otherwise UPI is assumed
 * possible.
 */
const bankTransferOnly = (order: StaffOrder) => order.payment.instructions?.upiId === null;

/** How an order is paid outside Razorpay, in a sentence: "by bank transfer". */
export const manualPaymentWords = (order: StaffOrder) =>
  bankTransferOnly(order) ? 'bank transfer' : 'UPI or bank transfer';

/** The order's (or one payment's) provider as a label: Razorpay, Bank transfer, UPI / bank transfer. */
export function paymentMethodLabel(order: StaffOrder, provider = order.payment.provider): string {
  if (provider === 'razorpay') return 'Razorpay';
  return bankTransferOnly(order) ? 'Bank transfer' : 'UPI / bank transfer';
}
