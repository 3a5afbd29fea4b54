import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { StockNumber, StockStatus } from '../stock-types';
import { invalidateStock } from './stock-keys';

/** What staff set a number to: on sale, hidden from the storefront, or coming soon. */
export type SettableStatus = 'available' | 'hidden' | 'coming_soon';

const paths: Record<SettableStatus, string> = {
  available: 'unhide',
  hidden: 'hide',
  coming_soon: 'coming-soon',
};

interface StatusChange {
  id: number;
  status: SettableStatus;
  /** The status the agent saw: 409 NUMBER_CHANGED when the number has another now. */
  seen: StockStatus;
}

/** POST /admin/numbers/{id}/unhide, /hide or /coming-soon. */
async function setNumberStatus({ id, status, seen }: StatusChange): Promise<StockNumber> {
  const body = { expected: { status: seen } };
  return (await api.post<StockNumber>(`/admin/numbers/${id}/${paths[status]}`, body))
    .data as StockNumber;
}

export function useSetNumberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNumberStatus,
    // Done or refused as changed meanwhile, the inventory is read again.
    onSettled: () => invalidateStock(queryClient),
  });
}
