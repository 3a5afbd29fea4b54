import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ServerCart } from '../cart-types';

/** DELETE /cart/item/{itemId}: the cart without the item. */
async function removeCartItem(itemId: string): Promise<ServerCart> {
  return (await api.delete<ServerCart>(`/cart/item/${encodeURIComponent(itemId)}`))
    .data as ServerCart;
}

export function useRemoveCartItem() {
  return useMutation({ mutationFn: removeCartItem });
}
