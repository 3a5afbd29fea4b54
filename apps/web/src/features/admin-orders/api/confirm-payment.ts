import { postOrderChange, useOrderChange } from './order-change';

/**
 * A UPI or bank transfer received, with its UTR / reference; `extra`: a further payment for an
 * order already paid, recorded as due back (decision 0068).
 */
interface ManualPayment {
  reference: string;
  extra?: true;
}

/** POST /admin/orders/{id}/payments. */
const confirmPayment = (orderId: string, payment: ManualPayment) =>
  postOrderChange(orderId, '/payments', payment);

export function useConfirmPayment(orderId: string) {
  return useOrderChange(orderId, (payment: ManualPayment) => confirmPayment(orderId, payment));
}
