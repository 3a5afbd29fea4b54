import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { Database } from '../db/database';

/**
 * A committed change of `numbers` rows. Every write of the catalogue is told as one, after its
 * transaction commits: inserted (a load), repriced (price or offer), status (hidden or shown),
 * held (checkout), released (a hold given back), sold (a payment), removed (seed --reset),
 * classified (categories filled for rows stored before they were kept). `missed`: this process
 * could not hear other processes for a while (its listening connection was lost), so anything
 * may have changed; its count is 0 (unknown).
 */
export interface CatalogChange {
  kind:
    | 'inserted'
    | 'repriced'
    | 'status'
    | 'held'
    | 'released'
    | 'sold'
    | 'removed'
    | 'classified'
    | 'missed';
  /** How many rows changed (never 0 but for `missed`: nothing is told when nothing changed). */
  count: number;
}

/**
 * Where the catalogue tells its changes, and where whatever keeps copies of catalogue data (the
 * listing cache) hears them: in-process (tests, commands), or through PostgreSQL to every
 * process on the database (the server).
 */
export interface CatalogChanges {
  publish(change: CatalogChange): void;
  /** Calls `listener` with every change published from now on; returns the way to stop. */
  subscribe(listener: (change: CatalogChange) => void): () => void;
}

/** The changes of this process, told to this process's listeners at once. */
export function createInProcessCatalogChanges(): CatalogChanges {
  const listeners = new Set<(change: CatalogChange) => void>();
  return {
    publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The PostgreSQL channel the catalogue's changes are told on (LISTEN/NOTIFY). */
const channel = 'catalog_changes';

export interface SharedCatalogChanges extends CatalogChanges {
  /** Starts listening (resolves once LISTEN is in place: changes published after are heard). */
  start(): Promise<void>;
  /** Waits for the changes told, stops listening and gives the connection back. */
  close(): Promise<void>;
}

/**
 * The changes of every process on one database. This process's listeners hear its own changes at
 * once, as in-process; every other process hears them through NOTIFY on `catalog_changes`, on
 * one connection of the pool kept for LISTEN. When that connection is lost (a database restart),
 * it is made again with back-off, and the listeners are told `missed`: what other processes
 * changed meanwhile was not heard.
 */
export function createSharedCatalogChanges(
  database: Pick<Database, 'connect' | 'query'>,
  log: (message: string) => void,
): SharedCatalogChanges {
  const local = createInProcessCatalogChanges();
  const origin = randomUUID();
  let client: pg.PoolClient | undefined;
  const closing = new AbortController();
  /** Notifications on their way: close() waits for them (a command ends right after its change). */
  const pending = new Set<Promise<void>>();
  let reconnecting: Promise<void> | undefined;

  const hear = (message: pg.Notification) => {
    if (message.channel !== channel || !message.payload) return;
    let told: CatalogChange & { from: string };
    try {
      told = JSON.parse(message.payload) as typeof told;
    } catch {
      return log(`catalogue changes: not a change: ${message.payload.slice(0, 100)}`);
    }
    if (told.from !== origin) local.publish({ kind: told.kind, count: told.count });
  };

  async function listen() {
    const connection = await database.connect();
    try {
      connection.on('notification', hear);
      connection.on('error', (error) => lost(connection, error));
      await connection.query(`listen ${channel}`);
    } catch (error) {
      connection.release(true);
      throw error;
    }
    client = connection;
  }

  function lost(connection: pg.PoolClient, error: Error) {
    if (client !== connection) return;
    client = undefined;
    connection.release(true);
    if (closing.signal.aborted) return;
    log(`catalogue changes: listening connection lost (${error.message}); reconnecting`);
    reconnecting = (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          await sleep(Math.min(250 * 2 ** attempt, 10_000), undefined, { signal: closing.signal });
        } catch {
          return; // closed
        }
        try {
          await listen();
          log('catalogue changes: listening again');
          local.publish({ kind: 'missed', count: 0 });
          return;
        } catch {
          // The database is still away: try again later.
        }
      }
    })().finally(() => (reconnecting = undefined));
  }

  return {
    subscribe: local.subscribe,
    publish(change) {
      local.publish(change);
      const payload = JSON.stringify({ from: origin, ...change });
      const telling = database
        .query('select pg_notify($1, $2)', [channel, payload])
        .then(
          () => undefined,
          (error: Error) => log(`catalogue changes: not told to other processes: ${error.message}`),
        )
        .finally(() => pending.delete(telling));
      pending.add(telling);
    },
    start: listen,
    async close() {
      closing.abort();
      await Promise.all([reconnecting, ...pending]);
      if (client) {
        const connection = client;
        client = undefined;
        await connection.query(`unlisten ${channel}`).catch(() => {});
        connection.release();
      }
    },
  };
}
