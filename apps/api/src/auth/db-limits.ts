import { and, gt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

/**
 * Limits counted in database rows over a sliding window (OTP sends, failed sign-ins), so every
 * server process shares them. A caller takes `lockKeys` for what it counts inside a transaction,
 * counts with `countInWindow`, and writes its own row before the transaction commits.
 */

/** Serialises the transactions that count and write rows for these keys, across processes. */
export async function lockKeys(tx: Db, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }
}

/** 429 with `retryAfter` in the body and a Retry-After header (whole seconds, at least 1). */
export function tooMany(code: string, message: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    code,
    message,
    { retryAfter: seconds },
    { 'retry-after': String(seconds) },
  );
}

/** "45 seconds", "15 minutes". */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `${s} seconds`;
  return `${Math.ceil(s / 60)} minutes`;
}

export interface WindowCount {
  count: number;
  /** Seconds until the oldest counted row leaves the window (0 when nothing was counted). */
  retryAfterSeconds: number;
}

/**
 * Counts the rows of `table` matching `where` whose `at` lies in the last `windowSeconds`.
 * `count` replaces `count(*)` (e.g. to count distinct times).
 */
export async function countInWindow(
  tx: Db,
  options: {
    table: PgTable;
    at: AnyPgColumn;
    where: SQL | undefined;
    windowSeconds: number;
    now: Date;
    count?: SQL;
  },
): Promise<WindowCount> {
  const { table, at, where, windowSeconds, now } = options;
  const windowMs = windowSeconds * 1000;
  const [row] = await tx
    .select({
      n: sql<number>`${options.count ?? sql`count(*)`}::int`,
      oldest: sql<number | null>`extract(epoch from min(${at}))::float8`,
    })
    .from(table)
    .where(and(where, gt(at, new Date(now.getTime() - windowMs))));
  const count = Number(row?.n ?? 0);
  const oldest = row?.oldest == null ? null : Number(row.oldest);
  return {
    count,
    retryAfterSeconds:
      oldest === null ? 0 : Math.max(0, (oldest * 1000 + windowMs - now.getTime()) / 1000),
  };
}
