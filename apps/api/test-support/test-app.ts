import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config/config';
import { openDatabase, type Database } from '../src/db/database';

/**
 * API tests run against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL is
 * set. Each database is opened and migrated once per test run (the API project runs its files
 * in one worker without isolation) and its tables are emptied before every test.
 */
type DatabaseName = 'pglite' | 'postgres';

const opened = new Map<DatabaseName, Promise<Database>>();

export function sharedDatabase(name: DatabaseName): Promise<Database> {
  let database = opened.get(name);
  if (!database) {
    database = (async () => {
      const db = await openDatabase(
        name === 'pglite' ? { memory: true } : { url: process.env.TEST_DATABASE_URL! },
      );
      await db.migrate();
      return db;
    })();
    opened.set(name, database);
  }
  return database;
}

let skipReasonPrinted = false;
function databaseNames(): DatabaseName[] {
  if (process.env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  if (!skipReasonPrinted) {
    skipReasonPrinted = true;
    console.log('PostgreSQL API tests skipped: TEST_DATABASE_URL is not set (PGlite runs them).');
  }
  return ['pglite'];
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
  dbName: DatabaseName;
}

/**
 * Declares a suite once per test database. `ctx()` gives the app built for that database;
 * tables are emptied before each test.
 */
export function describeEachDatabase(
  title: string,
  body: (ctx: () => TestContext) => void,
  options: { env?: Record<string, string> } = {},
) {
  for (const dbName of databaseNames()) {
    describe(`${title} [${dbName}]`, () => {
      let context: TestContext | undefined;
      beforeAll(async () => {
        const database = await sharedDatabase(dbName);
        const config = testConfig(options.env);
        const app = await buildApp(config, { database });
        await app.ready();
        context = { app, database, config, dbName };
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
}
