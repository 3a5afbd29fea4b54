import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import type { StaffOrder } from '../staff-order-types';
import { consoleOrderKeys } from './order-keys';

/** GET /admin/orders/{id}. Rejects with ApiError, 404 for an unknown order. */
async function fetchStaffOrder(id: string, options: RequestOptions = {}) {
  return (await api.get<StaffOrder>(`/admin/orders/${encodeURIComponent(id)}`, options))
    .data as StaffOrder;
}

export function useStaffOrder(id: string) {
  return useQuery({
    queryKey: consoleOrderKeys.detail(id),
    queryFn: ({ signal }) => fetchStaffOrder(id, { signal }),
  });
}
