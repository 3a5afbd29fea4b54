import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredMessage } from '../../notify/message';

/**
 * Every e-mail and SMS to send, written in the transaction of the change that causes it and
 * sent by notify/outbox.ts: due from `next_attempt_at` (a claim pushes it on by a lease, a
 * failure by the back-off), done when `sent_at` or `failed_at` (given up) is set. A row given up
 * is support's to send again or dismiss (decision 0087); its `message` may name the account it
 * follows (`followsAccount`) and the order it is about (`aboutOrder`).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    message: jsonb('message').$type<StoredMessage>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);
