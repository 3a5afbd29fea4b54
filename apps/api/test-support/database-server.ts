import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

export interface TestDatabaseServer {
  /** An administrative connection to the server (its `postgres` database). */
  admin: pg.ClientConfig;
  /** The migrated database every test file's database is copied from. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
  }
}

/** Runs one statement on its own connection (CREATE and DROP DATABASE take no transaction). */
export async function adminQuery(admin: pg.ClientConfig, text: string) {
  const client = new pg.Client(admin);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A DATABASE_URL for the database `name` on the test server (for server processes). */
export function databaseUrl(admin: pg.ClientConfig, name: string): string {
  const url = new URL(`postgresql://localhost/${name}`);
  url.username = String(admin.user);
  url.password = String(admin.password ?? '');
  url.searchParams.set('host', String(admin.host));
  url.searchParams.set('port', String(admin.port ?? 5432));
  return url.href;
}

/**
 * Global setup of the API tests: one PostgreSQL server per run (an embedded one in a temporary
 * folder, or TEST_DATABASE_URL's server), with a template database migrated once. Each test
 * file copies it into a database of its own (test-app.ts).
 */
export default async function setup(project: TestProject) {
  let scratch: string | undefined;
  let stopServer = async () => {};
  let admin: pg.ClientConfig;
  if (process.env.TEST_DATABASE_URL) {
    admin = parseIntoClientConfig(process.env.TEST_DATABASE_URL);
  } else {
    scratch = mkdtempSync(join(tmpdir(), 'store-test-db-'));
    const server = await startEmbeddedPostgres(scratch, { disposable: true });
    admin = server.connection;
    stopServer = () => server.stop();
  }
  const template = `store_template_${process.pid}`;
  await adminQuery(admin, `drop database if exists ${template} with (force)`);
  await adminQuery(admin, `create database ${template}`);
  const database = openDatabase({ ...admin, database: template });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('testDatabaseServer', { admin, template });

  return async () => {
    await adminQuery(admin, `drop database if exists ${template} with (force)`);
    await stopServer();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
}
