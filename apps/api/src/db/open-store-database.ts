import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config/config';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { openDatabase, type Database } from './database';
import {
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embedded-postgres';
import { EmbeddedPostgresError } from './postgres-binaries';

export interface StoreDatabase {
  database: Database;
  /** Closes the connections; stops the embedded server and releases the data folder if ours. */
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /**
   * A command (backup, seed, create-staff) may use the embedded server of a store that is
   * running; the server itself may not share its data folder.
   */
  shareRunningStore?: boolean;
  /** Where the embedded server's troubles are told (a crash, its restart). */
  log?: (line: string) => void;
  /** Opens DATA_DIR even though it still holds a PGlite store (the import does so). */
  importingPglite?: boolean;
  /**
   * Without DATABASE_URL, refuse a data folder that holds no store yet instead of creating one
   * (create-staff: the store's first start creates it).
   */
  existingStore?: boolean;
}

/**
 * What DATABASE_URL names, never its password: the place (host:port, or a Unix socket's folder,
 * as a `host` query parameter may give it), the user and the database.
 */
export function describeDatabaseUrl(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const host = url.searchParams.get('host') || decodeURIComponent(url.hostname) || 'localhost';
  const port = url.searchParams.get('port') || url.port || '5432';
  const user = decodeURIComponent(url.username) || url.searchParams.get('user') || 'postgres';
  const database = decodeURIComponent(url.pathname.slice(1)) || user;
  const place = host.startsWith('/') ? `the socket in ${host}` : `${host}:${port}`;
  return { place, user, database };
}

/**
 * The store a command works on, in its lines: "the database store on 127.0.0.1:5432" or "the
 * embedded store in /srv/store/data" (QA 29 F10: a backup says what it read).
 */
export function storeDescription(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (!config.DATABASE_URL) return `the embedded store in ${config.DATA_DIR}`;
  const { place, database } = describeDatabaseUrl(config.DATABASE_URL);
  return `the database ${database} on ${place}`;
}

/**
 * A command that works on a store (backup, create-staff: `existingStore`) found none where its
 * settings point, the embedded folder's or DATABASE_URL's. A kind of EmbeddedPostgresError so that
 * every command already says it in one line.
 */
class NoStoreError extends EmbeddedPostgresError {
  override name = 'NoStoreError';
}

/** The embedded server's cluster, once its first start has made it (embedded-postgres.ts). */
const holdsStore = (dataDir: string) => existsSync(join(dataDir, 'postgres', 'PG_VERSION'));

/** Whether a database has had the store's migrations (a store's first start applies them). */
async function holdsMigrations(database: Database): Promise<boolean> {
  const [found] = await database.query<{ made: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as made",
  );
  return found?.made === true;
}

/** An earlier version kept the store in PGlite, in DATA_DIR/pgdata. */
export const pgliteFolder = (dataDir: string) => join(dataDir, 'pgdata');

function refuseUnmovedPglite(dataDir: string) {
  if (!existsSync(join(pgliteFolder(dataDir), 'PG_VERSION'))) return;
  throw new EmbeddedPostgresError(
    `${pgliteFolder(dataDir)} holds a store kept by an earlier version (PGlite), ` +
      'which this version does not read. Move it into the PostgreSQL server with:\n\n' +
      '  npm run import-pglite\n\n' +
      'then start again (docs/decisions/0008-embedded-postgresql-server.md).',
  );
}

/** A server that stops unasked is started again (PostgreSQL recovers its data), but not in a loop. */
const RESTARTS_PER_MINUTE = 3;
/** Tries at starting it again after it stopped (about 20 s in all). */
const RESTART_ATTEMPTS = 10;

/**
 * Opens the configured database and applies the migrations: DATABASE_URL's server when set,
 * otherwise the embedded PostgreSQL server of DATA_DIR, started here after taking the data
 * folder's lock (a second store on the folder is refused; its server's pid file alone cannot
 * tell a live store from one that was killed), or, with `shareRunningStore`, the server of the
 * store running on that folder.
 */
export async function openStoreDatabase(
  config: Config,
  options: OpenStoreOptions = {},
): Promise<StoreDatabase> {
  const log = options.log ?? ((line: string) => console.error(line));
  if (config.DATABASE_URL) {
    const database = openDatabase(config.DATABASE_URL, { onIdleError: (e) => log(e.message) });
    const store = { database, close: () => database.close() };
    if (options.existingStore && !(await holdsMigrations(database))) {
      await store.close();
      throw new NoStoreError(
        `No store in ${storeDescription(config)}: its tables were never made, and nothing was created. ` +
          "Run this with the DATABASE_URL the store's processes have, or start the store once on this database first.",
      );
    }
    return migrated(store);
  }
  const dataDir = config.DATA_DIR;
  if (!options.importingPglite) refuseUnmovedPglite(dataDir);
  if (options.existingStore && !holdsStore(dataDir)) {
    throw new NoStoreError(
      `No store in the data folder ${dataDir}, and DATABASE_URL is not set: nothing was created. ` +
        "With your own PostgreSQL, run this with the store's DATABASE_URL (as its processes have it); " +
        'with the embedded database, start the store first (npm start) in this folder, or set DATA_DIR to its folder.',
    );
  }
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    const running = options.shareRunningStore && runningEmbeddedPostgres(dataDir);
    if (!(error instanceof DataDirLockedError) || !running) throw error;
    const database = openDatabase(running, { kind: 'embedded' });
    return migrated({ database, close: () => database.close() });
  }

  let server: EmbeddedPostgres | undefined;
  let closed = false;
  const restarts: number[] = [];
  let restarting: Promise<void> = Promise.resolve();
  const start = async () => {
    const port = server?.connection.port;
    server = await startEmbeddedPostgres(dataDir, { onUnexpectedExit, port });
  };
  const stop = async () => {
    closed = true;
    await restarting;
    await server?.stop();
    release();
  };
  function onUnexpectedExit(reason: string) {
    if (closed) return;
    const now = Date.now();
    if (restarts.filter((at) => at > now - 60_000).length >= RESTARTS_PER_MINUTE) {
      log(`The embedded PostgreSQL server stopped again (${reason}); not restarting it.`);
      return;
    }
    restarts.push(now);
    log(`The embedded PostgreSQL server stopped (${reason}); starting it again.`);
    restarting = (async () => {
      // The dead server's sessions hold its shared memory until each notices (longer on a busy
      // machine): try for about 20 s, waiting a little longer each time.
      for (let attempt = 1; !closed; attempt++) {
        try {
          await start();
          log('The embedded PostgreSQL server is running again.');
          return;
        } catch (error) {
          if (attempt === RESTART_ATTEMPTS) {
            log(`The embedded PostgreSQL server did not start again: ${error}`);
            return;
          }
          await sleep(Math.min(500 * attempt, 3_000));
        }
      }
    })();
  }
  try {
    await start();
    const database = openDatabase(server!.connection, {
      kind: 'embedded',
      onIdleError: (e) => log(`database connection lost: ${e.message}`),
    });
    return await migrated({
      database,
      async close() {
        await database.close();
        await stop();
      },
    });
  } catch (error) {
    await stop();
    throw error;
  }
}

async function migrated(store: StoreDatabase): Promise<StoreDatabase> {
  try {
    await store.database.migrate();
    return store;
  } catch (error) {
    await store.close();
    throw error;
  }
}
