import { QueryClient } from '@tanstack/react-query';

/** Data stays fresh for 5 minutes (spec §9: cart and profile freshness). */
const DEFAULT_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * A new QueryClient. root.tsx creates one per browser session (and one per prerendered page at
 * build time) with `useState(createQueryClient)`, never at module level.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: 1,
        refetchOnWindowFocus: false,
      },
      // A call made while the browser thinks it is offline fails at once ('No response received
      // from server') instead of waiting, paused, for the connection to come back.
      mutations: { networkMode: 'always' },
    },
  });
}
