import { matchingCategories } from '@store/domain';
import { and, eq, gt, inArray, lt, param, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import { numbers, orders, type numberStatuses } from '../db/schema';
import type { Tx } from '../db/transactions';
import { availableSql } from './availability';
import type { InventoryNumber } from './demo-inventory';
import { numberItemColumns, type NumberRow } from './number-item';

/** The database itself, or one transaction on it. */
export type Executor = Pick<Db, 'execute'>;

export async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Held (hold live) by this buyer's own order awaiting payment, with a payment submitted for it
 * ("I have paid") or not. The column names drizzle writes unqualified here resolve to the order
 * inside the subquery and to the number outside it.
 */
function heldByOwnOrder(userId: string, paymentSubmitted: boolean): SQL<boolean> {
  const submitted = paymentSubmitted ? sql`is not null` : sql`is null`;
  return sql<boolean>`(${numbers.status} = 'reserved' and ${numbers.reservedUntil} >= now() and exists (select 1 from ${orders} where ${orders.id} = ${numbers.orderId} and ${orders.userId} = ${userId} and ${orders.status} = 'pending_payment' and ${orders.paymentSubmittedAt} ${submitted}))`;
}

/**
 * What this buyer may put in a cart or check out: an available number (availability.ts), or one
 * this buyer's own open order holds (no payment submitted for it), so a cart keeps being valid
 * while its order awaits payment. A guest (null) may take available numbers only.
 */
function buyerCanTake(userId: string | null): SQL<boolean> {
  if (!userId) return sql<boolean>`${availableSql}`;
  return sql<boolean>`(${availableSql} or ${heldByOwnOrder(userId, false)})`;
}

/**
 * Held by this buyer's own order whose payment staff are verifying: not theirs to add again,
 * but not another buyer's either.
 */
function heldForBuyerVerifying(userId: string | null): SQL<boolean> {
  return userId ? heldByOwnOrder(userId, true) : sql<boolean>`false`;
}

/** A number and whether the buyer asking may take it. */
export interface NumberForBuyer {
  number: NumberRow;
  valid: boolean;
  /** In the buyer's own order whose payment staff are verifying. */
  verifying: boolean;
  /** Marked coming soon: never valid, and the buyer is told why. */
  comingSoon: boolean;
}

/** Numbers by id with whether this buyer (or a guest, null) may take them. */
export async function lookUpNumbers(
  db: Db,
  ids: readonly number[],
  userId: string | null,
): Promise<Map<number, NumberForBuyer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      ...numberItemColumns,
      valid: buyerCanTake(userId),
      verifying: heldForBuyerVerifying(userId),
      comingSoon: sql<boolean>`${numbers.status} = 'coming_soon'`,
    })
    .from(numbers)
    .where(inArray(numbers.id, [...new Set(ids)]));
  return new Map(
    rows.map(({ valid, verifying, comingSoon, ...number }) => [
      number.id,
      {
        number,
        valid: Boolean(valid),
        verifying: Boolean(verifying),
        comingSoon: Boolean(comingSoon),
      },
    ]),
  );
}

/** One available number by id, or undefined (unknown, sold, hidden or held). */
export async function findAvailableNumber(db: Db, id: number): Promise<NumberRow | undefined> {
  const [row] = await db
    .select(numberItemColumns)
    .from(numbers)
    .where(and(eq(numbers.id, id), availableSql))
    .limit(1);
  return row;
}

/** The state of a number row as a sale needs it; `available` is availability.ts's rule. */
export interface LockedNumber {
  id: number;
  number: string;
  basePrice: number;
  finalPrice: number;
  category: string;
  status: (typeof numberStatuses)[number];
  reservedUntil: Date | null;
  orderId: string | null;
  available: boolean;
}

/** Locks the rows in ascending id order (`select ... order by id for update`) and returns them. */
export async function lockNumbers(tx: Tx, ids: readonly number[]): Promise<LockedNumber[]> {
  if (ids.length === 0) return [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return tx
    .select({
      id: numbers.id,
      number: numbers.number,
      basePrice: numbers.basePrice,
      finalPrice: numbers.finalPrice,
      category: numbers.category,
      status: numbers.status,
      reservedUntil: numbers.reservedUntil,
      orderId: numbers.orderId,
      available: sql<boolean>`${availableSql}`,
    })
    .from(numbers)
    .where(inArray(numbers.id, sorted))
    .orderBy(numbers.id)
    .for('update');
}

/** How many numbers this order holds with a live hold. */
export async function countLiveHolds(tx: Tx, orderId: string): Promise<number> {
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(numbers)
    .where(
      and(
        eq(numbers.orderId, orderId),
        eq(numbers.status, 'reserved'),
        gt(numbers.reservedUntil, sql`now()`),
      ),
    );
  return held!.count;
}

/** A number as a hold took it: what the order snapshots. */
export interface HeldNumber {
  id: number;
  number: string;
  category: string;
  basePrice: number;
  finalPrice: number;
  reservedUntil: Date | null;
}

/**
 * Reserves the available numbers among `ids` for the order, until HOLD_MINUTES from now on the
 * database clock (or `until`, when that is earlier), with one conditional UPDATE; returns the
 * rows it took (fewer than `ids` when another buyer got one first).
 */
export function holdNumbers(
  tx: Tx,
  ids: readonly number[],
  orderId: string,
  minutes: number,
  until?: Date,
): Promise<HeldNumber[]> {
  const full = sql`now() + make_interval(mins => ${minutes}::int)`;
  return tx
    .update(numbers)
    .set({
      status: 'reserved',
      reservedUntil: until ? sql`least(${full}, ${until.toISOString()}::timestamptz)` : full,
      orderId,
    })
    .where(and(inArray(numbers.id, [...ids]), availableSql))
    .returning({
      id: numbers.id,
      number: numbers.number,
      category: numbers.category,
      basePrice: numbers.basePrice,
      finalPrice: numbers.finalPrice,
      reservedUntil: numbers.reservedUntil,
    });
}

/**
 * Moves the end of the order's live hold to `until` (never earlier than it was); returns how
 * many numbers it still holds.
 */
export function extendOrderHold(tx: Tx, orderId: string, until: Date): Promise<number> {
  return moveOrderHold(
    tx,
    orderId,
    sql`greatest(${numbers.reservedUntil}, ${until.toISOString()}::timestamptz)`,
  );
}

/**
 * Brings the end of the order's live hold forward to `until` (never later than it was); returns
 * how many numbers it still holds.
 */
export function shortenOrderHold(tx: Tx, orderId: string, until: Date): Promise<number> {
  return moveOrderHold(
    tx,
    orderId,
    sql`least(${numbers.reservedUntil}, ${until.toISOString()}::timestamptz)`,
  );
}

async function moveOrderHold(tx: Tx, orderId: string, end: SQL): Promise<number> {
  const moved = await tx
    .update(numbers)
    .set({ reservedUntil: end })
    .where(
      and(
        eq(numbers.orderId, orderId),
        eq(numbers.status, 'reserved'),
        sql`${numbers.reservedUntil} > now()`,
      ),
    )
    .returning({ id: numbers.id });
  return moved.length;
}

/** Puts back on sale what the order still holds (reserved by it); returns how many. */
export async function releaseOrderNumbers(tx: Tx, orderId: string): Promise<number> {
  const released = await tx
    .update(numbers)
    .set({ status: 'available', reservedUntil: null, orderId: null, listedAt: sql`now()` })
    .where(and(eq(numbers.orderId, orderId), eq(numbers.status, 'reserved')))
    .returning({ id: numbers.id });
  return released.length;
}

/**
 * Up to 1000 reserved numbers whose hold ended and whose order no longer waits for payment,
 * set available; rows another transaction is working on are skipped. Returns how many.
 */
export async function releaseStaleHolds(tx: Tx): Promise<number> {
  const stale = await tx
    .select({ id: numbers.id })
    .from(numbers)
    .where(
      and(
        eq(numbers.status, 'reserved'),
        lt(numbers.reservedUntil, sql`now()`),
        sql`not exists (select 1 from ${orders} where ${orders.id} = ${numbers.orderId} and ${orders.status} = 'pending_payment')`,
      ),
    )
    .orderBy(numbers.id)
    .limit(1000)
    .for('update', { skipLocked: true });
  if (stale.length === 0) return 0;
  const updated = await tx
    .update(numbers)
    .set({ status: 'available', reservedUntil: null, orderId: null, listedAt: sql`now()` })
    .where(
      and(
        inArray(
          numbers.id,
          stale.map((row) => row.id),
        ),
        eq(numbers.status, 'reserved'),
      ),
    )
    .returning({ id: numbers.id });
  return updated.length;
}

/** Marks the numbers sold to the order; returns how many. */
export async function sellNumbers(
  tx: Tx,
  ids: readonly number[],
  orderId: string,
): Promise<number> {
  const sold = await tx
    .update(numbers)
    .set({ status: 'sold', reservedUntil: null, orderId })
    .where(inArray(numbers.id, [...ids]))
    .returning({ id: numbers.id });
  return sold.length;
}

/** Sets a number's list and final price (paise); returns how many rows changed (0 or 1). */
export async function repriceNumber(
  db: Db,
  id: number,
  prices: { basePrice?: number; finalPrice: number },
): Promise<number> {
  const changed = await db
    .update(numbers)
    .set(prices)
    .where(eq(numbers.id, id))
    .returning({ id: numbers.id });
  return changed.length;
}

export async function countAllNumbers(database: Database): Promise<number> {
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from numbers');
  return row?.n ?? 0;
}

/**
 * Removes the numbers no cart or order refers to; returns how many went. With no references at
 * all the table is truncated (ids start again at 1), with the rows that would go with the
 * numbers anyway (on delete cascade): favourites, coming-soon requests, saved-search hits.
 */
export async function removeUnreferencedNumbers(database: Database): Promise<number> {
  const [refs] = await database.query<{ n: number }>(
    'select (select count(*) from cart_items)::int + (select count(*) from order_items)::int as n',
  );
  const before = await countAllNumbers(database);
  if ((refs?.n ?? 0) === 0) {
    await database.query(
      'truncate cart_items, order_items, favourites, coming_soon_requests, saved_search_hits, numbers restart identity',
    );
    return before;
  }
  await database.query(`
    delete from numbers n
    where not exists (select 1 from cart_items c where c.number_id = n.id)
      and not exists (select 1 from order_items o where o.number_id = n.id)`);
  return before - (await countAllNumbers(database));
}

/**
 * Inserts one batch in one statement, every column one array parameter through `unnest`
 * (`param()` keeps drizzle from spreading an array into one parameter per element, which fails
 * past 1,664 of them). Every category a number fits is computed here (`matchingCategories`),
 * whoever made the row, and travels as one comma-separated text per row. A number already in the
 * table is skipped, so loading is safe to repeat. Returns how many were new.
 */
export async function insertNumbers(
  executor: Executor,
  rows: readonly InventoryNumber[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const column = <T>(pick: (row: InventoryNumber) => T) => param(rows.map(pick));
  const [result] = await rowsOf<{ n: number }>(
    executor,
    sql`with inserted as (
      insert into numbers (number, base_price, final_price, category, categories, digit_sum, mid, total, status, created_at, updated_at)
      select n, b, f, c, string_to_array(cs, ','), s, m, t, st, ca, ca
      from unnest(
        ${column((r) => r.number)}::text[], ${column((r) => r.basePrice)}::int[],
        ${column((r) => r.finalPrice)}::int[], ${column((r) => r.category)}::text[],
        ${column((r) => matchingCategories(r.number).join(','))}::text[],
        ${column((r) => r.digitSum)}::smallint[], ${column((r) => r.mid)}::smallint[],
        ${column((r) => r.total)}::smallint[], ${column((r) => r.status)}::text[],
        ${column((r) => r.createdAt.toISOString())}::timestamptz[]
      ) as u(n, b, f, c, cs, s, m, t, st, ca)
      on conflict (number) do nothing
      returning 1
    )
    select count(*)::int as n from inserted`,
  );
  return Number(result?.n ?? 0);
}

/** The indexes of `numbers` that back no constraint (the key and the unique number stay). */
export function secondaryIndexes(executor: Executor) {
  return rowsOf<{ indexname: string; indexdef: string }>(
    executor,
    sql`select i.indexname, i.indexdef
        from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = 'numbers'
          and not exists (
            select 1 from pg_constraint c
            where c.conrelid = 'numbers'::regclass and c.conname = i.indexname
          )
        order by i.indexname`,
  );
}

export async function dropIndex(executor: Executor, name: string): Promise<void> {
  await executor.execute(sql`drop index ${sql.identifier(name)}`);
}

/** Runs an index definition as pg_indexes gives it (`CREATE INDEX ... ON ...`). */
export async function createIndex(executor: Executor, definition: string): Promise<void> {
  await executor.execute(sql.raw(definition));
}

/** Refreshes the planner's statistics of `numbers` (after a load). */
export async function analyzeNumbers(database: Database): Promise<void> {
  await database.query('analyze numbers');
}
