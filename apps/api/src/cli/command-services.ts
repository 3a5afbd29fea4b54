import pino from 'pino';
import { serializeError } from '../http/log-serializers';
import { createSharedCatalogChanges } from '../catalog/catalog-changes';
import type { Config } from '../config/config';
import { openStoreDatabase } from '../db/open-store-database';
import { createNotifier, type Notifier } from '../notify/notifier';
import { createServices } from '../services';

/** Most commands change data and send no e-mail or SMS (send-alerts sends e-mail). */
const noMessages: Notifier = {
  send: () => Promise.reject(new Error('Commands send no messages.')),
  delivers: () => false,
  close: () => Promise.resolve(),
};

/**
 * Opens the configured database for a command (taking the data folder's lock, as the server
 * does) and builds the services over it, with the configured e-mail and SMS when it `sends`;
 * `close` releases them. `existingStore`: refuse to create a new embedded store.
 */
export async function openCommandServices(
  config: Config,
  options: { sends?: boolean; existingStore?: boolean } = {},
) {
  const store = await openStoreDatabase(config, {
    shareRunningStore: true,
    existingStore: options.existingStore,
  });
  const log = pino({
    level: config.LOG_LEVEL === 'silent' ? 'silent' : 'warn',
    serializers: { err: serializeError },
  });
  const notifier = options.sends
    ? createNotifier({ config, database: store.database, log })
    : noMessages;
  // Told to a running server too, so that its listings show the command's changes at once.
  const catalogChanges = createSharedCatalogChanges(store.database, (line) => log.warn(line));
  const services = createServices({
    config,
    database: store.database,
    notifier,
    log,
    catalogChanges,
  });
  const close = async () => {
    await catalogChanges.close();
    await notifier.close();
    await store.close();
  };
  return { services, database: store.database, close };
}
