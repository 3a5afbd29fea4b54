import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

export type AuditPage = ApiData<'/admin/audit', 'get'>;
export type AuditEntry = AuditPage['entries'][number];

export interface AuditFilter {
  page: number;
  actorId?: string;
  /** An action (number.add) or all of a thing's (number.). */
  action?: string;
  number?: string;
  orderReference?: string;
  /** Further pages pinned to the first page's newest entry (the answer's upTo). */
  upTo?: string;
}

/** GET /admin/audit (administrators): one page of the log, newest first, filtered. */
async function getAudit(filter: AuditFilter, options: RequestOptions = {}): Promise<AuditPage> {
  const path = withQuery('/admin/audit', { ...filter, pageSize: 50 });
  return (await api.get<AuditPage>(path, options)).data as AuditPage;
}

export function useAudit(filter: AuditFilter) {
  return useQuery({
    queryKey: [queryRoots.console, 'audit', filter],
    queryFn: ({ signal }) => getAudit(filter, { signal }),
    placeholderData: keepPreviousData,
  });
}
