import { pgTable, integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The API's request counters when they are shared by every process (RATE_LIMIT_STORE=postgres,
 * http/postgres-rate-limit-store.ts): one row per client address, its count in the window that
 * ends at `expires_at`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
