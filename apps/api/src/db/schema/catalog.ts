import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

export const numberStatuses = ['available', 'reserved', 'sold', 'hidden'] as const;

/**
 * Codes of the number's digits at their places, for masks (`98??54????`). Ten single codes,
 * 10 x place + digit (0..99), and nine pair codes, 100 x (place + 1) + the two digits from
 * that place (100..999): `98??54????` is `@> {198, 554}` (9 and 8 from place 0, 5 and 4 from
 * place 4). A GIN index on this array answers a mask for any set of places; the pair codes keep
 * its posting lists short. Queries must use this same expression so the planner matches it.
 */
export function digitPlaces(column: AnyPgColumn): SQL {
  const raw = (n: number) => sql.raw(String(n));
  const singles = Array.from(
    { length: 10 },
    (_, i) => sql`substr(${column}, ${raw(i + 1)}, 1)::int + ${raw(10 * i)}`,
  );
  const pairs = Array.from(
    { length: 9 },
    (_, i) => sql`substr(${column}, ${raw(i + 1)}, 2)::int + ${raw(100 * (i + 1))}`,
  );
  return sql`(array[${sql.join([...singles, ...pairs], sql`, `)}])`;
}

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
    index('numbers_digit_places_idx').using('gin', digitPlaces(t.number)),
    // Every listing order ends on the id (stable pages), so the sort indexes do too: a page is
    // then read straight off the index, even where thousands of numbers share one price.
    index('numbers_category_price_idx').on(t.category, t.finalPrice, t.id),
    index('numbers_category_created_idx').on(t.category, t.createdAt, t.id),
    index('numbers_price_idx').on(t.finalPrice, t.id),
    index('numbers_created_idx').on(t.createdAt, t.id),
    index('numbers_status_idx').on(t.status, t.reservedUntil),
    // A numerology search for a rare sum (8, 85) finds its few numbers here, not by a scan.
    index('numbers_digit_sum_idx').on(t.digitSum),
    check('numbers_number_check', sql`${t.number} ~ '^[6-9][0-9]{9}$'`),
    check('numbers_price_check', sql`${t.finalPrice} >= 0 and ${t.basePrice} >= 0`),
    check('numbers_offer_check', sql`${t.finalPrice} <= ${t.basePrice}`),
    check(
      'numbers_status_check',
      sql`${t.status} in (${sql.raw(numberStatuses.map((status) => `'${status}'`).join(', '))})`,
    ),
  ],
);
