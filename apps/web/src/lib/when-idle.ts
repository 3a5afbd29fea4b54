/**
 * Runs `run` once the page has loaded and the browser is idle (at most 5 s later; 2 s after the
 * load where there is no requestIdleCallback), so that third-party scripts and their extras
 * never compete with the page itself. Returns a function that cancels it.
 */
export function whenIdle(run: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: number | undefined;
  const start = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(() => !cancelled && run(), { timeout: 5000 });
    } else {
      timer = window.setTimeout(() => !cancelled && run(), 2000);
    }
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', start);
    if (idleHandle !== undefined) window.cancelIdleCallback?.(idleHandle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
