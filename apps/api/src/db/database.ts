import { join } from 'node:path';
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  sql,
  type ExtractTablesWithRelations,
} from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { apiFolder } from '../config/api-folder';
import { withAdvisoryLock } from './advisory-lock';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A drizzle transaction: every statement of a transaction must go through it, never `db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /** `embedded`: the store's own server in DATA_DIR; `external`: DATABASE_URL's. */
  kind: 'embedded' | 'external';
  /** Runs a raw statement with positional parameters (bulk loads with array parameters). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** A connection of its own (release it): for a transaction across COPY streams. */
  connect(): Promise<pg.PoolClient>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(apiFolder, 'drizzle');

/**
 * Calls `expire` once `ms` have passed, and then as long again as the timer fired late: a timer
 * late because this process could not run (a long garbage collection, a starved CPU) fires
 * before the sockets are read, so the answer that came meanwhile is read first. Answers a
 * function that cancels it.
 */
function afterWaiting(ms: number, expire: () => void): () => void {
  const due = performance.now() + ms;
  let timer = setTimeout(() => {
    timer = setTimeout(expire, performance.now() - due).unref();
  }, ms).unref();
  return () => clearTimeout(timer);
}

/** A connection whose opening (TCP and PostgreSQL's start-up) gives up after 1.5 s. */
class QuickConnectClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    const settings = typeof config === 'string' ? { connectionString: config } : (config ?? {});
    // The pool's settings without pg's own timeout (its timer counts the time this process was
    // stalled too), read through the prototype: a copy would lose the password, which pg-pool
    // keeps as a hidden property.
    super(
      Object.assign(Object.create(settings) as pg.ClientConfig, { connectionTimeoutMillis: 0 }),
    );
    // The pool listens for errors of idle connections only. A connection the server ends in the
    // moment between its opening and the pool taking it (the server killed as it opened: the
    // goodbye arrives with the start-up's last packet), or while checked out and waiting between
    // queries (an advisory lock held during work, a transaction), would otherwise throw the
    // goodbye as an uncaught error and stop the process. Its next query fails instead, and
    // releasing it removes it from the pool.
    this.on('error', () => {});
  }

  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error | null) => void): void;
  override connect(callback?: (err: Error | null) => void): Promise<pg.Client> | void {
    // What pg's own timeout does, with the message isDatabaseUnreachable knows.
    const cancel = afterWaiting(1_500, () =>
      this.connection.stream.destroy(new Error('timeout expired')),
    );
    const connected = super.connect().finally(cancel);
    if (!callback) return connected;
    connected.then(() => callback(null), callback);
  }
}

const dialect = new PgDialect();
const relations = extractTablesRelationalConfig<ExtractTablesWithRelations<Schema>>(
  schema,
  createTableRelationsHelpers,
);
const relationalSchema = {
  fullSchema: schema,
  schema: relations.tables,
  tableNamesMap: relations.tableNamesMap,
};

/** What the work of a transaction has thrown, before it has thrown anything. */
const noError = Symbol('no error');

/**
 * `db.transaction` on a connection checked out here. drizzle's own (0.45.4) runs BEGIN before
 * the try/finally that gives the connection back (drizzle-orm issue #6241): a BEGIN that fails,
 * as on a connection the server dropped under it, kept the connection checked out for good, the
 * pool shrank, and closing it waited forever (a server's shutdown after a database restart).
 * The connection goes back to the pool when the transaction's own statements (begin, commit,
 * rollback) went through, and is destroyed otherwise.
 */
async function transactionOnOwnConnection<T>(
  pool: pg.Pool,
  work: (tx: Tx) => Promise<T>,
  config: Parameters<Db['transaction']>[1],
): Promise<T> {
  const client = await pool.connect();
  let workError: unknown = noError;
  try {
    const session = new NodePgSession<Schema, ExtractTablesWithRelations<Schema>>(
      client,
      dialect,
      relationalSchema,
    );
    const result = await session.transaction(async (tx) => {
      try {
        return await work(tx);
      } catch (error) {
        workError = error;
        throw error;
      }
    }, config);
    client.release();
    return result;
  } catch (error) {
    // The work's own error comes back only after a rollback that went through.
    client.release(error !== workError);
    // A rollback that failed after the work did (the connection lost under both: "not
    // queryable") says less than the work's error, which names the cause (57P01).
    throw workError === noError ? error : workError;
  }
}

/** A connection string, or the settings the embedded server hands out (a socket folder as host). */
export type Connection = string | pg.ClientConfig;

/**
 * Opens a pool of up to 10 connections. A connection that the server drops while idle (a
 * restart) is logged through `onIdleError` and replaced on the next query.
 */
export function openDatabase(
  connection: Connection,
  options: { kind?: Database['kind']; onIdleError?: (error: Error) => void } = {},
): Database {
  const settings = typeof connection === 'string' ? { connectionString: connection } : connection;
  // Waiting for a free connection gives up after 5 s (a burst of requests queues), but opening
  // one to a server that does not answer after 1.5 s: the request answers 503 within 2 s.
  const pool = new pg.Pool({
    ...settings,
    max: 10,
    connectionTimeoutMillis: 5_000,
    Client: QuickConnectClient,
  });
  pool.on('error', options.onIdleError ?? (() => {}));
  // `pool.end()` resolves before its connections have said goodbye; stopping the server in that
  // moment kills them mid-close ("terminating connection due to administrator command").
  let connections = 0;
  let lastClosed: (() => void) | undefined;
  pool.on('connect', () => connections++);
  pool.on('remove', () => {
    if (--connections === 0) lastClosed?.();
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  db.transaction = (work, config) => transactionOnOwnConnection(pool, work, config);
  const database: Database = {
    db,
    kind: options.kind ?? 'external',
    async query(text, params) {
      return (await pool.query(text, params)).rows as never;
    },
    connect: () => pool.connect(),
    // Several processes starting together migrate one after the other: the later ones find
    // the work done.
    migrate: () =>
      withAdvisoryLock(database, 'store:migrate', { wait: true }, async () => {
        await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        await migrate(drizzle(pool), { migrationsFolder });
      }),
    async close() {
      const allClosed =
        connections === 0 ? Promise.resolve() : new Promise<void>((done) => (lastClosed = done));
      await pool.end();
      await allClosed;
    },
  };
  return database;
}

/**
 * Failures of reaching the database (a server stopped, restarting or unreachable): network
 * codes, and PostgreSQL's refusals of a new connection: too many connections (53300), the
 * database gone (3D000).
 */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  '53300',
  '3D000',
]);

/**
 * Whether the error (or its causes) says the database cannot be reached now, rather than that
 * the query was wrong: a refused or lost connection, a connection's or the pool's timeout
 * (pg says "timeout expired" and "timeout exceeded when trying to connect"), a query on a
 * connection already lost ("not queryable"), PostgreSQL's connection-exception (08xxx) and
 * shutting-down (57P01-57P03) states, and a database that accepts no connections now (55000
 * with those words: `ALLOW_CONNECTIONS false`; 55000 means other things too).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (const { code, message } of causes(error)) {
    const words = typeof message === 'string' ? message : '';
    if (typeof code === 'string') {
      if (unreachableCodes.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) {
        return true;
      }
      if (code === '55000' && words.includes('is not currently accepting connections')) return true;
    }
    if (
      /timeout exceeded when trying to connect|^timeout expired$|Connection terminated|encountered a connection error and is not queryable/.test(
        words,
      )
    ) {
      return true;
    }
  }
  return false;
}

/** An error and the errors it wraps (`cause`), a few deep: drivers and ORMs wrap pg's. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** PostgreSQL gave up waiting for a lock (lock_timeout): another transaction holds the rows. */
export function isLockWaitOver(error: unknown): boolean {
  return [...causes(error)].some(({ code }) => code === '55P03');
}

/** How long the health check waits for the database before calling it down. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/**
 * Whether `select 1` succeeds within the time limit (a hung database counts as down), not
 * counting a stall of this process (afterWaiting).
 */
export async function isDatabaseUp(db: Db, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<boolean> {
  let cancel: (() => void) | undefined;
  const timedOut = new Promise<false>((resolve) => {
    cancel = afterWaiting(timeoutMs, () => resolve(false));
  });
  const answered = Promise.resolve()
    .then(() => db.execute(sql`select 1`))
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    cancel?.();
  }
}
