import { useConsoleCountsQuery } from './api/get-console-counts';

/**
 * The console's "new items" counts by area key (see admin-nav.ts): orders whose next step is
 * the team's and open enquiries, refreshed every 30 seconds without a reload. None until the
 * first answer (or when it fails: the badges are a help, not the work).
 */
export function useConsoleCounts(): Record<string, number> {
  const { data } = useConsoleCountsQuery();
  return data ?? {};
}
