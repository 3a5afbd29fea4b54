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

/** PUT or DELETE /favourites/{id}. */
export async function setFavourite(id: number, on: boolean): Promise<void> {
  if (on) await api.put(`/favourites/${id}`);
  else await api.delete(`/favourites/${id}`);
}

/** POST /favourites/merge: the favourites a guest kept join the account's; all of them. */
export async function mergeFavourites(ids: number[]): Promise<Favourite[]> {
  return (await api.post<ApiData<'/favourites/merge', 'post'>>('/favourites/merge', { ids })).data!
    .items;
}
