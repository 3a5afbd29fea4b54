import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import type { BulkPriceChange } from '../stock-types';
import { invalidateStock } from './stock-keys';

/**
 * POST /admin/numbers/bulk-price: applies it; 409 when the selection or any of its prices moved
 * since the preview. A retry with the same key (after a lost answer) is not applied again.
 */
async function applyBulkPrice(
  body: BulkPriceChange,
  idempotencyKey: string,
): Promise<{ changed: number }> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  const answer = await api.post<{ changed: number }>('/admin/numbers/bulk-price', body, {
    headers,
  });
  return answer.data as { changed: number };
}

export function useApplyBulkPrice() {
  const queryClient = useQueryClient();
  const withKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: BulkPriceChange) => withKey(body, (key) => applyBulkPrice(body, key)),
    // Refused (prices moved) or not, the inventory is read again.
    onSettled: () => invalidateStock(queryClient),
  });
}
