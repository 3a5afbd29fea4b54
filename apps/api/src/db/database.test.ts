import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { isDatabaseUnreachable, openDatabase, type Tx } from './database';

describe('closing a database', () => {
  afterEach(() => vi.restoreAllMocks());

  it('resolves only once every connection of its pool has closed', async () => {
    const { admin, template } = inject('testDatabaseServer');
    const ended = new Map<pg.Client, boolean>();
    const end = pg.Client.prototype.end;
    vi.spyOn(pg.Client.prototype, 'end').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      ended.set(this, false);
      this.once('end', () => ended.set(this, true));
      return (end as (...a: unknown[]) => never).apply(this, args);
    });
    const database = openDatabase({ ...admin, database: template });
    await Promise.all([1, 2, 3].map(() => database.query('select pg_sleep(0.05)')));

    await database.close();

    expect(ended.size).toBe(3);
    expect([...ended.values()]).toEqual([true, true, true]);
  });
});

describe('a checked-out connection that the server ends', () => {
  it('fails its next query instead of stopping the process, and the pool goes on', async () => {
    const { admin, template } = inject('testDatabaseServer');
    const database = openDatabase({ ...admin, database: template });
    try {
      const held = await database.connect();
      const [{ pid }] = (await held.query<{ pid: number }>('select pg_backend_pid() as pid'))
        .rows as [{ pid: number }];
      // Idle between queries, as while holding an advisory lock, when the server says goodbye.
      // Waits on the socket, not on the connection's 'error' (a listener there would hide the bug).
      const ended = new Promise((done) => held.connection.once('end', done));
      await database.query('select pg_terminate_backend($1)', [pid]);
      await ended;

      await expect(held.query('select 1')).rejects.toThrow(/not queryable|terminat/);
      held.release();
      expect(await database.query('select 2 as two')).toEqual([{ two: 2 }]);
    } finally {
      await database.close();
    }
  });
});

describe('a connection the server ends as soon as it has opened', () => {
  it('fails its query instead of stopping the process', async () => {
    // A server that finishes the start-up and says goodbye in one packet, as a backend does when
    // the embedded server is killed just as a connection opens (seen in CI).
    const goodbye = (() => {
      const field = (code: string, text: string) => Buffer.from(`${code}${text}\0`);
      const body = Buffer.concat([
        field('S', 'FATAL'),
        field('C', '57P02'),
        field('M', 'terminating connection due to unexpected postmaster exit'),
        Buffer.from([0]),
      ]);
      const length = Buffer.alloc(4);
      length.writeInt32BE(body.length + 4);
      return Buffer.concat([
        Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]), // AuthenticationOk
        Buffer.from([0x5a, 0, 0, 0, 5, 0x49]), // ReadyForQuery
        Buffer.from('E'),
        length,
        body,
      ]);
    })();
    const server = createServer((socket) => {
      socket.once('data', () => socket.end(goodbye));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const database = openDatabase({ host: '127.0.0.1', port, user: 'store', database: 'store' });
    try {
      await expect(database.query('select 1')).rejects.toThrow();
    } finally {
      await database.close();
      server.close();
    }
  });
});

describe('a connection opened while this process is stalled', () => {
  it('is not given up on when the server answered in time', async () => {
    // The server's own database, not the template: a file copying the template meanwhile
    // would find it in use.
    const database = openDatabase(inject('testDatabaseServer').admin);
    try {
      const answer = database.query('select 1 as one');
      // The process busy (a long garbage collection, a starved CPU) while the server answers.
      setImmediate(() => {
        const until = Date.now() + 2_000;
        while (Date.now() < until);
      });
      expect(await answer).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});

/** The server process behind the transaction's connection. */
const backendPid = async (tx: Tx) =>
  (
    (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
      rows: [{ pid: number }];
    }
  ).rows[0].pid;

describe('a transaction whose BEGIN fails', () => {
  it('gives its connection back, destroyed: the next transaction runs and closing finishes', async () => {
    const { admin, template } = inject('testDatabaseServer');
    const database = openDatabase({ ...admin, database: template });
    // A connection given back inside a failed transaction block: the pool hands out the one
    // given back last, and BEGIN on it fails (25P02) as on a connection the server dropped.
    const poisoned = await database.connect();
    const poisonedPid = (await poisoned.query<{ pid: number }>('select pg_backend_pid() as pid'))
      .rows[0]!.pid;
    await poisoned.query('begin');
    await poisoned.query('select 1/0').catch(() => {});
    poisoned.release();

    const first = database.db.transaction(backendPid);
    await expect(first).rejects.toMatchObject({ cause: { code: '25P02' } });
    expect(await database.db.transaction(backendPid)).not.toBe(poisonedPid);
    // drizzle's own transaction kept the first connection checked out: this waited forever.
    await database.close();
  });

  it('gives back a connection whose work failed and was rolled back, for the next one', async () => {
    const { admin, template } = inject('testDatabaseServer');
    const database = openDatabase({ ...admin, database: template });
    try {
      let failedOn = 0;
      await expect(
        database.db.transaction(async (tx) => {
          failedOn = await backendPid(tx);
          throw new Error('the work refused');
        }),
      ).rejects.toThrow('the work refused');
      expect(await database.db.transaction(backendPid)).toBe(failedOn);
    } finally {
      await database.close();
    }
  });
});

describe('what counts as the database unreachable', () => {
  it("counts PostgreSQL's refusals of a connection, not a statement's errors", () => {
    const wrapped = (cause: object) =>
      Object.assign(new Error('Failed query: select 1'), { cause });
    for (const refusal of [
      { code: '53300', message: 'sorry, too many clients already' },
      { code: '3D000', message: 'database "store" does not exist' },
      { code: '55000', message: 'database "store" is not currently accepting connections' },
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isDatabaseUnreachable(wrapped(refusal)), JSON.stringify(refusal)).toBe(true);
    }
    for (const statementError of [
      { code: '55000', message: 'sequence "orders_id_seq" is not yet defined in this session' },
      { code: '57014', message: 'canceling statement due to statement timeout' },
      { code: '23505', message: 'duplicate key value violates unique constraint' },
    ]) {
      expect(isDatabaseUnreachable(wrapped(statementError)), statementError.code).toBe(false);
    }
  });
});
