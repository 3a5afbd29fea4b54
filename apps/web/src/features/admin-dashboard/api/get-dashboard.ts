import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

export type Dashboard = ApiData<'/admin/dashboard', 'get'>;

/** GET /admin/dashboard: every figure of the dashboard in one answer. */
async function getDashboard(options: RequestOptions = {}): Promise<Dashboard> {
  return (await api.get<Dashboard>('/admin/dashboard', options)).data as Dashboard;
}

/** The dashboard, asked for again every minute while it is open. */
export function useDashboard() {
  return useQuery({
    queryKey: [queryRoots.console, 'dashboard'],
    queryFn: ({ signal }) => getDashboard({ signal }),
    refetchInterval: 60_000,
  });
}
