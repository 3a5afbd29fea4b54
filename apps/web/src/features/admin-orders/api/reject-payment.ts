import { postOrderChange, useOrderChange } from './order-change';

/** POST /admin/orders/{id}/payment-submission/reject: the buyer's UTR could not be verified. */
const rejectPayment = (orderId: string, reason: string) =>
  postOrderChange(orderId, '/payment-submission/reject', { reason });

export function useRejectPayment(orderId: string) {
  return useOrderChange(orderId, (reason: string) => rejectPayment(orderId, reason));
}
