import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from './db/data-dir-lock';
import { runningEmbeddedPostgres } from './db/embedded-postgres';
import { START_REFUSED_EXIT_CODE } from './start-failure';
import {
  killServers,
  ready,
  startServer as startServerIn,
  waitFor,
} from '../test-support/server-process';

/**
 * The real server process (`node --import tsx src/server.ts`, as `npm start` runs it) with its
 * embedded PostgreSQL server in a temporary data folder: start-up, the data folder's lock,
 * shutdown on signals (during start-up too), and crashes of either process.
 */
const scratch = mkdtempSync(join(tmpdir(), 'store-server-'));
const webBuildDir = join(scratch, 'web');
const startServer = (dataDir: string, settings: Record<string, string> = {}) =>
  startServerIn(dataDir, { ...settings, WEB_BUILD_DIR: webBuildDir });

async function health(base: string) {
  const res = await fetch(`${base}/api/v1/health`);
  return {
    status: res.status,
    body: (await res.json()) as { data: { status: string; database: { kind: string } } },
  };
}

/** The pid in the lock file (before the owner's start time), or null without one. */
const lockOwner = (dataDir: string) => {
  try {
    return readFileSync(join(dataDir, 'store.lock'), 'utf8').split(' ')[0];
  } catch {
    return null;
  }
};

/** The pid of the data folder's PostgreSQL server from its postmaster.pid, or null. */
const postgresPid = (dataDir: string) => {
  try {
    return Number(readFileSync(join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
};

async function withClient<T>(dataDir: string, work: (client: pg.Client) => Promise<T>) {
  const connection = runningEmbeddedPostgres(dataDir);
  if (!connection) throw new Error('no PostgreSQL server is running');
  const client = new pg.Client(connection);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  killServers();
  await sleep(100);
  rmSync(scratch, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses to start in production without its public settings, naming them all at once', async () => {
    const dataDir = join(scratch, 'production');
    const server = startServer(dataDir, { NODE_ENV: 'production', SESSION_SECRET: '' });
    expect(await server.exited, server.output()).toEqual({
      code: START_REFUSED_EXIT_CODE,
      signal: null,
    });
    const output = server.output();
    expect(output).toContain('Invalid configuration');
    for (const setting of [
      'SESSION_SECRET',
      'PUBLIC_BASE_URL',
      'SMTP_URL',
      'SMS_PROVIDER',
      'PAYMENT_UPI_ID',
      'MAIL_FROM',
      'STORE_ADDRESS',
    ]) {
      expect(output).toContain(`  - ${setting}: `);
    }
    // Nothing was started or locked.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses to start on a data folder it cannot write, in one line without a stack (QA 23 F7)', async () => {
    const file = join(scratch, 'not-a-folder');
    writeFileSync(file, '');
    const dataDir = join(file, 'data');
    const server = startServer(dataDir);
    expect(await server.exited, server.output()).toEqual({
      code: START_REFUSED_EXIT_CODE,
      signal: null,
    });
    expect(server.output().trim()).toBe(
      `DATA_DIR ${dataDir} is not writable: a file is in the way of the folder (ENOTDIR). The store keeps its files there: make the folder writable for this server's user, or point DATA_DIR at one that is.`,
    );
  });

  it('refuses to start when DATA_DIR cannot take the uploads imports stage, saying which setting', async () => {
    const dataDir = join(scratch, 'no-uploads');
    mkdirSync(dataDir);
    // A file where the uploads folder goes: as a read-only or full DATA_DIR, it takes no file.
    writeFileSync(join(dataDir, 'uploads'), '');
    const server = startServer(dataDir);
    expect(await server.exited, server.output()).toEqual({
      code: START_REFUSED_EXIT_CODE,
      signal: null,
    });
    expect(server.output()).toContain(
      `  - DATA_DIR: stock imports stage their uploads in ${join(dataDir, 'uploads')}, which cannot take files`,
    );
    expect(server.output()).not.toContain('    at ');
    // Nothing was started or locked.
    expect(lockOwner(dataDir)).toBeNull();
    expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
  });

  it('starts, refuses a second server on its folder, stops on signals and starts again', async () => {
    const dataDir = join(scratch, 'signals');
    // A signal during the first start (the embedded database being created) closes cleanly.
    const interrupted = startServer(dataDir);
    await waitFor('the data folder lock', () => (lockOwner(dataDir) ? true : undefined));
    interrupted.child.kill('SIGTERM');
    expect(await interrupted.exited, interrupted.output()).toEqual({ code: 0, signal: null });
    expect(interrupted.output()).not.toContain('Store ready');
    expect(lockOwner(dataDir)).toBeNull();

    // The folder it left behind works.
    const first = startServer(dataDir);
    const base = await ready(first);
    expect(await health(base)).toMatchObject({
      status: 200,
      body: { data: { status: 'ok', database: { kind: 'embedded' } } },
    });
    expect(lockOwner(dataDir)).toBe(String(first.child.pid));
    const database = postgresPid(dataDir)!;
    expect(isAlive(database)).toBe(true);
    // Reached through a Unix socket in the data folder (no TCP port), with a password only the
    // owner may read.
    const postmaster = readFileSync(join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n');
    expect(postmaster[4]).toBe(join(dataDir, 'postgres'));
    expect(postmaster[5]).toBe('');
    expect(statSync(join(dataDir, 'postgres.password')).mode & 0o777).toBe(0o600);

    const second = startServer(dataDir);
    const refused = await second.exited;
    expect(refused.code).not.toBe(0);
    expect(refused.code).not.toBeNull();
    expect(second.output()).toContain('Stop the server first');
    // The refused server left the first one, its database and its lock alone.
    expect(lockOwner(dataDir)).toBe(String(first.child.pid));
    expect((await health(base)).status).toBe(200);
    expect(postgresPid(dataDir)).toBe(database);

    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toEqual({ code: 0, signal: null });
    expect(lockOwner(dataDir)).toBeNull();
    expect(isAlive(database)).toBe(false);
    expect(postgresPid(dataDir)).toBeNull();

    const again = startServer(dataDir);
    const againBase = await ready(again);
    expect((await health(againBase)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited, again.output()).toEqual({ code: 0, signal: null });
    expect(lockOwner(dataDir)).toBeNull();
    expect(postgresPid(dataDir)).toBeNull();
  }, 120_000);

  it('after kill -9 of the API, the next start stops the database server it left running', async () => {
    const dataDir = join(scratch, 'api-killed');
    const killed = startServer(dataDir);
    await ready(killed);
    const orphan = postgresPid(dataDir)!;
    killed.child.kill('SIGKILL');
    await killed.exited;
    // The database server outlives the API that started it...
    expect(isAlive(orphan)).toBe(true);
    expect(lockOwner(dataDir)).toBe(String(killed.child.pid));

    // ...and the next start takes over the stale lock, stops it and starts its own.
    const next = startServer(dataDir);
    const base = await ready(next);
    expect(isAlive(orphan)).toBe(false);
    expect(postgresPid(dataDir)).not.toBe(orphan);
    expect(lockOwner(dataDir)).toBe(String(next.child.pid));
    expect((await health(base)).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited, next.output()).toEqual({ code: 0, signal: null });
  }, 120_000);

  it('after kill -9 of the database server, starts it again and loses nothing committed', async () => {
    const dataDir = join(scratch, 'database-killed');
    const server = startServer(dataDir, { LOG_LEVEL: 'warn' });
    const base = await ready(server);
    await withClient(dataDir, async (client) => {
      await client.query('create table crash_probe (n int primary key)');
      await client.query('insert into crash_probe select generate_series(1, 5000)');
    });
    // A transaction still open when the server dies, to show it is not kept.
    const open = new pg.Client(runningEmbeddedPostgres(dataDir));
    open.on('error', () => {});
    await open.connect();
    await open.query('begin');
    await open.query('insert into crash_probe values (-1)');
    const killed = postgresPid(dataDir)!;
    process.kill(killed, 'SIGKILL');
    await open.end().catch(() => {});

    // The API notices, starts the server again, PostgreSQL replays its log.
    const restarted = await waitFor(
      'the database server to run again',
      () => {
        const pid = postgresPid(dataDir);
        return pid && pid !== killed && runningEmbeddedPostgres(dataDir) ? pid : undefined;
      },
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; the server said:\n${server.output()}`);
    });
    expect(isAlive(restarted)).toBe(true);
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await health(base)).status;
      if (status !== 200) await sleep(100);
    }
    expect(status).toBe(200);
    const rows = await withClient(dataDir, (client) =>
      client.query<{ n: number; least: number }>(
        'select count(*)::int as n, min(n) as least from crash_probe',
      ),
    );
    expect(rows.rows[0]).toEqual({ n: 5000, least: 1 });
    const log = readFileSync(join(dataDir, 'postgres.log'), 'utf8');
    expect(log).toContain('automatic recovery in progress');

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    expect(isAlive(restarted)).toBe(false);
    expect(existsSync(join(dataDir, 'store.lock'))).toBe(false);
  }, 120_000);
});
