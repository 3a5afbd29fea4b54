import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { StockNumber } from '../stock-types';
import { invalidateStock } from './stock-keys';

/** What staff set a number to: on sale, hidden from the storefront, or coming soon. */
export type SettableStatus = 'available' | 'hidden' | 'coming_soon';

const paths: Record<SettableStatus, string> = {
  available: 'unhide',
  hidden: 'hide',
  coming_soon: 'coming-soon',
};

/** POST /admin/numbers/{id}/unhide, /hide or /coming-soon. */
async function setNumberStatus(id: number, status: SettableStatus): Promise<StockNumber> {
  return (await api.post<StockNumber>(`/admin/numbers/${id}/${paths[status]}`)).data as StockNumber;
}

export function useSetNumberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: SettableStatus }) =>
      setNumberStatus(id, status),
    onSuccess: () => invalidateStock(queryClient),
  });
}
