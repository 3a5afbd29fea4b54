import { onThisClock } from './server-clock';

/**
 * When the session's access token expires, as the API says in the `Access-Token-Expires-At`
 * header of every answer that sets or ends the session (an ISO time, or `none`; decision 0080).
 * Kept in localStorage: the session's cookies are the whole browser's, so a reload and the other
 * tabs know it too. The API client refreshes the session before a call when the token ends
 * within REFRESH_AHEAD_MS, so a page left open sends no call with an expired token (whose 401
 * the browser logs as an error).
 */

export const ACCESS_EXPIRY_HEADER = 'Access-Token-Expires-At';

const STORAGE_KEY = 'access-token-expires-at';

/** A minute ahead: a call on its way, or a clock a little off, still finds the token valid. */
const REFRESH_AHEAD_MS = 60_000;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage refused (a privacy setting): the client falls back to refreshing on a 401.
    return undefined;
  }
}

/** Notes the expiry an API answer gives, if any: kept, or forgotten when the session ended. */
export function noteAccessTokenExpiry(response: Response) {
  const value = response.headers.get(ACCESS_EXPIRY_HEADER);
  if (value === null) return;
  try {
    if (Number.isNaN(Date.parse(value))) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, value);
  } catch {
    // A full or refused storage: the client falls back to refreshing on a 401.
  }
}

/** The access token expires within REFRESH_AHEAD_MS, or has expired (false when unknown). */
export function accessTokenEnding(now: number = Date.now()): boolean {
  const expiresAt = storage()?.getItem(STORAGE_KEY);
  if (!expiresAt) return false;
  return onThisClock(expiresAt) - now <= REFRESH_AHEAD_MS;
}
