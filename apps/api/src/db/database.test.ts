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
