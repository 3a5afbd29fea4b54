import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config/config';
import { openDatabase, type Database } from '../db/database';
import { adminQuery } from './database-server';

/**
 * Every API test file has a PostgreSQL database of its own, copied from the template that the
 * global setup migrated (database-server.ts), so files run in parallel workers. It is made on
 * first use, its tables are emptied before every test, and it is dropped after the file
 * (file-database-hooks.ts).
 */
let fileDatabase: { name: string; database: Promise<Database> } | undefined;
let made = 0;

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

export async function resetDatabase(database: Database) {
  const tables = await database.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public'",
  );
  if (tables.length === 0) return;
  await database.query(
    `truncate ${tables.map((t) => `"${t.tablename}"`).join(', ')} restart identity cascade`,
  );
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA_COUNT: '0',
    PUBLIC_BASE_URL: 'http://store.test',
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
