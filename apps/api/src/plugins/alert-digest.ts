import fp from 'fastify-plugin';
import type { Config } from '../config/config';
import { runPeriodically } from './periodic-task';

/** Seconds between runs: ALERT_DIGEST_SECONDS, by default 3600, or 0 (off) when NODE_ENV=test. */
function digestIntervalSeconds(config: Config): number {
  return config.ALERT_DIGEST_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 3600);
}

/**
 * Sends the daily alert e-mails that are due (alerts/alert-service.ts) when the server is
 * ready, then every ALERT_DIGEST_SECONDS: a buyer gets at most one a day, and an advisory lock
 * keeps a second server process (or `npm run send-alerts`) from sending at the same time.
 */
export const alertDigest = fp(
  async (app) => {
    runPeriodically(app, digestIntervalSeconds(app.config), 'alert digest', () =>
      app.services.alerts.sendDigests(),
    );
  },
  { name: 'alert-digest', dependencies: ['services'] },
);
