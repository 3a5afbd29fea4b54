import type { Plugin } from 'vite';

/**
 * React renders (and hydrates) in slices and yields to the browser between them; its scheduler
 * ends a slice after 5 ms of work. That is 5 ms on the phone too: on a low-end phone, or in
 * Lighthouse's simulation of one (its CPU slowdown multiplies every task), a slice plus the one
 * unit of work that overran it passes the 50 ms that counts as blocking. The browser build ends
 * slices after `SLICE_MS` instead (decision 0028). Development keeps React's own scheduler.
 */
export const SLICE_MS = 2;

const schedulerModule = /node_modules[\\/]scheduler[\\/]cjs[\\/]scheduler\.production\.js$/;
const reactSlice = /\bframeInterval = 5,/;

/** The scheduler's production source with the shorter slice; throws if it no longer says 5 ms. */
export function withShorterSlices(code: string): string {
  if (!reactSlice.test(code)) {
    throw new Error(
      "scheduler.production.js no longer sets 'frameInterval = 5': check the slice length of " +
        'this React version and update scripts/scheduler-slices.ts (decision 0028).',
    );
  }
  return code.replace(reactSlice, `frameInterval = ${SLICE_MS},`);
}

/** The plugin; the browser build fails if it bundled no scheduler module to change. */
export function schedulerSlices(): Plugin {
  let changed = false;
  return {
    name: 'store:scheduler-slices',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!schedulerModule.test(id)) return undefined;
      changed = true;
      return { code: withShorterSlices(code), map: null };
    },
    buildEnd(error) {
      if (!error && !changed) {
        this.error('No scheduler.production.js was bundled: see scripts/scheduler-slices.ts.');
      }
    },
  };
}
