import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a raw statement with positional parameters (bulk loads with array parameters). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

/** Opens PostgreSQL when a URL is given, otherwise PGlite on a data folder (or in memory). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url);
  const dataDir = 'dataDir' in target ? target.dataDir : undefined;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async query(text, params) {
      return (await client.query(text, params)).rows as never;
    },
    async migrate() {
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  // Connecting to a server that does not answer (or waiting for a free connection) gives up
  // after 5 s instead of holding the query forever.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async query(text, params) {
      return (await pool.query(text, params)).rows as never;
    },
    async migrate() {
      await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migratePg(drizzlePg(pool), { migrationsFolder });
    },
    close: () => pool.end(),
  };
}

/** How long the health check waits for the database before calling it down. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/** Whether `select 1` succeeds within the time limit (a hung database counts as down). */
export async function isDatabaseUp(db: Db, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
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
    clearTimeout(timer);
  }
}
