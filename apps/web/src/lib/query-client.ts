import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Data stays fresh for 5 minutes (spec §9: cart and profile freshness). */
const DEFAULT_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * Whether asking again may get another answer: no response, or a server error. A 4xx (not
 * found, not allowed, a malformed address) would only come back the same.
 */
function mayGoThroughAgain(error: unknown): boolean {
  const status = isApiError(error) ? error.status : undefined;
  return status === undefined || status >= 500;
}

/**
 * A new QueryClient. root.tsx creates one per browser session (and one per prerendered page at
 * build time) with `useState(createQueryClient)`, never at module level.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: (failures, error) => failures < 1 && mayGoThroughAgain(error),
        refetchOnWindowFocus: false,
      },
      // A call made while the browser thinks it is offline fails at once ('No response received
      // from server') instead of waiting, paused, for the connection to come back.
      mutations: { networkMode: 'always' },
    },
  });
}
