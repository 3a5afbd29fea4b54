import { queryRoots } from '../../../lib/query-keys';

export interface StaffOrderListParams {
  status?: string;
  q?: string;
  /** Only orders with money due back. */
  needsRefund?: boolean;
  /** Only orders with a number past a porting promise: a reason, or `any` (decision 0107). */
  overdue?: string;
  page?: number;
}

/** The console's order keys, under the orders root (forgotten when the session ends). */
export const consoleOrderKeys = {
  lists: () => [queryRoots.orders, 'console', 'list'] as const,
  list: (params: StaffOrderListParams) =>
    [
      queryRoots.orders,
      'console',
      'list',
      params.status ?? '',
      params.q ?? '',
      params.needsRefund ?? false,
      params.overdue ?? '',
      params.page ?? 1,
    ] as const,
  detail: (id: string) => [queryRoots.orders, 'console', 'detail', id] as const,
};
