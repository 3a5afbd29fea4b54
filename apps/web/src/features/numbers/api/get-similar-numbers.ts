import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

type SimilarNumbers = ApiData<'/numbers/by-number/{digits}/similar', 'get'>;

/** GET /numbers/by-number/{digits}/similar: available numbers like these digits. */
async function fetchSimilarNumbers(digits: string, options: RequestOptions = {}) {
  return ((await api.get<SimilarNumbers>(`/numbers/by-number/${digits}/similar`, options)).data
    ?.items ?? []) as SimilarNumbers['items'];
}

/** Similar numbers, fetched once the page runs in the browser (`enabled`). */
export function useSimilarNumbers(digits: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [queryRoots.numbers, 'similar', digits],
    queryFn: ({ signal }) => fetchSimilarNumbers(digits, { signal }),
    staleTime: 60 * 1000,
    enabled,
  });
}
