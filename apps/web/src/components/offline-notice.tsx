import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The store's own address a plain click on a link opens, if the click is one. */
function followedLink(event: MouseEvent): URL | undefined {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return undefined;
  }
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) {
    return undefined;
  }
  const url = new URL(link.href);
  const here = window.location;
  if (url.origin !== here.origin) return undefined;
  // A link to a place on this page moves nothing that needs the network.
  if (url.pathname === here.pathname && url.search === here.search) return undefined;
  return url;
}

/**
 * Says so while the phone is offline: the data queries then wait without an error, so a page
 * turned or a filter changed would otherwise show the earlier results with no word why. A link
 * to another page of the store followed meanwhile is held (its page's script may not be loaded
 * yet, and React Router then reloads the whole page into the browser's offline error) and opened
 * once the phone is back online. The status region is always there (empty when online) so that
 * screen readers announce the change. Rendered on the server and at hydration as online.
 */
export function OfflineNotice() {
  const navigate = useNavigate();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const [held, setHeld] = useState(false);
  const heldAddress = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (online) {
      // Here rather than in an 'online' listener: React may end this effect (and remove such a
      // listener) before the browser calls it.
      const address = heldAddress.current;
      heldAddress.current = undefined;
      if (address) void Promise.resolve(navigate(address)).then(() => setHeld(false));
      return;
    }
    const hold = (event: MouseEvent) => {
      const url = followedLink(event);
      if (!url) return;
      // Before React Router's own click handler (on the document) sees it.
      event.preventDefault();
      event.stopPropagation();
      heldAddress.current = `${url.pathname}${url.search}${url.hash}`;
      setHeld(true);
    };
    window.addEventListener('click', hold, true);
    return () => window.removeEventListener('click', hold, true);
  }, [online, navigate]);

  return (
    <div
      role="status"
      className="pointer-events-none fixed right-24 bottom-4 left-4 z-50 sm:right-28"
    >
      {online ? null : (
        <p className="mx-auto w-fit rounded-lg bg-slate-900 px-4 py-2 text-sm text-white shadow-lg">
          {held
            ? 'You are offline. The page you opened will load when you are back online.'
            : 'You are offline. What you see may be out of date; the store carries on when you are back online.'}
        </p>
      )}
    </div>
  );
}
