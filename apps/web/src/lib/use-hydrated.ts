import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/**
 * Whether the page has hydrated. True where nothing provides it (a component rendered on its
 * own, as in unit tests): there is no prerendered HTML to match.
 */
const HydratedContext = createContext(true);

/** Provides useHydrated's answer below the root (root.tsx, with useHydrationSwitch). */
export const HydratedProvider = HydratedContext.Provider;

/**
 * False while rendering on the server (prerender) and during hydration, true afterwards and on
 * client-side navigations. Use it for output that depends on the browser (query string, clock,
 * window.location) so the first client render matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/**
 * For the root: false for the first render, the one that hydrates the prerendered page, then
 * true. It turns in a transition, so that React re-renders what depends on it (the listing, the
 * account area, the home page's counts) in short slices between other work; useSyncExternalStore
 * would re-render it all in one long task right after hydration (decision 0027).
 */
export function useHydrationSwitch(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
