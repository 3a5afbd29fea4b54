import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../src/db/database';

/**
 * Runs `work` while a transaction of its own, on a connection of its own, holds the rows that
 * `statement` locks (a SELECT ... FOR UPDATE): what needs them meanwhile waits. Let go after.
 */
export async function whileRowsHeld<T>(
  database: Database,
  statement: string,
  params: unknown[],
  work: () => Promise<T>,
): Promise<T> {
  const other = await database.connect();
  try {
    await other.query('begin');
    await other.query(statement, params);
    return await work();
  } finally {
    await other.query('rollback');
    other.release();
  }
}

/**
 * Resolves once `count` statements in this test file's database wait on a lock another
 * transaction holds, or once `settled` has (whichever first: a request that should have waited
 * but did not is then seen for what it answered).
 */
export async function untilWaitingOnLocks(
  database: Database,
  count: number,
  settled: Promise<unknown>,
): Promise<void> {
  let done = false;
  void settled.then(
    () => (done = true),
    () => (done = true),
  );
  for (let attempt = 0; attempt < 400 && !done; attempt++) {
    const [row] = await database.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row!.waiting >= count) return;
    await sleep(25);
  }
  if (!done) throw new Error(`${count} statements never waited on a lock`);
}
