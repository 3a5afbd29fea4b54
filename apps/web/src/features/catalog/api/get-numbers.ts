import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ApiError, API_ERROR_MESSAGES, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';
import { searchFromListingParams, type ListingParams } from '../listing-params';

/** One page of a listing, as GET /numbers answers it (prices in rupees). */
export type NumberPage = ApiData<'/numbers', 'get'>;
/** One number for sale. */
export type NumberItem = NumberPage['items'][number];

/** `/numbers?…` for the API. */
export function numbersApiPath(params: ListingParams): string {
  const query = searchFromListingParams(params).toString();
  return query ? `/numbers?${query}` : '/numbers';
}

/** GET /numbers: one page. Rejects with ApiError (a bad parameter: 400 with the server's message). */
export async function fetchNumbers(
  params: ListingParams,
  options: RequestOptions = {},
): Promise<NumberPage> {
  const page = (await api.get<NumberPage>(numbersApiPath(params), options)).data;
  if (page === undefined || page === null) {
    throw new ApiError(API_ERROR_MESSAGES.unknown, { code: 'INVALID_RESPONSE' });
  }
  return page;
}

/** Query keys, for invalidation: `queryClient.invalidateQueries({ queryKey: numbersKeys.all })`. */
export const numbersKeys = {
  all: [queryRoots.numbers] as const,
  list: (params: ListingParams) =>
    [queryRoots.numbers, 'list', searchFromListingParams(params).toString()] as const,
};

/** Listings change as numbers sell: reuse a page for a minute. */
const NUMBERS_STALE_TIME_MS = 60 * 1000;

/**
 * One page of numbers; the previous page stays shown while the next one loads. `enabled: false`
 * (while prerendering or before hydration) fetches nothing. `initialData`: the page the server
 * rendered with (decision 0044), fresh from the first render, so hydrating fetches nothing.
 */
export function useNumbers(
  params: ListingParams,
  { enabled = true, initialData }: { enabled?: boolean; initialData?: NumberPage } = {},
) {
  return useQuery({
    queryKey: numbersKeys.list(params),
    queryFn: ({ signal }) => fetchNumbers(params, { signal }),
    placeholderData: keepPreviousData,
    staleTime: NUMBERS_STALE_TIME_MS,
    enabled,
    initialData,
  });
}
