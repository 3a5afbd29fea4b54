import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDatabase } from '../../test-support/test-app';
import { waitFor } from '../../test-support/server-process';
import type { Database } from '../db/database';
import {
  createSharedCatalogChanges,
  type CatalogChange,
  type SharedCatalogChanges,
} from './catalog-changes';

/** Two processes' catalogue changes on one database (two instances, as two servers have). */
describe('catalogue changes shared through PostgreSQL', () => {
  let database: Database;
  let first: SharedCatalogChanges;
  let second: SharedCatalogChanges;
  const logged: string[] = [];
  const heardByFirst: CatalogChange[] = [];
  const heardBySecond: CatalogChange[] = [];

  beforeAll(async () => {
    database = await sharedDatabase();
    first = createSharedCatalogChanges(database, (line) => logged.push(line));
    second = createSharedCatalogChanges(database, (line) => logged.push(line));
    await Promise.all([first.start(), second.start()]);
    first.subscribe((change) => heardByFirst.push(change));
    second.subscribe((change) => heardBySecond.push(change));
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('tells a change to its own process at once and to the other through NOTIFY, once each', async () => {
    first.publish({ kind: 'repriced', count: 3 });
    expect(heardByFirst).toEqual([{ kind: 'repriced', count: 3 }]);
    await waitFor('the other process to hear it', () => heardBySecond[0], 5_000);
    expect(heardBySecond).toEqual([{ kind: 'repriced', count: 3 }]);

    second.publish({ kind: 'status', count: 1 });
    await waitFor('the first process to hear it', () => heardByFirst[1], 5_000);
    // Nobody hears their own change a second time through PostgreSQL.
    expect(heardByFirst).toEqual([
      { kind: 'repriced', count: 3 },
      { kind: 'status', count: 1 },
    ]);
    expect(heardBySecond).toEqual([
      { kind: 'repriced', count: 3 },
      { kind: 'status', count: 1 },
    ]);
  });

  it('listens again after losing its connection, and says that changes may have been missed', async () => {
    heardBySecond.length = 0;
    const [listener] = await database.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and query = 'listen catalog_changes'`,
    );
    // Both instances listen; cut one of them off.
    await database.query('select pg_terminate_backend($1)', [listener!.pid]);
    const cut = await waitFor(
      'a listener to notice',
      () => logged.find((line) => line.includes('listening connection lost')),
      5_000,
    );
    expect(cut).toContain('reconnecting');
    await waitFor('it to listen again', () => logged.find((l) => l.includes('listening again')));

    first.publish({ kind: 'inserted', count: 2 });
    second.publish({ kind: 'released', count: 1 });
    await waitFor('both to hear the other', () =>
      heardByFirst.some((c) => c.kind === 'released') &&
      heardBySecond.some((c) => c.kind === 'inserted')
        ? true
        : undefined,
    );
    const reconnected = [...heardByFirst, ...heardBySecond].filter((c) => c.kind === 'missed');
    expect(reconnected).toEqual([{ kind: 'missed', count: 0 }]);
  });
});
