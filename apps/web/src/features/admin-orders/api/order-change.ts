import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { StaffOrder } from '../staff-order-types';
import { consoleOrderKeys } from './order-keys';

/** What every change of an order answers: the order as it now is, and the server's message. */
export interface OrderChange {
  order: StaffOrder;
  message?: string;
}

/** POSTs `body` to one of the order's console calls (`path` after /admin/orders/{id}). */
export async function postOrderChange(
  orderId: string,
  path: string,
  body: unknown,
): Promise<OrderChange> {
  const response = await api.post<StaffOrder>(
    `/admin/orders/${encodeURIComponent(orderId)}${path}`,
    body,
  );
  return { order: response.data as StaffOrder, message: response.message };
}

/**
 * A change of one order (payment, porting step, cancel, refund): on success the order in the
 * cache is the one the server answered, and the lists are read again.
 */
export function useOrderChange<T>(orderId: string, change: (body: T) => Promise<OrderChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(consoleOrderKeys.detail(orderId), order);
      void queryClient.invalidateQueries({ queryKey: consoleOrderKeys.lists() });
    },
  });
}
