import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config/config';
import { tablesInLoadOrder } from '../src/db/backup';
import { openDatabase, type Database } from '../src/db/database';
import { adminQuery } from './database-server';

/**
 * Every API test file has a PostgreSQL database of its own, copied from the template that the
 * global setup migrated (database-server.ts), so files run in parallel workers. It is made on
 * first use, its tables are emptied before every test, and it is dropped after the file
 * (file-database-hooks.ts).
 */
let fileDatabase: { name: string; database: Promise<Database> } | undefined;
let made = 0;

/** The test file's database, shared by its suites. */
export function sharedDatabase(): Promise<Database> {
  if (!fileDatabase) {
    const { admin, template } = inject('testDatabaseServer');
    const name = `store_test_${process.pid}_${++made}`;
    const database = adminQuery(admin, `create database ${name} template ${template}`).then(() =>
      openDatabase({ ...admin, database: name }),
    );
    fileDatabase = { name, database };
  }
  return fileDatabase.database;
}

export async function dropFileDatabase() {
  if (!fileDatabase) return;
  const { name, database } = fileDatabase;
  fileDatabase = undefined;
  await (await database).close();
  await adminQuery(inject('testDatabaseServer').admin, `drop database ${name} with (force)`);
}

/** Per database: the statement that empties it (see resetDatabase). */
const emptying = new WeakMap<Database, Promise<string>>();

async function emptyingStatement(database: Database) {
  const tables = await tablesInLoadOrder({
    query: async (text) => ({ rows: await database.query(text) }),
  });
  const sequences = await database.query<{ name: string }>(
    "select quote_ident(sequencename) as name from pg_sequences where schemaname = 'public'",
  );
  return [
    'begin',
    "set local store.erasing_test_data = 'on'",
    ...tables.reverse().map((table) => `delete from "${table.name}"`),
    ...sequences.map(({ name }) => `select setval('${name}', 1, false)`),
    'commit',
  ].join(';\n');
}

/**
 * Empties every table and restarts the sequences: DELETE in one transaction, rows that refer
 * to others first (far cheaper than TRUNCATE for tables this small, most of all on a server
 * that syncs every file it truncates).
 */
export async function resetDatabase(database: Database) {
  let statement = emptying.get(database);
  if (!statement) emptying.set(database, (statement = emptyingStatement(database)));
  await database.query(await statement);
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA_COUNT: '0',
    PUBLIC_BASE_URL: 'http://store.test',
    // Stock imports stage their uploads under it: not the repository's ./data.
    DATA_DIR: join(tmpdir(), 'store-api-tests'),
    ...overrides,
  });
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
}

/**
 * Declares a suite whose tests share an app built on the file's database. `ctx()` gives it;
 * tables are emptied before each test.
 */
export function describeEachDatabase(
  title: string,
  body: (ctx: () => TestContext) => void,
  options: { env?: Record<string, string> } = {},
) {
  describe(title, () => {
    let context: TestContext | undefined;
    beforeAll(async () => {
      const database = await sharedDatabase();
      const config = testConfig(options.env);
      const app = await buildApp(config, { database });
      await app.ready();
      context = { app, database, config };
    });
    beforeEach(async () => {
      await resetDatabase(context!.database);
    });
    afterAll(async () => {
      await context?.app.close();
    });
    body(() => {
      if (!context) throw new Error('test context used before beforeAll ran');
      return context;
    });
  });
}
