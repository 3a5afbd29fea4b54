import { useSyncExternalStore } from 'react';

/**
 * The session hint: the non-HttpOnly cookie `sid_hint=1` the server sets at sign-in and clears
 * at sign-out, so that a guest's browser skips auth calls that would only fail.
 */

export const SESSION_HINT_COOKIE = 'sid_hint';

/** Whether a session may exist. */
export function hasSessionHint(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): boolean {
  return cookies.split(';').some((part) => {
    const [name, value] = part.trim().split('=');
    return name === SESSION_HINT_COOKIE && value === '1';
  });
}

const hintListeners = new Set<() => void>();

/** Tells useSessionHint readers that the cookie may have changed. */
export function notifyHint() {
  for (const listener of [...hintListeners]) listener();
}

function subscribeHint(listener: () => void) {
  hintListeners.add(listener);
  return () => {
    hintListeners.delete(listener);
  };
}

/** Spec §9 refresh lifetime; a shorter server setting ends in a failed refresh, which clears it. */
const HINT_MAX_AGE_SECONDS = 30 * 24 * 3600;

/**
 * Sets the sid_hint cookie on the page's own origin. The server sets it too, but on the API's
 * host: when the web app is served from another host (split deployment) only this one is seen.
 */
export function writeSessionHint() {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_HINT_COOKIE}=1; Max-Age=${HINT_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}

/** Removes the sid_hint cookie in this browser (the server clears it too when it can). */
export function clearSessionHint() {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; path=/`;
  notifyHint();
}

/** True while the sid_hint cookie is present; false at build time and during hydration. */
export function useSessionHint(): boolean {
  return useSyncExternalStore(
    subscribeHint,
    () => hasSessionHint(),
    () => false,
  );
}
