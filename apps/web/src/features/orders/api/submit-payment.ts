import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Order } from '../order-types';
import { ordersKeys } from './order-queries';

/** POST /orders/{id}/payment-submission: "I have paid", with the UTR of the transfer. */
async function submitPayment(id: string, utr: string): Promise<Order> {
  const response = await api.post<Order>(`/orders/${encodeURIComponent(id)}/payment-submission`, {
    utr,
  });
  return response.data as Order;
}

/** Submits the UTR; the order in the cache becomes the one the server answered. */
export function useSubmitPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (utr: string) => submitPayment(id, utr),
    onSuccess: (order) => {
      queryClient.setQueryData(ordersKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
    },
  });
}
