import pino from 'pino';
import { createSharedCatalogChanges } from '../catalog/catalog-changes';
import type { Config } from '../config/config';
import { openStoreDatabase } from '../db/open-store-database';
import type { Notifier } from '../notify/notifier';
import { createServices } from '../services';

/** Commands change data; they send no e-mail or SMS. */
const noMessages: Notifier = {
  send: () => Promise.reject(new Error('Commands send no messages.')),
  close: () => Promise.resolve(),
};

/**
 * Opens the configured database for a command (taking the data folder's lock, as the server
 * does) and builds the services over it; `close` releases both.
 */
export async function openCommandServices(config: Config) {
  const store = await openStoreDatabase(config, { shareRunningStore: true });
  const log = pino({ level: config.LOG_LEVEL === 'silent' ? 'silent' : 'warn' });
  // Told to a running server too, so that its listings show the command's changes at once.
  const catalogChanges = createSharedCatalogChanges(store.database, (line) => log.warn(line));
  const services = createServices({
    config,
    database: store.database,
    notifier: noMessages,
    log,
    catalogChanges,
  });
  const close = async () => {
    await catalogChanges.close();
    await store.close();
  };
  return { services, database: store.database, close };
}
