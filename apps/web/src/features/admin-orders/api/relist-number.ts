import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { consoleOrderKeys } from './order-keys';

/**
 * POST /admin/numbers/{id}/unhide: a number of an undone sale back on sale. The order is read
 * again (it no longer lists the number as one to relist), and so are the storefront's listings
 * (the inventory reads itself on every visit); answers the server's message.
 */
async function relistNumber(numberId: number): Promise<{ message?: string }> {
  const { message } = await api.post(`/admin/numbers/${numberId}/unhide`);
  return { message };
}

export function useRelistNumber(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: relistNumber,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: consoleOrderKeys.detail(orderId) });
      void queryClient.invalidateQueries({ queryKey: [queryRoots.numbers] });
    },
  });
}
