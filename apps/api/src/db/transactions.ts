import { AppError } from '../http/app-error';
import type { Database, Tx } from './database';

export type { Tx };

/** PostgreSQL codes worth running the whole transaction again for: deadlock, serialization. */
const retryable = new Set(['40P01', '40001']);

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if (current instanceof AppError) return undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether the error (or its cause) is PostgreSQL's unique violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** What runs once each open transaction commits (see afterCommit). */
const commitHooks = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs `hook` once the transaction `tx` has committed, never when it rolls back (or runs again):
 * how a change made inside a transaction is told to the rest of the process. `tx` must come from
 * inTransaction.
 */
export function afterCommit(tx: Tx, hook: () => void): void {
  const hooks = commitHooks.get(tx);
  if (!hooks) throw new Error('afterCommit needs a transaction opened by inTransaction');
  hooks.push(hook);
}

/**
 * Runs `work` in one transaction (READ COMMITTED), again from the start if PostgreSQL aborted it
 * as a deadlock victim or a serialization failure. Locks are always taken in one order (the
 * buyer's account row, then the cart row, then order rows, then numbers by ascending id), so
 * deadlocks should not happen; the retry is a second line of defence.
 * After the commit the hooks the work registered with afterCommit run, in order.
 *
 * Never wait on anything outside the database inside `work` (no payment provider, no e-mail).
 */
export async function inTransaction<T>(
  database: Database,
  work: (tx: Tx) => Promise<T>,
  attempts = 4,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const hooks: (() => void)[] = [];
    let result: T;
    try {
      result = await database.db.transaction((tx) => {
        commitHooks.set(tx, hooks);
        return work(tx);
      });
    } catch (error) {
      const state = sqlState(error);
      if (attempt < attempts && state && retryable.has(state)) continue;
      throw error;
    }
    for (const hook of hooks) hook();
    return result;
  }
}
