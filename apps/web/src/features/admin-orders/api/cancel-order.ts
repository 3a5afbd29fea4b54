import { postOrderChange, useOrderChange } from './order-change';

/** POST /admin/orders/{id}/events with cancelled: the order is cancelled, with a reason. */
const cancelOrder = (orderId: string, reason: string) =>
  postOrderChange(orderId, '/events', { status: 'cancelled', note: reason });

export function useCancelOrder(orderId: string) {
  return useOrderChange(orderId, (reason: string) => cancelOrder(orderId, reason));
}
