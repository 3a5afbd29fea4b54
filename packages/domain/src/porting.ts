/**
 * Porting, number by number (domain.md §4): once an order is paid, each of its numbers moves
 * awaiting_upc -> upc_sent -> porting_in_progress -> ported, one step at a time. The order is
 * complete when every number is ported.
 */
export const portingStatuses = [
  'awaiting_upc',
  'upc_sent',
  'porting_in_progress',
  'ported',
] as const;
export type PortingStatus = (typeof portingStatuses)[number];

export const portingStatusLabels: Record<PortingStatus, string> = {
  awaiting_upc: 'Awaiting UPC',
  upc_sent: 'UPC sent',
  porting_in_progress: 'Porting in progress',
  ported: 'Ported',
};

/** The step after `status`, or undefined once ported. */
export function nextPortingStatus(status: PortingStatus): PortingStatus | undefined {
  return portingStatuses[portingStatuses.indexOf(status) + 1];
}

/** The step before this one (undefined at awaiting_upc, where porting starts). */
export function previousPortingStatus(status: PortingStatus): PortingStatus | undefined {
  const index = portingStatuses.indexOf(status);
  return index > 0 ? portingStatuses[index - 1] : undefined;
}

/** How long a UPC stays valid, in days: 4, or 30 in Jammu & Kashmir, Assam and the North-East. */
export const UPC_VALIDITY_DAYS = { standard: 4, northEastAndJk: 30 } as const;

const upcPattern = /^[A-Z0-9]{8}$/;

/**
 * A Unique Porting Code as typed: spaces dropped, upper case. Null unless it is then 8 letters
 * and digits.
 */
export function normalizeUpc(input: string): string | null {
  const upc = input.replace(/\s+/g, '').toUpperCase();
  return upcPattern.test(upc) ? upc : null;
}
