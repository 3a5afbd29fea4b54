import type { RefundBody } from '../staff-order-types';
import { postOrderChange, useOrderChange } from './order-change';

/** POST /admin/orders/{id}/refunds: a payment paid back in full, with a reason. */
const refundPayment = (orderId: string, body: RefundBody) =>
  postOrderChange(orderId, '/refunds', body);

export function useRefundPayment(orderId: string) {
  return useOrderChange(orderId, (body: RefundBody) => refundPayment(orderId, body));
}
