import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` once when the server is ready, then every `seconds` (none when 0); a run never
 * starts while the last one is still going, and the server's close waits for it.
 */
export function runPeriodically(
  app: FastifyInstance,
  task: { name: string; seconds: number; work: () => Promise<unknown> },
) {
  if (task.seconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = task
      .work()
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, `${task.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, task.seconds * 1000);
    timer.unref();
    run();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
