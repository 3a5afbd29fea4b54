import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useIsSignedIn } from '../../auth';
import { isOrderInProgress, orderStatusText } from '../order-status';
import type { Order } from '../order-types';
import { ORDERS_STALE_TIME_MS, ordersKeys, retryOrders } from './order-queries';

/** How often an order that can still change (awaiting payment, in porting) is read again. */
export const ORDER_REFETCH_MS = 30_000;

/** GET /orders/{id}. Rejects with ApiError, 404 for an unknown or foreign order. */
export async function fetchOrder(id: string, options: RequestOptions = {}): Promise<Order> {
  return (await api.get<Order>(`/orders/${encodeURIComponent(id)}`, options)).data as Order;
}

/**
 * One order; idle until the buyer is signed in. Read again every ORDER_REFETCH_MS while it
 * awaits payment or is being ported, so the buyer sees support's steps without reloading. A
 * read that finds the order newly paid invalidates the cart query (the header badge), and one
 * that finds its status words changed, the order lists.
 */
export function useOrder(id: string | undefined) {
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ordersKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<Order>(ordersKeys.detail(id ?? ''));
      const order = await fetchOrder(id as string, { signal });
      // Paid meanwhile (support confirmed it, or Razorpay's webhook): payment emptied the
      // server cart of these numbers, so the header badge must be read again.
      if (before && before.payment.status !== 'paid' && order.payment.status === 'paid') {
        void queryClient.invalidateQueries({ queryKey: [queryRoots.cart] });
      }
      // Its state in other words (a hold lapsed as the page watched, paid, cancelled): the order
      // lists (/orders, the profile's) are read again, so they say what this page says.
      if (before && orderStatusText(before) !== orderStatusText(order)) {
        void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
      }
      return order;
    },
    staleTime: ORDERS_STALE_TIME_MS,
    retry: retryOrders,
    refetchInterval: (query) =>
      query.state.data && isOrderInProgress(query.state.data) ? ORDER_REFETCH_MS : false,
    enabled: signedIn && Boolean(id),
  });
}
