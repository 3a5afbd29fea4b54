import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { StockNumber } from '../stock-types';
import { invalidateStock } from './stock-keys';

/** POST /admin/numbers/{id}/hide or /unhide: off the storefront, or back on it. */
async function setNumberHidden(id: number, hidden: boolean): Promise<StockNumber> {
  const path = `/admin/numbers/${id}/${hidden ? 'hide' : 'unhide'}`;
  return (await api.post<StockNumber>(path)).data as StockNumber;
}

export function useSetNumberHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) => setNumberHidden(id, hidden),
    onSuccess: () => invalidateStock(queryClient),
  });
}
