import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

export type ConsoleCounts = ApiData<'/admin/counts', 'get'>;

/** How often the navigation's counts are asked for again while the console is open. */
const COUNTS_REFRESH_MS = 30_000;

/** GET /admin/counts: orders needing the team and open enquiries. */
async function getConsoleCounts(options: RequestOptions = {}): Promise<ConsoleCounts> {
  return (await api.get<ConsoleCounts>('/admin/counts', options)).data as ConsoleCounts;
}

/** The counts, asked for again every 30 seconds and whenever the window gets focus. */
export function useConsoleCountsQuery() {
  return useQuery({
    queryKey: [queryRoots.console, 'counts'],
    queryFn: ({ signal }) => getConsoleCounts({ signal }),
    refetchInterval: COUNTS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
