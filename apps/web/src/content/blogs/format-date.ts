import { formatLongDate } from '../../lib/format';

/** '2026-03-04' -> '4 March 2026' (the same at build time and in every browser). */
export function formatPostDate(isoDate: string): string {
  return formatLongDate(isoDate);
}
