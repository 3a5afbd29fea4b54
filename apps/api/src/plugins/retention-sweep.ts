import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config';
import { withAdvisoryLock } from '../db/advisory-lock';
import { runPeriodically } from './periodic-task';

/** Seconds between sweeps: RETENTION_SWEEP_SECONDS, by default 3600, or 0 (off) when NODE_ENV=test. */
function sweepIntervalSeconds(config: Config): number {
  return config.RETENTION_SWEEP_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 3600);
}

/**
 * One retention sweep (retention/retention-service.ts), by one server process at a time:
 * skipped (undefined) while another process on the database sweeps. What it deleted is logged
 * as counts per rule, never the rows.
 */
export async function retentionSweepOnce(app: FastifyInstance) {
  const counts = await withAdvisoryLock(
    app.database,
    'store:retention-sweep',
    { wait: false },
    () => app.services.retention.sweep(),
  );
  if (counts && Object.values(counts).some((count) => count > 0)) {
    app.log.info({ deleted: counts }, 'retention sweep deleted personal data past its period');
  }
  return counts;
}

/** Runs retentionSweepOnce when the server is ready, then every RETENTION_SWEEP_SECONDS. */
export const retentionSweep = fp(
  async (app) => {
    runPeriodically(app, sweepIntervalSeconds(app.config), 'retention sweep', () =>
      retentionSweepOnce(app),
    );
  },
  { name: 'retention-sweep', dependencies: ['services'] },
);
