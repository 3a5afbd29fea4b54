import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { START_REFUSED_EXIT_CODE } from '../start-failure';
import { loadConfig } from '../config/config';
import { openStoreDatabase } from '../db/open-store-database';
import { tableContents } from '../../test-support/table-contents';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'store-pglite-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(script: string, dataDir: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script],
      {
        cwd: apiDir,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          PORT: '0',
          LOG_LEVEL: 'silent',
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
    );
  });
}

/** A store as the PGlite versions kept it: DATA_DIR/pgdata, migrated, with a cart in it. */
async function pgliteStore(dataDir: string) {
  mkdirSync(dataDir);
  const pglite = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  await pglite.exec('create extension if not exists pg_trgm');
  await migrate(drizzle(pglite), {
    migrationsFolder: fileURLToPath(new URL('../../drizzle', import.meta.url)),
  });
  await pglite.exec(`
    insert into users (name, email, mobile, account_type, role, accept_terms_and_conditions)
      values ('Asha Verma', 'asha@example.com', '9812345678', 'Individual', 'customer', true);
    insert into numbers (number, base_price, final_price, category, digit_sum, mid, total, status)
      values ('9876598765', 500000, 450000, 'mirror-numbers', 7, 6, 1, 'available'),
             ('9812341234', 120000, 120000, 'unique-numbers', 5, 2, 2, 'available');
    insert into carts (user_id) select id from users;
    insert into cart_items (cart_id, number_id, price_at_add)
      select c.id, n.id, n.final_price from carts c, numbers n;
  `);
  const contents = await tableContents(async (text) => (await pglite.query(text)).rows as never);
  await pglite.close();
  return contents;
}

describe('a store kept in PGlite by an earlier version', () => {
  it('stops the server from starting until npm run import-pglite has moved it over', async () => {
    const dataDir = join(scratch, 'data');
    const before = await pgliteStore(dataDir);
    expect(before.cart_items).toHaveLength(2);

    const refused = await run('src/server.ts', dataDir);
    // A refusal starting again cannot mend (decision 0103).
    expect(refused.code).toBe(START_REFUSED_EXIT_CODE);
    expect(refused.output).toContain('holds a store kept by an earlier version (PGlite)');
    expect(refused.output).toContain('npm run import-pglite');

    const imported = await run('src/cli/import-pglite.ts', dataDir);
    expect(imported.output).toContain('now lives in the embedded PostgreSQL server');
    expect(imported.code).toBe(0);
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
    expect(existsSync(join(dataDir, 'pgdata.imported', 'PG_VERSION'))).toBe(true);

    const store = await openStoreDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect(await tableContents((text) => store.database.query(text))).toEqual(before);
    } finally {
      await store.close();
    }
  }, 120_000);
});
