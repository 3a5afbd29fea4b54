import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while rendering on the server (prerender) and during hydration, true afterwards and on
 * client-side navigations. Use it for output that depends on the browser (query string, clock,
 * window.location) so the first client render matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
