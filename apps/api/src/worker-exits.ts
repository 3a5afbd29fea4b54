/**
 * How the cluster's primary (src/cluster.ts) tells a worker that crashed from one that was
 * stopped: only crashes count towards giving up, so an owner restarting workers one at a time
 * (`kill -TERM` each, to pick up a new build) can restart as many as they like.
 */

/** The signals that stop a server (it exits 0 once closed): an owner's or a supervisor's. */
export const stopSignals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * Whether a worker's end was a crash: a non-zero exit, or death by a signal other than those
 * that stop it (SIGKILL from the out-of-memory killer, SIGSEGV). A stop signal that arrives
 * before the server has set its handlers still kills the process by that signal: no crash.
 */
export function isCrash(code: number | null, signal: string | null): boolean {
  if (signal) return !(stopSignals as readonly string[]).includes(signal);
  return code !== 0;
}

/** Crashes replaced within the last `windowMs`: at most `limit` of them. */
export function crashWindow(limit: number, windowMs: number) {
  let replaced: number[] = [];
  return {
    /**
     * A crash at `now`: true when `limit` crashes were already replaced within the window (give
     * up), otherwise it is noted as replaced and false.
     */
    tooMany(now: number): boolean {
      replaced = replaced.filter((at) => at > now - windowMs);
      if (replaced.length >= limit) return true;
      replaced.push(now);
      return false;
    },
  };
}
