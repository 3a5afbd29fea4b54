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
  },
  (t) => [
    index('imports_started_idx').on(t.startedAt),
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
 * The rows of an import, staged while it runs so that memory stays flat whatever the file's
 * size. A good row holds the number (10 digits), its prices in paise and its category and
 * numerology; a refused row holds what the file said (`number`, `price_text`,
 * `offer_price_text`) and the `error`. `outcome` is decided when the rows are applied: new,
 * updated or unchanged. The good rows are removed once the import ends; the refused ones stay
 * for its errors.csv.
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
    basePrice: integer('base_price'),
    finalPrice: integer('final_price'),
    category: text('category'),
    digitSum: smallint('digit_sum'),
    mid: smallint('mid'),
    total: smallint('total'),
    priceText: text('price_text'),
    offerPriceText: text('offer_price_text'),
    error: text('error'),
    outcome: text('outcome', { enum: ['new', 'updated', 'unchanged'] }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
