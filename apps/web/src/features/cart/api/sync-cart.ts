import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SyncItemPayload, SyncResult } from '../cart-types';

/** POST /cart/sync: the guest cart's items join the account's cart. */
async function syncCart(items: SyncItemPayload[]): Promise<{ message?: string; cart: SyncResult }> {
  const response = await api.post<SyncResult>('/cart/sync', { items });
  return { message: response.message, cart: response.data as SyncResult };
}

export function useSyncCart() {
  return useMutation({ mutationFn: syncCart });
}
