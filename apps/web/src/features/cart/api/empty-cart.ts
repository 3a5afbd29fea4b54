import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ServerCart } from '../cart-types';

/** The query naming the order awaiting payment a removal may cancel (the buyer confirmed it). */
export const cancelOrderQuery = (orderId: string | undefined) =>
  orderId ? `?cancelOrder=${encodeURIComponent(orderId)}` : '';

/** DELETE /cart: the emptied cart; `cancelOrder` as for DELETE /cart/item/{itemId}. */
async function emptyCart(cancelOrder?: string): Promise<ServerCart> {
  return (await api.delete<ServerCart>(`/cart${cancelOrderQuery(cancelOrder)}`)).data as ServerCart;
}

export function useEmptyCart() {
  return useMutation({ mutationFn: emptyCart });
}
