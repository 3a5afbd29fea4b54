import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

export type PackPage = ApiData<'/packs', 'get'>;
export type Pack = PackPage['packs'][number];
export type PackKind = Pack['kind'];

/** GET /packs: one page of family packs of a kind. Under the numbers' root: a sale refreshes it. */
export function usePacks(kind: PackKind, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [queryRoots.numbers, 'packs', kind, page],
    queryFn: async () =>
      (await api.get<PackPage>(`/packs?kind=${kind}&page=${page}`)).data as PackPage,
    enabled,
    placeholderData: keepPreviousData,
  });
}
