import type pg from 'pg';

/**
 * Runs `work` while holding PostgreSQL's session advisory lock named `name` (one lock per name
 * across every process on the database), on a connection of its own that holds nothing else:
 * a process that dies loses its session and with it the lock. `wait: false` gives up at once
 * when another process holds it (then `work` does not run and the answer is undefined).
 */
export async function withAdvisoryLock<T>(
  database: { connect(): Promise<pg.PoolClient> },
  name: string,
  options: { wait: boolean },
  work: () => Promise<T>,
): Promise<T | undefined> {
  const client = await database.connect();
  let locked = false;
  try {
    if (options.wait) {
      await client.query('select pg_advisory_lock(hashtext($1))', [name]);
      locked = true;
    } else {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [name],
      );
      locked = rows[0]!.locked;
      if (!locked) return undefined;
    }
    return await work();
  } finally {
    if (locked) {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]).then(
        () => client.release(),
        // The lock is gone with a broken connection; never hand that connection out again.
        (error: Error) => client.release(error),
      );
    } else {
      client.release();
    }
  }
}
