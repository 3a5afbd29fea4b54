import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

type CategoryCounts = ApiData<'/numbers/categories', 'get'>;

/** GET /numbers/categories: available numbers per category slug (`all` included). */
async function fetchCategoryCounts(options: RequestOptions = {}): Promise<Map<string, number>> {
  const data = (await api.get<CategoryCounts>('/numbers/categories', options)).data;
  return new Map((data?.categories ?? []).map((category) => [category.slug, category.count]));
}

/** How many numbers each category lists; fetched in the browser only (`enabled`). */
export function useCategoryCounts({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [queryRoots.numbers, 'category-counts'],
    queryFn: ({ signal }) => fetchCategoryCounts({ signal }),
    staleTime: 5 * 60 * 1000,
    enabled,
  });
}
