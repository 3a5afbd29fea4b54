/**
 * The server's clock as this browser sees it. A phone's clock can be minutes off (set by hand,
 * drifting), and the times the server sends (a hold's end, a retry's start) are on the server's
 * clock: a countdown to one of them must count on that clock too. The offset is read from the
 * `Date` header of fresh API answers; it has whole seconds only, so a phone within a couple of
 * seconds of the server is trusted as it is (the countdown does not jump by a second).
 */

const TRUSTED_SKEW_MS = 2_000;

let offsetMs = 0;

/**
 * Notes the server's time from an answer's `Date` header, sent at `sentAt` and received at
 * `receivedAt` (this browser's epoch ms). A cached answer says nothing of the clock now.
 */
export function noteServerDate(response: Response, sentAt: number, receivedAt: number) {
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (/max-age=[1-9]|immutable/.test(cacheControl)) return;
  const date = Date.parse(response.headers.get('date') ?? '');
  if (Number.isNaN(date)) return;
  // The header rounds down to the second: the middle of that second, at the middle of the trip.
  const measured = date + 500 - (sentAt + receivedAt) / 2;
  const offset = Math.abs(measured) < TRUSTED_SKEW_MS ? 0 : Math.round(measured);
  if (offset === 0 || Math.abs(offset - offsetMs) >= TRUSTED_SKEW_MS) offsetMs = offset;
}

/** A time on the server's clock (an ISO date the API sent) as epoch ms on this browser's clock. */
export function onThisClock(serverTime: string): number {
  return Date.parse(serverTime) - offsetMs;
}
