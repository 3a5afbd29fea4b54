import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openStoreDatabase } from './db/open-store-database';
import { loadDemoDataIfEmpty } from './demo/demo-data';

async function main() {
  const config = loadConfig();
  const store = await openStoreDatabase(config);
  const app = await buildApp(config, { database: store.database });
  await loadDemoDataIfEmpty(store.database, config, (line) => app.log.info(line));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await store.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await store.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(
    `Store ready at http://${host}:${port} (API docs at http://${host}:${port}/api/docs)`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
