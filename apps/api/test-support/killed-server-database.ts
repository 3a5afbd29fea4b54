import { join } from 'node:path';
import type pg from 'pg';
import type { Connection } from '../src/db/database';
import { runningEmbeddedPostgres } from '../src/db/embedded-postgres';
import { adminQuery, databaseUrl } from './database-server';

/** The two databases a server killed in a test may run on (for describe.each). */
export const serverDatabases = [
  { name: 'the embedded database', external: false },
  { name: 'PostgreSQL through DATABASE_URL', external: true },
];

/**
 * A server's data folder under `scratch` and its database: the embedded one in that folder, or
 * the test server's database `externalName` (created here; the caller drops it). `env` is what
 * the server needs for it, `connection()` reaches it while the server runs.
 */
export async function killedServerDatabase(
  scratch: string,
  admin: pg.ClientConfig,
  externalName: string,
  external: boolean,
) {
  const dataDir = join(scratch, external ? 'external' : 'embedded');
  if (external) await adminQuery(admin, `create database ${externalName}`);
  const env: Record<string, string> = external
    ? { DATABASE_URL: databaseUrl(admin, externalName) }
    : {};
  return {
    dataDir,
    env,
    connection: (): Connection =>
      external ? databaseUrl(admin, externalName) : runningEmbeddedPostgres(dataDir)!,
  };
}
