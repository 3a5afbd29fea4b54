import type { NumberRefundBody } from '../staff-order-types';
import { postOrderChange, useOrderChange } from './order-change';

/** POST /admin/orders/{id}/numbers/{numberId}/refund: one number's share paid back, with a reason. */
const refundNumber = (orderId: string, numberId: number, body: NumberRefundBody) =>
  postOrderChange(orderId, `/numbers/${numberId}/refund`, body);

export function useRefundNumber(orderId: string, numberId: number) {
  return useOrderChange(orderId, (body: NumberRefundBody) => refundNumber(orderId, numberId, body));
}
