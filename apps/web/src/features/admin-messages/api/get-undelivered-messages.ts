import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

export type UndeliveredPage = ApiData<'/admin/undelivered-messages', 'get'>;
export type UndeliveredMessage = UndeliveredPage['messages'][number];

/** GET /admin/undelivered-messages: one page, the latest given up first. */
async function getUndeliveredMessages(
  page: number,
  options: RequestOptions = {},
): Promise<UndeliveredPage> {
  const path = withQuery('/admin/undelivered-messages', { page, pageSize: 25 });
  return (await api.get<UndeliveredPage>(path, options)).data as UndeliveredPage;
}

/** The messages the store gave up on; the previous page stays shown while the next loads. */
export function useUndeliveredMessages(page: number) {
  return useQuery({
    queryKey: [queryRoots.console, 'undelivered-messages', page],
    queryFn: ({ signal }) => getUndeliveredMessages(page, { signal }),
    placeholderData: keepPreviousData,
  });
}
