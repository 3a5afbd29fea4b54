import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ServerCart } from '../cart-types';
import { cancelOrderQuery } from './empty-cart';

/**
 * DELETE /cart/item/{itemId}: the cart without the item. `cancelOrder`: the order awaiting
 * payment the buyer confirmed cancelling with it (else the server answers 409 ORDER_HOLDS_NUMBER).
 */
async function removeCartItem({
  itemId,
  cancelOrder,
}: {
  itemId: string;
  cancelOrder?: string;
}): Promise<ServerCart> {
  const path = `/cart/item/${encodeURIComponent(itemId)}${cancelOrderQuery(cancelOrder)}`;
  return (await api.delete<ServerCart>(path)).data as ServerCart;
}

export function useRemoveCartItem() {
  return useMutation({ mutationFn: removeCartItem });
}
