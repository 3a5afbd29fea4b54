/**
 * The console's "new items" counts by area key (see admin-nav.ts). The counts call arrives with
 * the alerts work; until then there are none.
 */
export function useConsoleCounts(): Record<string, number> {
  return {};
}
