import { pgTable, integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The API's request counters when they are shared by every process (RATE_LIMIT_STORE=postgres,
 * http/postgres-rate-limit-store.ts): one row per client address, its count in the window that
 * ends at `expires_at`. Unlogged (migration 0013): a crash loses the counts, and no request
 * waits for its count to reach the disk.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
