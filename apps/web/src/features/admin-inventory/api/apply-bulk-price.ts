import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { BulkPriceChange } from '../stock-types';
import { invalidateStock } from './stock-keys';

/** POST /admin/numbers/bulk-price: applies it; 409 when the selection moved since the preview. */
async function applyBulkPrice(body: BulkPriceChange): Promise<{ changed: number }> {
  const answer = await api.post<{ changed: number }>('/admin/numbers/bulk-price', body);
  return answer.data as { changed: number };
}

export function useApplyBulkPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBulkPrice,
    onSuccess: () => invalidateStock(queryClient),
  });
}
