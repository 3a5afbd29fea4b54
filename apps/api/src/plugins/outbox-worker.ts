import fp from 'fastify-plugin';
import type { Config } from '../config/config';
import { runPeriodically } from './periodic-task';

/** Seconds between searches: OUTBOX_POLL_SECONDS, by default 10, or 0 (off) when NODE_ENV=test. */
function pollSeconds(config: Config): number {
  return config.OUTBOX_POLL_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 10);
}

/**
 * Sends what the outbox holds that is due (notify/outbox.ts): messages a crash left unsent and
 * failed deliveries whose retry has come, when the server is ready and then every
 * OUTBOX_POLL_SECONDS, and forgets messages sent long ago. Every server process does; each
 * message is taken by one.
 */
export const outboxWorker = fp(
  async (app) => {
    runPeriodically(app, pollSeconds(app.config), 'outbox delivery', async () => {
      await app.services.outbox.deliver();
      await app.services.outbox.prune();
    });
  },
  { name: 'outbox-worker', dependencies: ['services'] },
);
