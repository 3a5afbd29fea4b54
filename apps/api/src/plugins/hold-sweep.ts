import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config';
import { withAdvisoryLock } from '../db/advisory-lock';
import { runPeriodically } from './periodic-task';

/** Seconds between sweeps: HOLD_SWEEP_SECONDS, by default 60, or 0 (off) when NODE_ENV=test. */
function sweepIntervalSeconds(config: Config): number {
  return config.HOLD_SWEEP_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 60);
}

/**
 * One sweep of lapsed holds (orders/hold-sweep.ts), then of porting promises broken
 * (orders/overdue-porting.ts, decision 0107), by one server process at a time: skipped
 * (undefined) while another process on the database sweeps.
 */
export const sweepOnce = (app: FastifyInstance) =>
  withAdvisoryLock(app.database, 'store:hold-sweep', { wait: false }, async () => {
    const swept = await app.services.orders.sweepExpiredHolds();
    const overdueAlerted = await app.services.orders.alertOverduePorting();
    return { ...swept, overdueAlerted };
  });

/** Runs sweepOnce when the server is ready, then every HOLD_SWEEP_SECONDS; stops on close. */
export const holdSweep = fp(
  async (app) => {
    runPeriodically(app, sweepIntervalSeconds(app.config), 'hold sweep', () => sweepOnce(app));
  },
  { name: 'hold-sweep', dependencies: ['services'] },
);
