import { postOrderChange, useOrderChange } from './order-change';

/** POST /admin/orders/{id}/payments: a UPI or bank transfer received, with its UTR / reference. */
const confirmPayment = (orderId: string, reference: string) =>
  postOrderChange(orderId, '/payments', { reference });

export function useConfirmPayment(orderId: string) {
  return useOrderChange(orderId, (reference: string) => confirmPayment(orderId, reference));
}
