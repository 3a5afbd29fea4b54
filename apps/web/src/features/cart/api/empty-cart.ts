import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ServerCart } from '../cart-types';

/** DELETE /cart: the emptied cart. */
async function emptyCart(): Promise<ServerCart> {
  return (await api.delete<ServerCart>('/cart')).data as ServerCart;
}

export function useEmptyCart() {
  return useMutation({ mutationFn: emptyCart });
}
