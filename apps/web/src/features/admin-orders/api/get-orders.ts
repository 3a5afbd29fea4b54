import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery, type RequestOptions } from '../../../lib/api-client';
import type { StaffOrderPage } from '../staff-order-types';
import { consoleOrderKeys, type StaffOrderListParams } from './order-keys';

/** Orders on one console page. */
const STAFF_ORDERS_PAGE_SIZE = 25;

/** GET /admin/orders: one page, newest first, filtered by status (refund due, porting overdue) and searched. */
async function fetchStaffOrders(
  params: StaffOrderListParams,
  options: RequestOptions = {},
): Promise<StaffOrderPage> {
  const path = withQuery('/admin/orders', {
    status: params.status,
    q: params.q,
    needsRefund: params.needsRefund ? 'true' : undefined,
    overdue: params.overdue || undefined,
    page: params.page,
    pageSize: STAFF_ORDERS_PAGE_SIZE,
  });
  return (await api.get<StaffOrderPage>(path, options)).data as StaffOrderPage;
}

/** One page of orders; the previous page stays shown while the next one loads. */
export function useStaffOrders(params: StaffOrderListParams) {
  return useQuery({
    queryKey: consoleOrderKeys.list(params),
    queryFn: ({ signal }) => fetchStaffOrders(params, { signal }),
    placeholderData: keepPreviousData,
  });
}
