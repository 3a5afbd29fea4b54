import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ServerCart } from '../cart-types';

/** PUT /cart/tds: the TDS percent a Corporate buyer deducts; the cart with new totals. */
async function setTds(tdsPercent: number): Promise<ServerCart> {
  return (await api.put<ServerCart>('/cart/tds', { tdsPercent })).data as ServerCart;
}

export function useSetTds() {
  return useMutation({ mutationFn: setTds });
}
