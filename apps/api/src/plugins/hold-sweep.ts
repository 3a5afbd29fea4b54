import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config';
import { withAdvisoryLock } from '../db/advisory-lock';

/** Seconds between sweeps: HOLD_SWEEP_SECONDS, by default 60, or 0 (off) when NODE_ENV=test. */
function sweepIntervalSeconds(config: Config): number {
  return config.HOLD_SWEEP_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 60);
}

/**
 * One sweep of lapsed holds (orders/hold-sweep.ts), by one server process at a time: skipped
 * (undefined) while another process on the database sweeps.
 */
export const sweepOnce = (app: FastifyInstance) =>
  withAdvisoryLock(app.database, 'store:hold-sweep', { wait: false }, () =>
    app.services.orders.sweepExpiredHolds(),
  );

/** Runs sweepOnce when the server is ready, then every HOLD_SWEEP_SECONDS; stops on close. */
export const holdSweep = fp(
  async (app) => {
    const seconds = sweepIntervalSeconds(app.config);
    if (seconds <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const run = () => {
      if (running) return;
      running = sweepOnce(app)
        .then(() => undefined)
        .catch((error: unknown) => app.log.error({ err: error }, 'hold sweep failed'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(run, seconds * 1000);
      timer.unref();
      run();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'hold-sweep', dependencies: ['services'] },
);
