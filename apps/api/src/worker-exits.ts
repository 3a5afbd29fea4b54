/**
 * How the cluster's primary (src/cluster.ts) tells a worker that crashed from one that was
 * stopped: only crashes count towards giving up, so an owner restarting workers one at a time
 * (`kill -TERM` each, to pick up a new build) can restart as many as they like.
 */

import { START_REFUSED_EXIT_CODE } from './start-failure';

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

/**
 * Whether a worker's end says its start cannot succeed (a setting, the database refusing it,
 * the port taken: start-failure.ts): starting another would fail the same way, so the primary
 * stops at once instead of counting crashes (QA 29 F4, F5).
 */
export const refusesRestart = (code: number | null) => code === START_REFUSED_EXIT_CODE;

/** What a worker whose start was refused sends the primary: the one line to print. */
export interface StartRefused {
  startRefused: string;
}

export const isStartRefused = (message: unknown): message is StartRefused =>
  typeof (message as Partial<StartRefused> | null)?.startRefused === 'string';

/**
 * A worker's refused start told to the primary, which prints it once for every worker (each
 * fails the same way at about the same moment); resolves once sent, so the worker may exit.
 */
export function tellStartRefusal(line: string): Promise<void> {
  const message: StartRefused = { startRefused: line };
  return new Promise((resolve) => {
    if (!process.send) {
      console.error(line);
      resolve();
      return;
    }
    process.send(message, undefined, {}, () => resolve());
  });
}
