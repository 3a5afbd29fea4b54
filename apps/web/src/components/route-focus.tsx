import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Gives the focus to the page's main content (`#main`, with `tabIndex={-1}`) when nothing has
 * it: the control that had it went with the page or view it was on (a menu's link, a table's
 * link, Checkout, Sign in, Logout). A focus something else placed (a dialog, a form's first
 * invalid field) is left where it is. The page does not scroll (scroll restoration decides).
 */
export function focusMainIfLost() {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  document.getElementById('main')?.focus({ preventScroll: true });
}

/**
 * Calls `onChange` after the render in which `page` became another page: never after the
 * first, nor for `null` (nothing shown yet; the first page after it is the first).
 */
export function usePageChange(page: string | null, onChange: () => void) {
  const shown = useRef(page);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (page === null || page === shown.current) return;
    const first = shown.current === null;
    shown.current = page;
    if (!first) latest.current();
  }, [page]);
}

/**
 * What a client-side navigation to another address does for keyboard and screen-reader users
 * (a change of its search alone is not one: the listing's filters and pages handle their own
 * focus): the new page's title is said in a polite live region, always mounted (as Next.js's
 * route announcer does), and a lost focus goes to the new page's main content.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [title, setTitle] = useState('');
  usePageChange(pathname, () => {
    setTitle(document.title);
    focusMainIfLost();
  });
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {title}
    </p>
  );
}
