import fp from 'fastify-plugin';
import type { Config } from '../config/config';
import { runPeriodically } from './periodic-task';

/** Seconds between sweeps: HOLD_SWEEP_SECONDS, by default 60, or 0 (off) when NODE_ENV=test. */
function sweepIntervalSeconds(config: Config): number {
  return config.HOLD_SWEEP_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 60);
}

/**
 * Runs the sweep of lapsed holds (orders/hold-sweep.ts) once when the server is ready, then
 * every HOLD_SWEEP_SECONDS; stops on close.
 */
export const holdSweep = fp(
  async (app) => {
    runPeriodically(app, {
      name: 'hold sweep',
      seconds: sweepIntervalSeconds(app.config),
      work: () => app.services.orders.sweepExpiredHolds(),
    });
  },
  { name: 'hold-sweep', dependencies: ['services'] },
);
