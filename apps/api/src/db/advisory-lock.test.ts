import { inject, it, expect, describe, afterAll } from 'vitest';
import { adminQuery } from '../../test-support/database-server';
import { openDatabase } from './database';

/** Servers started together each migrate at start-up: one after the other, not over each other. */
describe('migrations under the advisory lock', () => {
  const { admin } = inject('testDatabaseServer');
  const name = `store_migrate_${process.pid}`;
  afterAll(() => adminQuery(admin, `drop database if exists ${name} with (force)`));

  it('lets three processes migrate an empty database at once, applying each migration once', async () => {
    await adminQuery(admin, `create database ${name}`);
    const processes = [1, 2, 3].map(() => openDatabase({ ...admin, database: name }));
    try {
      await Promise.all(processes.map((database) => database.migrate()));
      const [applied] = await processes[0]!.query<{ count: number; distinct: number }>(
        `select count(*)::int as count, count(distinct hash)::int as distinct
           from drizzle.__drizzle_migrations`,
      );
      expect(applied!.count).toBeGreaterThan(5);
      expect(applied!.distinct).toBe(applied!.count);
    } finally {
      await Promise.all(processes.map((database) => database.close()));
    }
  });
});
