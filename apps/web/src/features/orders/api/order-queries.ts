import { isApiError } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Query keys, for invalidation: `queryClient.invalidateQueries({ queryKey: ordersKeys.all })`. */
export const ordersKeys = {
  all: [queryRoots.orders] as const,
  lists: () => [queryRoots.orders, 'list'] as const,
  list: (params: { page?: number; pageSize?: number } = {}) =>
    [queryRoots.orders, 'list', params.page ?? 1, params.pageSize ?? null] as const,
  detail: (id: string) => [queryRoots.orders, 'detail', id] as const,
};

/** Orders change through payments and support's steps: reuse them for half a minute only. */
export const ORDERS_STALE_TIME_MS = 30_000;

export function retryOrders(failureCount: number, error: unknown): boolean {
  // A 4xx (not found, signed out) will not change on a retry; network and server errors get one.
  if (isApiError(error) && error.status !== undefined && error.status < 500) return false;
  return failureCount < 1;
}
