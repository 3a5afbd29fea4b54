import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import type { StaffOrder } from '../staff-order-types';
import { consoleOrderKeys } from './order-keys';

/** What every change of an order answers: the order as it now is, and the server's message. */
export interface OrderChange {
  order: StaffOrder;
  message?: string;
}

/**
 * POSTs (or PATCHes) `body` to one of the order's console calls (`path` after
 * /admin/orders/{id}).
 */
export async function postOrderChange(
  orderId: string,
  path: string,
  body: unknown,
  method: 'post' | 'patch' = 'post',
): Promise<OrderChange> {
  const response = await api[method]<StaffOrder>(
    `/admin/orders/${encodeURIComponent(orderId)}${path}`,
    body,
  );
  return { order: response.data as StaffOrder, message: response.message };
}

/**
 * A change of one order (payment, porting step, cancel, refund): on success the order in the
 * cache is the one the server answered; on a refusal (someone else changed the order first) the
 * order is read again, so the page shows what the message speaks of. Either way the lists and
 * the console's own data (its counts: the Orders badge) are read again.
 */
export function useOrderChange<T>(orderId: string, change: (body: T) => Promise<OrderChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(consoleOrderKeys.detail(orderId), order);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: consoleOrderKeys.detail(orderId) });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: consoleOrderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [queryRoots.console] });
    },
  });
}
