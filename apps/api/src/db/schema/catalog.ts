import { sql, type SQL } from 'drizzle-orm';
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { categories, isCategorySlug } from '@store/domain';
import { users } from './accounts';
import { timestamps } from './timestamps';

/** `coming_soon`: shown, not for sale yet (never held or sold: catalog/availability.ts). */
export const numberStatuses = ['available', 'reserved', 'sold', 'hidden', 'coming_soon'] as const;

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
 * A category listing is read straight off an index in its order: for each category, its
 * members by (final_price, id) and by (created_at, id), as partial indexes on
 * `categories @> '{slug}'` (categoryMember). One index on the array cannot give a listing its
 * order, and a sort index walked for members is slow where a category's prices sit far from
 * the cheapest (or newest) numbers. Each number is in about two of them per order.
 */
function categoryIndexes(t: {
  categories: AnyPgColumn;
  finalPrice: AnyPgColumn;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
}) {
  return categories
    .filter(({ slug }) => slug !== 'all')
    .flatMap(({ slug }) => {
      const name = slug.replaceAll('-', '_');
      return [
        index(`numbers_in_${name}_price_idx`)
          .on(t.finalPrice, t.id)
          .where(categoryMember(t.categories, slug)),
        index(`numbers_in_${name}_created_idx`)
          .on(t.createdAt, t.id)
          .where(categoryMember(t.categories, slug)),
      ];
    });
}

/**
 * "The number is in this category", written the same way in the partial indexes and in the
 * listing, so that the planner matches them: the slug as a literal, so a known category only.
 */
export function categoryMember(column: AnyPgColumn, slug: string): SQL {
  if (!isCategorySlug(slug)) throw new Error(`Not a category: "${slug}"`);
  return sql`${column} @> ${sql.raw(`'{${slug}}'::text[]`)}`;
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
    /** The primary category (the first rule that matches), shown on the number. */
    category: text('category').notNull(),
    /**
     * Every category whose rule the number meets, the primary first (`matchingCategories`):
     * what category listings filter on. Filled by the catalogue on insert; `{}` only for rows
     * stored before this column existed, until the start-up fills them (migration 0007).
     */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    digitSum: smallint('digit_sum').notNull(),
    mid: smallint('mid').notNull(),
    total: smallint('total').notNull(),
    status: text('status', { enum: numberStatuses }).notNull().default('available'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    orderId: uuid('order_id'),
    /**
     * When the number last went on sale (loaded, a hold given back, shown again, out of coming
     * soon): saved-search alerts list the numbers listed since they last looked.
     */
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('numbers_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
    index('numbers_number_prefix_idx').on(t.number.op('text_pattern_ops')),
    index('numbers_number_suffix_idx').on(sql`reverse(${t.number}) text_pattern_ops`),
    index('numbers_digit_places_idx').using('gin', digitPlaces(t.number)),
    ...categoryIndexes(t),
    index('numbers_unclassified_idx')
      .on(t.id)
      .where(sql`${t.categories} = '{}'::text[]`),
    // Every listing order ends on the id (stable pages), so the sort indexes do too: a page is
    // then read straight off the index, even where thousands of numbers share one price.
    index('numbers_price_idx').on(t.finalPrice, t.id),
    index('numbers_created_idx').on(t.createdAt, t.id),
    index('numbers_status_idx').on(t.status, t.reservedUntil),
    // The numbers of an order (its hold, release, sale, the holds-per-address limit).
    index('numbers_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('numbers_listed_idx').on(t.listedAt),
    // Family packs (catalog/packs-store.ts) read every number on sale in pack order from these
    // alone (index-only: the availability columns are in them too).
    index('numbers_pack_ending_idx')
      .on(sql`right(${t.number}, 6)`, t.number, t.id, t.status, t.reservedUntil)
      .where(sql`${t.status} in ('available', 'reserved')`),
    index('numbers_pack_run_idx')
      .on(t.number, t.id, t.status, t.reservedUntil)
      .where(sql`${t.status} in ('available', 'reserved')`),
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

/**
 * The code number_runs keeps digits under: a run of three digits anywhere as itself (0..999), of
 * four as 1000 + itself (1000..10999); an ending of two digits as 11000 + itself, of three as
 * 11100 + itself, of four as 12100 + itself. Migration 0015's number_run_codes computes the same.
 */
export function runCode(digits: string, at: 'anywhere' | 'end' = 'anywhere'): number {
  const offset =
    at === 'anywhere'
      ? { 3: 0, 4: 1_000 }[digits.length]
      : { 2: 11_000, 3: 11_100, 4: 12_100 }[digits.length];
  if (offset === undefined) throw new Error(`No run code for ${digits.length} digits ${at}`);
  return offset + Number(digits);
}

/**
 * Every run of three and of four digits and every ending of two to four digits (at most
 * 8 + 7 + 3, as `runCode`s) of each number on sale or held (listableSql), with the number's sort
 * keys: a search for three or four digits anywhere ("786": about 1.5% of numbers; "0000"), or
 * for an ending of two to four ("00": 1%), walks (run, sort key) in its listing's order and
 * stops after one page, and counts its matches from the index alone, where sorting and counting
 * its thousands of matches at 1,000,000 numbers took 40 to 230 ms (decision 0025). Derived from
 * `numbers` by triggers (migration 0015): never written by the app, and left out of backups.
 */
export const numberRuns = pgTable(
  'number_runs',
  {
    run: smallint('run').notNull(),
    numberId: integer('number_id').notNull(),
    finalPrice: integer('final_price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.numberId, t.run] }),
    index('number_runs_price_idx').on(t.run, t.finalPrice, t.numberId),
    index('number_runs_created_idx').on(t.run, t.createdAt, t.numberId),
  ],
);

/**
 * A bulk price change applied with the console's Idempotency-Key (decision 0042): a retry of
 * the same apply after a lost answer gets this result instead of changing the prices again.
 */
export const bulkPriceChanges = pgTable(
  'bulk_price_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The fingerprint of the apply's body (filter, change and what its preview saw). */
    requestHash: text('request_hash').notNull(),
    /** How many numbers it repriced. */
    changed: integer('changed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bulk_price_changes_idempotency_key').on(t.actorId, t.idempotencyKey)],
);
