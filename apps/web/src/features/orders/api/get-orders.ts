import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery, type RequestOptions } from '../../../lib/api-client';
import { useIsSignedIn } from '../../auth';
import type { OrderPage } from '../order-types';
import { ORDERS_STALE_TIME_MS, ordersKeys, retryOrders } from './order-queries';

export interface OrderListParams {
  /** From 1; default 1. */
  page?: number;
  /** 1..50; the API's default is 20. */
  pageSize?: number;
}

/** GET /orders: the signed-in buyer's orders, newest first, one page. */
export async function fetchOrders(
  params: OrderListParams = {},
  options: RequestOptions = {},
): Promise<OrderPage> {
  const path = withQuery('/orders', { page: params.page, pageSize: params.pageSize });
  return (await api.get<OrderPage>(path, options)).data as OrderPage;
}

/**
 * One page of the buyer's orders; idle until the buyer is signed in. The previous page stays
 * shown while the next one loads.
 */
export function useOrders(params: OrderListParams = {}) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: ordersKeys.list(params),
    queryFn: ({ signal }) => fetchOrders(params, { signal }),
    placeholderData: keepPreviousData,
    staleTime: ORDERS_STALE_TIME_MS,
    retry: retryOrders,
    enabled: signedIn,
  });
}
