import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { NewPrices, StockNumber } from '../stock-types';
import { invalidateStock } from './stock-keys';

/**
 * PATCH /admin/numbers/{id}: a new price and offer price (null: no offer), with the prices the
 * agent saw (`expected`): 409 NUMBER_CHANGED when the number moved since.
 */
async function repriceNumber(id: number, prices: NewPrices): Promise<StockNumber> {
  return (await api.patch<StockNumber>(`/admin/numbers/${id}`, prices)).data as StockNumber;
}

export function useRepriceNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, prices }: { id: number; prices: NewPrices }) => repriceNumber(id, prices),
    // Saved or refused as changed meanwhile, the inventory is read again.
    onSettled: () => invalidateStock(queryClient),
  });
}
