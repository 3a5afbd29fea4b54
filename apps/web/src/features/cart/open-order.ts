import type { CartView } from './cart-context';

export type OpenOrder = NonNullable<CartView['openOrder']>;

/**
 * A buyer has one order awaiting payment at a time: a checkout for other numbers cancels it.
 * Whether ordering `numberIds` would release any of the open order's numbers (the order is then
 * cancelled; a checkout of exactly its numbers goes back to it instead).
 */
export function releasesOpenOrder(order: OpenOrder, numberIds: readonly number[]): boolean {
  return order.productIds.some((id) => !numberIds.includes(id));
}
