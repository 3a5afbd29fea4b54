import pg from 'pg';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase } from './database';

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
