import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/database';

/** Expired counters are deleted by the first hit after this long (per process). */
const CLEAN_EVERY_MS = 60_000;
let cleanedAt = 0;

/**
 * Counts one hit of `key` in table rate_limits, shared by every server process on the database:
 * one upsert starts a window of `windowMs` or counts in the live one, and answers the count
 * (this hit included) and the milliseconds left. The API rate limit counts with it, and so do
 * limits of one action (a guest's Notify me) under keys of their own. At most once a minute it
 * also deletes every expired counter.
 */
export async function countHit(
  database: Pick<Database, 'query'>,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  if (Date.now() - cleanedAt >= CLEAN_EVERY_MS) {
    cleanedAt = Date.now();
    database.query('delete from rate_limits where expires_at < now()').catch(() => {});
  }
  const [row] = await database.query<{ current: number; ttl: number }>(
    `insert into rate_limits as r (key, count, expires_at)
     values ($1, 1, now() + $2 * interval '1 millisecond')
     on conflict (key) do update set
       count = case when r.expires_at <= now() then 1 else r.count + 1 end,
       expires_at = case when r.expires_at <= now() then excluded.expires_at
                         else r.expires_at end
     returning count as current,
               ceil(extract(epoch from expires_at - now()) * 1000)::int as ttl`,
    [key, windowMs],
  );
  return row!;
}

/**
 * @fastify/rate-limit's counters in PostgreSQL (table rate_limits), so that every server process
 * on the database counts the same requests: one upsert per request starts a window or counts in
 * the live one (countHit). Routes with limits of their own count under their own key.
 */
export function postgresRateLimitStore(
  database: Pick<Database, 'query'>,
): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    /** The plugin passes its options (nothing needed here); a route's child passes its prefix. */
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(database, this.prefix + key, timeWindow).then(
        (row) => callback(null, row),
        (error: Error) => callback(error),
      );
    }

    /** A route's own limit counts under its address; one made with createRateLimit (none) as is. */
    child(routeOptions: { method?: string | string[]; url?: string }) {
      const route = routeOptions.url && `${String(routeOptions.method)} ${routeOptions.url}|`;
      return new PostgresRateLimitStore({}, route || this.prefix);
    }
  }
  return PostgresRateLimitStore;
}
