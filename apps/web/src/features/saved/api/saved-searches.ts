import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiBody, ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

type SavedSearches = ApiData<'/saved-searches', 'get'>;

export const SAVED_SEARCHES_QUERY_KEY = [queryRoots.saved, 'searches'] as const;

async function fetchSavedSearches(): Promise<SavedSearches> {
  return (await api.get<SavedSearches>('/saved-searches')).data!;
}

/** GET /saved-searches: the account's saved searches and whether alert e-mails are on. */
export function useSavedSearches(enabled: boolean) {
  return useQuery({ queryKey: SAVED_SEARCHES_QUERY_KEY, queryFn: fetchSavedSearches, enabled });
}

/** POST /saved-searches; resolves to the API's message. */
export async function saveSearch(body: ApiBody<'/saved-searches', 'post'>): Promise<string> {
  return (await api.post('/saved-searches', body)).message ?? 'Search saved.';
}

/** DELETE /saved-searches/{id}. */
export async function deleteSavedSearch(id: string): Promise<void> {
  await api.delete(`/saved-searches/${id}`);
}

/** PUT /alerts/settings; resolves to the API's message. */
export async function setAlertsOn(alertsOn: boolean): Promise<string> {
  return (await api.put('/alerts/settings', { alertsOn })).message ?? '';
}

/** POST /alerts/unsubscribe: the token of the e-mail's link says who; no sign-in. */
export async function unsubscribe(token: string): Promise<string> {
  const query = new URLSearchParams({ token });
  return (await api.post(`/alerts/unsubscribe?${query.toString()}`)).message ?? '';
}
