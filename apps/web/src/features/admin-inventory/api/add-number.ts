import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { NewNumber, StockNumber } from '../stock-types';
import { invalidateStock } from './stock-keys';

/** POST /admin/numbers: adds a number (classified by the API); 409 when it is there already. */
async function addNumber(body: NewNumber): Promise<StockNumber> {
  return (await api.post<StockNumber>('/admin/numbers', body)).data as StockNumber;
}

export function useAddNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNumber,
    onSuccess: () => invalidateStock(queryClient),
  });
}
