import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

export type Favourite = ApiData<'/favourites', 'get'>['items'][number];

export const FAVOURITES_QUERY_KEY = [queryRoots.saved, 'favourites'] as const;

/** GET /favourites: the account's favourite numbers, whatever their status. */
async function fetchFavourites(): Promise<Favourite[]> {
  return (await api.get<ApiData<'/favourites', 'get'>>('/favourites')).data!.items;
}

export function useFavouritesQuery(enabled: boolean) {
  return useQuery({ queryKey: FAVOURITES_QUERY_KEY, queryFn: fetchFavourites, enabled });
}

/**
 * PUT or DELETE /favourites/{id}; true when this favourite started the buyer's alert e-mails
 * (decision 0057: the page then says so).
 */
export async function setFavourite(id: number, on: boolean): Promise<boolean> {
  if (!on) {
    await api.delete(`/favourites/${id}`);
    return false;
  }
  const added = await api.put<ApiData<'/favourites/{id}', 'put'>>(`/favourites/${id}`);
  return added.data?.alertsStarted === true;
}

/**
 * POST /favourites/merge: the favourites a guest kept join the account's; all of them, and the
 * ids `skipped` (no longer for sale: not kept).
 */
export async function mergeFavourites(
  ids: number[],
): Promise<ApiData<'/favourites/merge', 'post'>> {
  return (await api.post<ApiData<'/favourites/merge', 'post'>>('/favourites/merge', { ids })).data!;
}
