import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { openStoreDatabase, type StoreDatabase } from '../db/open-store-database';
import { adminQuery, databaseUrl } from '../../test-support/database-server';
import { signedIn, staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { tableContents } from '../../test-support/table-contents';
import { testConfig } from '../../test-support/test-app';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'store-backup-'));
const stores: StoreDatabase[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  rmSync(scratch, { recursive: true, force: true });
});

function command(script: 'backup' | 'restore', args: string[], dataDir: string, databaseUrl = '') {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/cli/${script}.ts`, ...args],
      {
        cwd: apiDir,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, INIT_CWD: scratch },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

async function openStore(dataDir: string) {
  const config = testConfig({ DATA_DIR: dataDir });
  const store = await openStoreDatabase(config);
  stores.push(store);
  return { store, app: await buildApp(config, { database: store.database }) };
}

describe('npm run backup and npm run restore', () => {
  it('round-trip a running store with orders into a new data folder', async () => {
    const source = join(scratch, 'source');
    const { store, app } = await openStore(source);
    const { database } = store;
    await app.services.catalog.loadDemoInventory({ count: 300 });
    const [first, second] = await database.query<{ id: number }>(
      "select id from numbers where status = 'available' order by id limit 2",
    );
    // One order paid and moved along its timeline, one waiting for payment.
    const buyer = await signedIn(app, { name: 'Asha Verma' });
    await buyer.client.post(api(`/cart/add/${first!.id}`));
    const paid = (await buyer.client.post(api('/cart/checkout'))).json().data.order;
    const staff = await staffMember(app);
    expect(
      (await staff.client.post(api(`/admin/orders/${paid.id}/payments`), { reference: 'UPI-42' }))
        .statusCode,
    ).toBe(200);
    await staff.client.post(api(`/admin/orders/${paid.id}/events`), { status: 'upc_sent' });
    const other = await signedIn(app, { accountType: 'Corporate' });
    await other.client.post(api(`/cart/add/${second!.id}`));
    expect((await other.client.post(api('/cart/checkout'))).statusCode).toBe(201);

    // The store keeps writing while the backup runs: a cart and its line appear in one
    // statement and go in another. Read outside one snapshot, the backup could hold a line
    // whose cart it lacks, and would not load.
    const shopper = (await signedIn(app)).user.id;
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        await database.query(
          `with cart as (insert into carts (user_id) values ($1) returning id)
           insert into cart_items (cart_id, number_id, price_at_add) select id, $2, 5000 from cart`,
          [shopper, first!.id],
        );
        await database.query('delete from carts where user_id = $1', [shopper]);
        writes++;
      }
    })();
    const backup = await command('backup', ['backups/store.backup.gz'], source);
    writing = false;
    await writer;
    expect(writes).toBeGreaterThan(0);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = join(scratch, 'backups/store.backup.gz');
    expect(backup.stdout).toContain(`Backup of the embedded store in ${source} written to ${file}`);
    expect(backup.stdout).not.toContain('holds no numbers and no orders');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(scratch, 'backups'))).toEqual(['store.backup.gz']);
    const expected = await tableContents((text) => database.query(text));
    await app.close();

    const target = join(scratch, 'target');
    const restore = await command('restore', [file], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored \d+ rows/);
    expect(restore.stdout).toContain(`into the embedded store in ${target}`);

    const restored = await openStore(target);
    // The shopper's cart came with its line or not at all, as some moment of the store had it.
    const [caught] = await restored.store.database.query<{ carts: number; lines: number }>(
      `select (select count(*) from carts where user_id = $1)::int as carts,
              (select count(*) from cart_items i join carts c on c.id = i.cart_id
               where c.user_id = $1)::int as lines`,
      [shopper],
    );
    expect(caught!.carts).toBeLessThanOrEqual(1);
    expect(caught!.lines).toBe(caught!.carts);
    await restored.store.database.query('delete from carts where user_id = $1', [shopper]);
    expect(await tableContents((text) => restored.store.database.query(text))).toEqual(expected);
    expect(expected.orders).toHaveLength(2);
    expect(expected.order_events!.length).toBeGreaterThanOrEqual(3);
    // Identity columns carry on after the restored rows.
    const [{ next }] = (await restored.store.database.query<{ next: number }>(
      "insert into numbers (number, base_price, final_price, category, digit_sum, mid, total) values ('9999988888', 5000, 5000, 'unique-numbers', 1, 1, 1) returning id as next",
    )) as [{ next: number }];
    expect(next).toBeGreaterThan(300);
    await restored.app.close();
    await restored.store.close();
    stores.splice(stores.indexOf(restored.store), 1);

    // A second restore into the now full folder is refused, and nothing is changed.
    const again = await command('restore', [file], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `Nothing was restored into the embedded store in ${target}: The database is not empty`,
    );
    expect(again.stderr).toContain('restore into an empty data folder');
    expect(existsSync(join(target, 'postgres'))).toBe(true);
  }, 120_000);

  it('refuses a data folder with no store, and creates none', async () => {
    const missing = join(scratch, 'no-store-here');
    const result = await command('backup', ['backups/none.backup.gz'], missing);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `No store in the data folder ${missing}, and DATABASE_URL is not set: nothing was created.`,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(missing, 'postgres'))).toBe(false);
    expect(existsSync(join(scratch, 'backups/none.backup.gz'))).toBe(false);
  }, 60_000);

  it('refuses a DATABASE_URL whose database never held the store, and makes no table in it (QA 31 F2)', async () => {
    const { admin } = inject('testDatabaseServer');
    const name = `backup_not_a_store_${process.pid}`;
    await adminQuery(admin, `create database ${name}`);
    try {
      const url = databaseUrl(admin, name);
      const result = await command('backup', ['backups/wrong.backup.gz'], scratch, url);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`No store in the database ${name} on `);
      expect(result.stderr).toContain('nothing was created');
      expect(existsSync(join(scratch, 'backups/wrong.backup.gz'))).toBe(false);
      const client = new pg.Client({ ...admin, database: name });
      await client.connect();
      const made = await client
        .query(
          `select (select count(*) from pg_namespace where nspname = 'drizzle')::int as migrations,
                  (select count(*) from pg_tables where schemaname = 'public')::int as tables`,
        )
        .finally(() => client.end());
      expect(made.rows[0]).toEqual({ migrations: 0, tables: 0 });
    } finally {
      await adminQuery(admin, `drop database if exists ${name} with (force)`);
    }
  }, 60_000);

  it('backs up a store with no numbers and no orders, and says so', async () => {
    const empty = join(scratch, 'empty');
    const { store, app } = await openStore(empty);
    await app.close();
    await store.close();
    stores.splice(stores.indexOf(store), 1);
    const result = await command('backup', ['backups/empty.backup.gz'], empty);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Backup of the embedded store in ${empty} written to`);
    expect(result.stdout).toContain(
      `Note: the embedded store in ${empty} holds no numbers and no orders: if your store keeps its data elsewhere, run this with its DATABASE_URL or DATA_DIR.`,
    );
  }, 120_000);

  it('refuses a file that is not a backup', async () => {
    const result = await command('restore', [join(apiDir, 'package.json')], join(scratch, 'other'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not a store backup');
  }, 60_000);
});
