import { connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/database';
import { inTransaction } from '../db/transactions';
import { adminQuery } from '../../test-support/database-server';
import { testConfig } from '../../test-support/test-app';

/**
 * A PostgreSQL server that is down answers nothing or refuses: the store says so with a 503
 * within 2 s instead of hanging or answering 500.
 */
describe('requests with the database down', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  const apps: App[] = [];
  const databases: Database[] = [];

  beforeAll(async () => {
    // Takes connections and never answers (a server stuck, or a host that drops packets).
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close().catch(() => {})));
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  async function storeOn(url: string) {
    const database = openDatabase(url);
    databases.push(database);
    const app = await buildApp(testConfig(), { database });
    apps.push(app);
    return app;
  }

  const port = () => (silent.address() as { port: number }).port;
  const cases = [
    ['does not answer', () => `postgres://store:secret@127.0.0.1:${port()}/store`],
    ['refuses connections', () => 'postgres://store:secret@127.0.0.1:9/store'],
  ] as const;

  for (const [what, url] of cases) {
    it(`answers 503 within 2 s when the database ${what}`, async () => {
      const app = await storeOn(url());
      for (const path of ['/api/v1/numbers', '/api/v1/numbers/by-number/9876598765']) {
        const started = Date.now();
        const res = await app.inject({ method: 'GET', url: path });
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
        expect(res.headers['retry-after']).toBe('5');
      }
      const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().data.database.up).toBe(false);
    });
  }
});

/** Where the test PostgreSQL server listens, for a proxy in front of it. */
const serverAddress = (admin: pg.ClientConfig) =>
  String(admin.host).startsWith('/')
    ? { path: `${admin.host}/.s.PGSQL.${admin.port ?? 5432}` }
    : { host: String(admin.host), port: Number(admin.port ?? 5432) };

/** The store comes back by itself: no restart, the next request after the database returns works. */
describe('the database going away and coming back', () => {
  const { admin, template } = inject('testDatabaseServer');
  const name = `store_down_${process.pid}`;
  let proxy: Server;
  let up = true;
  const open = new Set<Socket>();
  let app: App | undefined;
  let database: Database | undefined;

  beforeAll(async () => {
    await adminQuery(admin, `create database ${name} template ${template}`);
    // Between the store and PostgreSQL: passes connections through while `up`, and drops them
    // (those open included) while not, as a server that stopped or a network that broke.
    const target = serverAddress(admin);
    proxy = createServer((client) => {
      if (!up) return client.destroy();
      const server = connect(target);
      for (const socket of [client, server]) {
        open.add(socket);
        socket.on('close', () => open.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    proxy.close();
    for (const socket of open) socket.destroy();
    await adminQuery(admin, `drop database if exists ${name} with (force)`);
  });

  it('answers 503 while it is gone and serves again once it is back', async () => {
    const port = (proxy.address() as { port: number }).port;
    database = openDatabase({ ...admin, host: '127.0.0.1', port, database: name });
    app = await buildApp(testConfig(), { database });
    const listing = () => app!.inject({ method: 'GET', url: '/api/v1/numbers' });
    expect((await listing()).statusCode).toBe(200);

    up = false;
    for (const socket of open) socket.destroy();
    const gone = await listing();
    expect(gone.statusCode, gone.body).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(503);

    up = true;
    const back = await listing();
    expect(back.statusCode, back.body).toBe(200);
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.json().data.database.up).toBe(true);
  });
});

/**
 * QA 23 F2: the connection lost inside a transaction (its rollback failing too), and a
 * database that refuses connections, answer 503 like a server that is gone, not 500.
 */
describe('a database that ends connections or refuses them', () => {
  const { admin, template } = inject('testDatabaseServer');
  const name = `store_ends_${process.pid}`;
  let app: App | undefined;
  let database: Database | undefined;

  /** Between the store and PostgreSQL, to break the store's connections as a network does. */
  let proxy: Server;
  const storeSide = new Set<Socket>();

  beforeAll(async () => {
    await adminQuery(admin, `create database ${name} template ${template}`);
    const target = serverAddress(admin);
    proxy = createServer((client) => {
      const server = connect(target);
      storeSide.add(client);
      client.on('close', () => storeSide.delete(client));
      for (const socket of [client, server]) {
        socket.on('error', () => socket.destroy());
        socket.on('close', () => (socket === client ? server : client).destroy());
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as { port: number }).port;
    database = openDatabase({ ...admin, host: '127.0.0.1', port, database: name });
    app = await buildApp(testConfig(), { database });
    // A request whose transaction waits in the database, as a checkout waits on a number's lock.
    app.post('/api/v1/test-waiting-transaction', async () => {
      await inTransaction(database!, (tx) => tx.execute(sql`select pg_sleep(30)`));
      return { success: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    proxy.close();
    for (const socket of storeSide) socket.destroy();
    await adminQuery(admin, `alter database ${name} allow_connections true`);
    await adminQuery(admin, `drop database if exists ${name} with (force)`);
  });

  const endConnections = () =>
    adminQuery(
      admin,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`,
    );

  const expectUnavailable = (res: Awaited<ReturnType<App['inject']>>) => {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      success: false,
      message: 'The store cannot reach its database just now. Please try again in a moment.',
      code: 'DATABASE_UNAVAILABLE',
    });
  };

  /** Until the waiting transaction's statement runs in the database. */
  async function untilWaiting() {
    const watcher = new pg.Client(admin);
    await watcher.connect();
    try {
      const waiting = () =>
        watcher.query(
          `select 1 from pg_stat_activity
            where datname = $1 and query like '%pg_sleep(30)%' and state = 'active'`,
          [name],
        );
      while ((await waiting()).rowCount === 0) await sleep(20);
    } finally {
      await watcher.end();
    }
  }

  it('answers 503 when the server ends the connection inside a transaction', async () => {
    const answer = app!.inject({ method: 'POST', url: '/api/v1/test-waiting-transaction' });
    await untilWaiting();
    await endConnections();
    expectUnavailable(await answer);
  });

  it('answers 503 when the network resets the connection inside a transaction (its rollback fails too)', async () => {
    const answer = app!.inject({ method: 'POST', url: '/api/v1/test-waiting-transaction' });
    await untilWaiting();
    for (const socket of storeSide) socket.resetAndDestroy();
    expectUnavailable(await answer);
  });

  it('answers 503 while the database refuses connections, and serves once it takes them', async () => {
    const listing = () => app!.inject({ method: 'GET', url: '/api/v1/numbers' });
    const first = await listing();
    expect(first.statusCode, first.body).toBe(200);
    await adminQuery(admin, `alter database ${name} allow_connections false`);
    await endConnections();
    // The pool has heard of every ended connection: the next query opens a new one, refused.
    while (storeSide.size > 0) await sleep(10);
    expectUnavailable(await listing());
    await adminQuery(admin, `alter database ${name} allow_connections true`);
    expect((await listing()).statusCode).toBe(200);
  });
});
