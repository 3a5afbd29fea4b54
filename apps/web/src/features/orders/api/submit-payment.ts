import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Order } from '../order-types';
import { ordersKeys } from './order-queries';

/**
 * POST /orders/{id}/payment-submission: "I have paid", with the UTR of the transfer; then, when
 * the buyer chose one, PUT .../screenshot with the screenshot (multipart, field `file`).
 */
async function submitPayment(id: string, utr: string, screenshot?: File): Promise<Order> {
  const path = `/orders/${encodeURIComponent(id)}/payment-submission`;
  const response = await api.post<Order>(path, { utr });
  if (!screenshot) return response.data as Order;
  const form = new FormData();
  form.append('file', screenshot, screenshot.name);
  return (await api.put<Order>(`${path}/screenshot`, form)).data as Order;
}

/** Submits the UTR (and screenshot); the order in the cache becomes the one the server answered. */
export function useSubmitPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ utr, screenshot }: { utr: string; screenshot?: File }) =>
      submitPayment(id, utr, screenshot),
    onSuccess: (order) => {
      queryClient.setQueryData(ordersKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
    },
    // The UTR may have gone through even when the screenshot did not: read the order again.
    onError: () => void queryClient.invalidateQueries({ queryKey: ordersKeys.detail(id) }),
  });
}
