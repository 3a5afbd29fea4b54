import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Connection } from '../db/database';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminQuery } from '../../test-support/database-server';
import { killedServerDatabase, serverDatabases } from '../../test-support/killed-server-database';
import { killServers, ready, startServer } from '../../test-support/server-process';

/**
 * An import is all or nothing, also when the server process dies under it: the real server
 * (with its embedded PostgreSQL, or on PostgreSQL through DATABASE_URL) is killed with SIGKILL
 * while an import stages its rows, and again while it applies them; after each restart the
 * import says failed and the numbers are exactly as before.
 */
const scratch = mkdtempSync(join(tmpdir(), 'store-import-kill-'));
const { admin } = inject('testDatabaseServer');
const externalName = `store_import_kill_${process.pid}`;
const SUPPORT_MOBILE = '9000000001';

afterAll(async () => {
  killServers();
  await sleep(100);
  await adminQuery(admin, `drop database if exists ${externalName} with (force)`);
  rmSync(scratch, { recursive: true, force: true });
});

async function signIn(base: string): Promise<string> {
  await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: SUPPORT_MOBILE }),
  });
  const outbox = (await (await fetch(`${base}/api/v1/dev/outbox?to=${SUPPORT_MOBILE}`)).json()) as {
    data: { messages: { otp: string | null }[] };
  };
  const verified = await fetch(`${base}/api/v1/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: SUPPORT_MOBILE, otp: outbox.data.messages[0]?.otp }),
  });
  expect(verified.status).toBe(200);
  return verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** 60,000 rows: new prices for every demo number, then new numbers. */
async function bigFile(connection: Connection): Promise<string> {
  const demo = await withDatabase(connection, (client) =>
    client.query<{ number: string }>('select number from numbers'),
  );
  const lines = ['number,price,offer_price'];
  for (const { number } of demo.rows) lines.push(`${number},"1,11,111",`);
  for (let i = 0; lines.length <= 60_000; i++) lines.push(`6${String(i).padStart(9, '0')},5000,`);
  return lines.join('\r\n');
}

async function withDatabase<T>(connection: Connection, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client(
    typeof connection === 'string' ? { connectionString: connection } : connection,
  );
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every number with its prices and status, as one fingerprint, and how many there are. */
const catalogue = (connection: Connection) =>
  withDatabase(connection, async (client) => {
    const { rows } = await client.query<{ n: number; fingerprint: string }>(
      `select count(*)::int as n,
        md5(string_agg(number || ':' || base_price || ':' || final_price || ':' || status, ',' order by number)) as fingerprint
      from numbers`,
    );
    return rows[0]!;
  });

describe.each(serverDatabases)('an import when the server is killed, on $name', ({ external }) => {
  it('leaves nothing applied and says failed after the restart, killed while staging or applying', async () => {
    const {
      dataDir,
      env: databaseEnv,
      connection,
    } = await killedServerDatabase(scratch, admin, externalName, external);
    const env = {
      WEB_BUILD_DIR: join(scratch, 'web'),
      DEMO_DATA_COUNT: '500',
      // Access tokens signed before a restart stay valid after it.
      SESSION_SECRET: 'import-kill-test-secret-0123456789abcdef',
      ...databaseEnv,
    };
    let server = startServer(dataDir, env);
    let base = await ready(server);
    const cookie = await signIn(base);
    const before = await catalogue(connection());
    expect(before.n).toBe(500);
    const csv = await bigFile(connection());

    const importState = async (id: string) =>
      (
        (await (
          await fetch(`${base}/api/v1/admin/imports/${id}`, { headers: { cookie } })
        ).json()) as { data: { status: string; processed: number; total: number; failure: string } }
      ).data;

    for (const killWhen of ['staging', 'applying'] as const) {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'big.csv');
      const started = await fetch(`${base}/api/v1/admin/numbers/import`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      expect(started.status).toBe(202);
      const { importId } = ((await started.json()) as { data: { importId: string } }).data;

      for (;;) {
        const state = await importState(importId);
        expect(state.status, `the import ended before it was killed ${killWhen}`).toBe('running');
        if (killWhen === 'staging' ? state.processed > 0 : state.processed === state.total) break;
        await sleep(10);
      }
      server.child.kill('SIGKILL');
      await server.exited;

      server = startServer(dataDir, env);
      base = await ready(server);
      expect(await importState(importId)).toMatchObject({
        status: 'failed',
        failure:
          'The server stopped while this import ran: nothing of it was applied. Upload the file again.',
      });
      expect(await catalogue(connection())).toEqual(before);
      const staged = await withDatabase(connection(), (client) =>
        client.query<{ n: number }>('select count(*)::int as n from import_rows'),
      );
      expect(staged.rows[0]!.n).toBe(0);
    }
    server.child.kill('SIGTERM');
    await server.exited;
  }, 240_000);
});
