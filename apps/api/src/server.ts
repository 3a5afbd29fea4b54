import cluster from 'node:cluster';
import { buildApp, type App } from './app';
import { createSharedCatalogChanges, type SharedCatalogChanges } from './catalog/catalog-changes';
import { configWarnings, loadConfig, type Config } from './config/config';
import { openStoreDatabase, type StoreDatabase } from './db/open-store-database';
import { loadDemoDataIfEmpty } from './demo/demo-data';
import { checkUploadFolder } from './imports/upload-folder';
import { checkMessageServers } from './notify/message-server-checks';
import {
  databaseNotAnswering,
  START_REFUSED_EXIT_CODE,
  startFailureHeadline,
  startRefusal,
} from './start-failure';
import { tellStartRefusal } from './worker-exits';

let settings: Config | undefined;
let app: App | undefined;
let store: StoreDatabase | undefined;
let catalogChanges: SharedCatalogChanges | undefined;
/** The start-up step under way (settled, never rejects): shutdown waits for it. */
let starting: Promise<void> = Promise.resolve();
let closing = false;

/** Runs one start-up step so that a signal arriving meanwhile waits for it, then closes. */
function step(work: Promise<void>): Promise<void> {
  starting = work.catch(() => {});
  return work;
}

/**
 * Stops on SIGTERM/SIGINT at any moment, start-up included: waits for the step under way
 * (opening or migrating the database, loading demo data: none can be cut short safely), closes
 * whatever exists (server, database connections, the embedded PostgreSQL server), releases the
 * data folder and exits 0. Exits 1 when that
 * takes longer than SHUTDOWN_GRACE_SECONDS or fails.
 */
async function shutdown(signal: string, config: Config) {
  if (closing) return;
  closing = true;
  if (app) app.log.info(`${signal} received, shutting down`);
  else if (config.LOG_LEVEL !== 'silent')
    console.log(`${signal} received during start-up, stopping`);
  const grace = config.SHUTDOWN_GRACE_SECONDS;
  const timer = setTimeout(() => {
    console.error(`Shutdown took longer than ${grace} s (SHUTDOWN_GRACE_SECONDS): exiting anyway.`);
    process.exit(1);
  }, grace * 1000).unref();
  try {
    await starting;
    await app?.close();
    await catalogChanges?.close();
    await store?.close();
    clearTimeout(timer);
    process.exit(0);
  } catch (error) {
    if (app) app.log.error({ err: error }, 'shutdown failed');
    else console.error('Shutdown failed:', error);
    process.exit(1);
  }
}

/**
 * A promise rejected with nothing to handle it is a bug, but not one that left a half-done step
 * behind (each step is a transaction): it is logged and the store keeps serving. Node's default
 * ends the process, and under `npm start` nothing would start it again (decision 0089). An
 * uncaught exception still ends it.
 */
process.on('unhandledRejection', (reason) => {
  if (app) app.log.error({ err: reason }, 'unhandled promise rejection: the store keeps running');
  else console.error('Unhandled promise rejection:', reason);
});

async function main() {
  const config = loadConfig(process.env, { forServer: true });
  settings = config;
  checkUploadFolder(config.DATA_DIR);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => void shutdown(signal, config));
  }

  const log = (line: string) => (app ? app.log.warn(line) : console.error(line));
  await step(
    openStoreDatabase(config, { log }).then((opened) => {
      store = opened;
    }),
  );
  if (closing) return;
  const database = store!.database;
  // Other server processes on the database hear this one's catalogue changes, and it theirs.
  catalogChanges = createSharedCatalogChanges(database, log);
  await step(catalogChanges.start());
  if (closing) return;
  await step(
    buildApp(config, { database, catalogChanges }).then((built) => {
      app = built;
    }),
  );
  if (closing) return;
  // Numbers stored before their categories were kept get them now (migration 0007).
  await step(
    app!.services.catalog.classifyUnclassified((line) => app!.log.info(line)).then(() => {}),
  );
  if (closing) return;
  await step(loadDemoDataIfEmpty(app!.services, config, (line) => app!.log.info(line)));
  if (closing) return;
  // Imports a stopped server left running: nothing of them was applied; say so.
  await step(app!.services.imports.failAbandoned().then(() => {}));
  if (closing) return;

  await step(app!.listen({ host: config.HOST, port: config.PORT }).then(() => {}));
  if (closing) return;
  const address = app!.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const docs = config.apiDocs ? ` (API docs at http://${host}:${port}/api/docs)` : '';
  console.log(`Store ready at http://${host}:${port}${docs}`);
  // Said once per start: by the cluster's primary when there is one (cluster.ts).
  if (cluster.isPrimary) {
    for (const warning of configWarnings(config)) app!.log.warn(warning);
    void checkMessageServers(config, (line) => app!.log.warn(line));
  }
}

main().catch(async (error: unknown) => {
  // A signal during start-up may make a step fail (the database closing under it): the
  // shutdown under way decides how the process ends.
  if (closing) return;
  // A reason the store can name is one line (a setting and its fix); any other, with its trace.
  const refusal = startRefusal(error, settings);
  const notAnswering = refusal ? undefined : databaseNotAnswering(error, settings);
  if (notAnswering) console.error(notAnswering);
  else if (!refusal) {
    console.error(startFailureHeadline(error));
    console.error(error);
  }
  // Close what was opened (the embedded server and the data folder's lock with it) before leaving.
  await app?.close().catch(() => {});
  await catalogChanges?.close().catch(() => {});
  await store?.close().catch(() => {});
  if (!refusal) process.exit(1);
  // A worker tells the cluster's primary, which says it once for all and stops (worker-exits.ts).
  if (cluster.isWorker) await tellStartRefusal(refusal);
  else console.error(refusal);
  process.exit(START_REFUSED_EXIT_CODE);
});
