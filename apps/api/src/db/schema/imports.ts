import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const importStatuses = ['running', 'done', 'failed'] as const;

/**
 * A stock import (a CSV of number,price,offer_price) run from the console: who ran it, how far
 * it got and what came of it. It is `running` until its rows are applied to the numbers in one
 * transaction, which also makes it `done`; `failed` when it stopped first (nothing applied).
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: importStatuses }).notNull().default('running'),
    /** Rows in the file under its header. */
    total: integer('total').notNull(),
    /** Rows checked and staged so far. */
    processed: integer('processed').notNull().default(0),
    /** Numbers added (new) and repriced (updated); rows already at their price (unchanged). */
    newCount: integer('new_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    /** Rows refused, each with its reason in import_rows. */
    errorCount: integer('error_count').notNull().default(0),
    /** Why a failed import stopped. */
    failure: text('failure'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The console's Idempotency-Key, if given: a retry with it gets this import back. */
    idempotencyKey: text('idempotency_key'),
    /** The fingerprint of the upload (file name and contents) that started it. */
    requestHash: text('request_hash'),
  },
  (t) => [
    index('imports_started_idx').on(t.startedAt),
    uniqueIndex('imports_idempotency_key').on(t.actorId, t.idempotencyKey),
    index('imports_running_idx')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
    check(
      'imports_status_check',
      sql`${t.status} in (${sql.raw(importStatuses.map((status) => `'${status}'`).join(', '))})`,
    ),
  ],
);

/**
 * The good rows of a running import, staged so that memory stays flat whatever the file's size:
 * the number (10 digits), its prices in paise, its category and numerology. Removed once the
 * import ends. UNLOGGED (migration 0004): no write-ahead log, so staging is cheap, and after a
 * database crash the table is empty, which is what a running import needs then (it is failed).
 */
export const importRows = pgTable(
  'import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** The line of the file (the header is line 1). */
    line: integer('line').notNull(),
    number: text('number').notNull(),
    basePrice: integer('base_price').notNull(),
    finalPrice: integer('final_price').notNull(),
    category: text('category').notNull(),
    digitSum: smallint('digit_sum').notNull(),
    mid: smallint('mid').notNull(),
    total: smallint('total').notNull(),
    /** The status column as the console names it (StockStatus), or null when left empty. */
    status: text('status'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);

/** The refused rows of an import: what the file said and why (its errors.csv). */
export const importErrors = pgTable(
  'import_errors',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    number: text('number').notNull(),
    priceText: text('price_text').notNull(),
    offerPriceText: text('offer_price_text').notNull(),
    /** The status column as written ('' when left empty or not in the file). */
    statusText: text('status_text').notNull().default(''),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
