import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` once the server is ready and then every `seconds` (never when 0), one run at a
 * time; a failed run is logged as "`what` failed". Closing the server waits for a run under way.
 */
export function runPeriodically(
  app: FastifyInstance,
  seconds: number,
  what: string,
  work: () => Promise<unknown>,
) {
  if (seconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= work()
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
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
}
