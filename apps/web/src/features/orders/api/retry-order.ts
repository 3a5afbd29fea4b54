import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import type { Order } from '../order-types';
import { ordersKeys } from './order-queries';

/** POST /orders/{id}/retry: a new order for the numbers of this lapsed one, while they are free. */
async function retryOrder(id: string): Promise<Order> {
  const response = await api.post<Order>(`/orders/${encodeURIComponent(id)}/retry`);
  return response.data as Order;
}

/** Orders the numbers again; the new order goes into the cache, the lists are read again. */
export function useRetryOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryOrder(id),
    onSuccess: (order) => {
      queryClient.setQueryData(ordersKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
      // The numbers just held leave every listing.
      void queryClient.invalidateQueries({ queryKey: [queryRoots.numbers] });
    },
  });
}
