import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

export const numberStatuses = ['available', 'reserved', 'sold', 'hidden'] as const;

/**
 * The inventory. Prices are integer paise. "Available" means status available, or reserved
 * with reserved_until in the past (a lapsed hold): see catalog/availability.ts.
 */
export const numbers = pgTable(
  'numbers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull().unique(),
    basePrice: integer('base_price').notNull(),
    finalPrice: integer('final_price').notNull(),
    category: text('category').notNull(),
    digitSum: smallint('digit_sum').notNull(),
    mid: smallint('mid').notNull(),
    total: smallint('total').notNull(),
    status: text('status', { enum: numberStatuses }).notNull().default('available'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    orderId: uuid('order_id'),
    ...timestamps,
  },
  (t) => [
    index('numbers_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
    index('numbers_number_prefix_idx').on(t.number.op('text_pattern_ops')),
    index('numbers_number_suffix_idx').on(sql`reverse(${t.number}) text_pattern_ops`),
    index('numbers_category_price_idx').on(t.category, t.finalPrice),
    index('numbers_price_idx').on(t.finalPrice),
    index('numbers_created_idx').on(t.createdAt),
    index('numbers_status_idx').on(t.status, t.reservedUntil),
  ],
);
