import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Says so while the phone is offline: the data queries then wait without an error, so a page
 * turned or a filter changed would otherwise show the earlier results with no word why. The
 * status region is always there (empty when online) so that screen readers announce the change.
 * Rendered on the server and at hydration as online.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  return (
    <div
      role="status"
      className="pointer-events-none fixed right-24 bottom-4 left-4 z-50 sm:right-28"
    >
      {online ? null : (
        <p className="mx-auto w-fit rounded-lg bg-slate-900 px-4 py-2 text-sm text-white shadow-lg">
          You are offline. What you see may be out of date; the store carries on when you are back
          online.
        </p>
      )}
    </div>
  );
}
