import { and, asc, count, desc, eq, gt, inArray, param, sql, type SQL } from 'drizzle-orm';
import { MAX_PRICE_RUPEES, matchingCategories } from '@store/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import {
  bulkPriceChanges,
  importRows,
  numbers,
  orderItems,
  orders,
  portingSteps,
} from '../db/schema';
import type { Tx } from '../db/transactions';
import { availableSql, comingSoonSql, heldSql } from './availability';
import { rowsOf } from './catalog-store';
import { setCategories } from './categories-store';
import type { adminNumberSorts, PriceChange, StockStatus } from './catalog-schemas';
import type { InventoryNumber } from './demo-inventory';
import { planFilters, type FilterPlan, type NumberFilters } from './listing-store';

/**
 * The console's queries of the inventory: its listing (every status), a number's add, price
 * and status, bulk price changes, the import's apply and the export. Prices in paise.
 */

type AdminNumberSort = (typeof adminNumberSorts)[number];

/** The status staff see: available, held, sold, hidden or coming soon. */
const stockStatusSql = sql<StockStatus>`(case when ${numbers.status} <> 'reserved' then ${numbers.status} when ${numbers.reservedUntil} >= now() then 'held' else 'available' end)`;

const statusConditions: Record<StockStatus, SQL> = {
  available: availableSql,
  held: heldSql,
  sold: sql`${numbers.status} = 'sold'`,
  hidden: sql`${numbers.status} = 'hidden'`,
  coming_soon: comingSoonSql,
};

/** A number whose price staff may change: neither held by an order nor sold. */
const repriceableSql = sql`(${numbers.status} <> 'sold' and not ${heldSql})`;

export interface StockFilters extends NumberFilters {
  status?: StockStatus;
}

function planStock(filters: StockFilters): FilterPlan {
  return planFilters(filters, filters.status ? [statusConditions[filters.status]] : []);
}

/**
 * A sold number whose sale no longer stands: its order was cancelled after payment or refunded,
 * or the number was refunded alone (decision 0039), and no porting step was ever recorded for it
 * (no UPC went to the buyer). Staff may put it back on sale, hide it or mark it coming soon; any
 * other sold number keeps its status.
 */
// Written out qualified: drizzle names the columns of a one-table select without their table.
export const relistableSql = sql<boolean>`(numbers.status = 'sold'
  and (exists (select 1 from ${orders} o where o.id = numbers.order_id and o.status in ('cancelled', 'refunded'))
    or exists (select 1 from ${orderItems} oi where oi.order_id = numbers.order_id and oi.number_id = numbers.id and oi.refund_id is not null))
  and not exists (select 1 from ${portingSteps} ps where ps.order_id = numbers.order_id and ps.number_id = numbers.id))`;

/** The reference of the order holding a held number (no look-up for any other). */
const heldByReferenceSql = sql<
  string | null
>`(case when ${heldSql} then (select o.reference from ${orders} o where o.id = numbers.order_id) end)`;

const stockColumns = {
  id: numbers.id,
  number: numbers.number,
  basePrice: numbers.basePrice,
  finalPrice: numbers.finalPrice,
  category: numbers.category,
  status: stockStatusSql,
  relistable: relistableSql,
  orderId: numbers.orderId,
  reservedUntil: numbers.reservedUntil,
  heldByReference: heldByReferenceSql,
  createdAt: numbers.createdAt,
  updatedAt: numbers.updatedAt,
};

export interface StockRow {
  id: number;
  number: string;
  basePrice: number;
  finalPrice: number;
  category: string;
  status: StockStatus;
  /** Sold, but its sale was undone before any UPC went out (relistableSql). */
  relistable: boolean;
  orderId: string | null;
  reservedUntil: Date | null;
  /** Held: its order's reference. */
  heldByReference: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A sort key as it is, or (for a narrow filter: few matches, found through their own index)
 * wrapped in a no-op so that the planner sorts the matches instead of walking a sort index and
 * testing every row on the way (see numberOrder in listing-store.ts).
 */
function sortKey(column: AnyPgColumn, narrow: boolean, direction: 'asc' | 'desc'): SQL {
  if (!narrow) return direction === 'asc' ? asc(column) : desc(column);
  const noOp =
    column === numbers.createdAt
      ? sql`${column} + interval '0 seconds'`
      : column === numbers.finalPrice
        ? sql`${column} + 0`
        : sql`${column} || ''`;
  return direction === 'asc' ? sql`${noOp} asc` : sql`${noOp} desc`;
}

function stockOrder(sort: AdminNumberSort, narrow: boolean): SQL[] {
  const [field, direction] =
    sort === 'newest'
      ? (['created', 'desc'] as const)
      : sort === 'oldest'
        ? (['created', 'asc'] as const)
        : (sort.split('_') as ['number' | 'price' | 'category' | 'status', 'asc' | 'desc']);
  const then = direction === 'asc' ? asc(numbers.id) : desc(numbers.id);
  switch (field) {
    case 'created':
      return [sortKey(numbers.createdAt, narrow, direction), then];
    case 'price':
      return [sortKey(numbers.finalPrice, narrow, direction), then];
    case 'number':
      return [direction === 'asc' ? asc(numbers.number) : desc(numbers.number)];
    case 'category':
      return [direction === 'asc' ? asc(numbers.category) : desc(numbers.category), then];
    case 'status':
      return [direction === 'asc' ? asc(numbers.status) : desc(numbers.status), then];
  }
}

/** One page of the inventory, every status, and the total (counted live). */
export async function listStock(
  db: Db,
  filters: StockFilters,
  sort: AdminNumberSort,
  page: number,
  pageSize: number,
): Promise<{ rows: StockRow[]; total: number }> {
  const plan = planStock(filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select(stockColumns)
      .from(numbers)
      .where(plan.where)
      .orderBy(...stockOrder(sort, plan.narrow))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(numbers).where(plan.where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * The filtered inventory in number order, `batchSize` rows at a time (keyset on the number),
 * for the export: memory holds one batch whatever the inventory's size.
 */
export async function* streamStock(
  db: Db,
  filters: StockFilters,
  batchSize = 5_000,
): AsyncGenerator<StockRow[]> {
  const plan = planStock(filters);
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select(stockColumns)
      .from(numbers)
      .where(after === undefined ? plan.where : and(plan.where, gt(numbers.number, after)))
      .orderBy(asc(numbers.number))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.number;
  }
}

/** One number, its row locked for the transaction; undefined when there is none. */
export async function lockStockNumber(tx: Tx, id: number): Promise<StockRow | undefined> {
  const [row] = await tx.select(stockColumns).from(numbers).where(eq(numbers.id, id)).for('update');
  return row;
}

/** The numbers of these orders that may go back on sale now (relistableSql), by order. */
export async function relistableByOrder(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, number[]>> {
  const byOrder = new Map<string, number[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ id: numbers.id, orderId: numbers.orderId })
    .from(numbers)
    .where(and(inArray(numbers.orderId, [...orderIds]), relistableSql))
    .orderBy(asc(numbers.id));
  for (const row of rows) byOrder.set(row.orderId!, [...(byOrder.get(row.orderId!) ?? []), row.id]);
  return byOrder;
}

/** A number by its 10 digits, or undefined. */
export async function findStockNumber(db: Db | Tx, number: string) {
  const [row] = await db.select(stockColumns).from(numbers).where(eq(numbers.number, number));
  return row;
}

/** Inserts one number; undefined when the number is already in the table. */
export async function insertStockNumber(
  tx: Tx,
  row: InventoryNumber,
): Promise<StockRow | undefined> {
  const [inserted] = await tx
    .insert(numbers)
    .values({ ...row, categories: matchingCategories(row.number), updatedAt: row.createdAt })
    .onConflictDoNothing({ target: numbers.number })
    .returning({ id: numbers.id });
  return inserted ? lockStockNumber(tx, inserted.id) : undefined;
}

export async function setStockPrices(
  tx: Tx,
  id: number,
  prices: { basePrice: number; finalPrice: number },
) {
  await tx.update(numbers).set(prices).where(eq(numbers.id, id));
}

/** The statuses staff (or an import) may give a number. */
export type SettableStatus = 'available' | 'hidden' | 'coming_soon';

/** The columns a status change sets: no hold is left. */
const statusChange = (status: SettableStatus | SQL) => ({
  status,
  reservedUntil: null,
  orderId: null,
  // Put on sale again: new to saved searches.
  listedAt: sql`case when ${numbers.status} <> 'available' then now() else ${numbers.listedAt} end`,
});

export async function setStockStatus(tx: Tx, id: number, status: SettableStatus) {
  await tx.update(numbers).set(statusChange(status)).where(eq(numbers.id, id));
}

/** `{ price, offerPrice }` in rupees as JSON, from list and final prices in paise. */
function pricesJson(base: SQL, final: SQL): SQL {
  return sql`jsonb_build_object('price', round(${base} / 100.0, 2), 'offerPrice', case when ${final} < ${base} then round(${final} / 100.0, 2) end)`;
}

/**
 * A number's prices after a bulk change (paise); percents round to whole rupees, at least 1 and
 * at most MAX_PRICE_RUPEES, the limit a price typed in the console or an import has.
 */
function changedPrices(change: PriceChange): { base: SQL; final: SQL } {
  if (change.mode === 'set') {
    const paise = sql`${change.amount * 100}::int`;
    return { base: paise, final: paise };
  }
  const factor = sql`(100 ${sql.raw(change.mode === 'raise' ? '+' : '-')} ${change.percent}::numeric) / 100`;
  const scaled = (column: AnyPgColumn) =>
    sql`least(${MAX_PRICE_RUPEES * 100}, greatest(100, round(${column} * ${factor} / 100) * 100))::int`;
  const base = scaled(numbers.basePrice);
  return { base, final: sql`least(${base}, ${scaled(numbers.finalPrice)})` };
}

/** The numbers a bulk change moves: selected, repriceable, and at another price after it. */
function bulkChangeWhere(filters: StockFilters, change: PriceChange): SQL {
  const { base, final } = changedPrices(change);
  return and(
    planStock(filters).where,
    repriceableSql,
    sql`(${numbers.basePrice}, ${numbers.finalPrice}) is distinct from (${base}, ${final})`,
  )!;
}

export async function previewBulkPrice(db: Db, filters: StockFilters, change: PriceChange) {
  const { where } = planStock(filters);
  const { base, final } = changedPrices(change);
  const [counts] = await db
    .select({
      selected: count(),
      skipped: sql<number>`count(*) filter (where not ${repriceableSql})`.mapWith(Number),
    })
    .from(numbers)
    .where(where);
  const [changing] = await rowsOf<{ n: number; fingerprint: string }>(
    db,
    sql`select ${selectionSql} from ${numbers} where ${bulkChangeWhere(filters, change)}`,
  );
  const sample = await db
    .select({
      id: numbers.id,
      number: numbers.number,
      basePrice: numbers.basePrice,
      finalPrice: numbers.finalPrice,
      newBasePrice: sql<number>`${base}`.mapWith(Number),
      newFinalPrice: sql<number>`${final}`.mapWith(Number),
    })
    .from(numbers)
    .where(bulkChangeWhere(filters, change))
    .orderBy(asc(numbers.number))
    .limit(10);
  return {
    selected: counts?.selected ?? 0,
    skipped: counts?.skipped ?? 0,
    changing: changing?.n ?? 0,
    fingerprint: changing?.fingerprint ?? '',
    sample,
  };
}

/**
 * How many numbers a bulk change moves (`n`) and the fingerprint of what it moves
 * (`fingerprint`): the md5 of their ids and current prices, in id order. A change applied
 * since the preview moves the same numbers from other prices: another fingerprint, where the
 * count alone would match (decision 0042). Read from `numbers` or, for the apply, from rows of
 * the same columns locked in a subquery.
 */
const selectionSql = sql`count(*)::int as n, md5(coalesce(string_agg(id || ':' || base_price || ':' || final_price, ',' order by id), '')) as fingerprint`;

/**
 * Locks the rows a bulk change moves, in id order (as every multi-number change does), and
 * reads their count and fingerprint as locked (after any change committed meanwhile).
 */
export async function lockBulkPrice(tx: Tx, filters: StockFilters, change: PriceChange) {
  const [row] = await rowsOf<{ n: number; fingerprint: string }>(
    tx,
    sql`select ${selectionSql} from (select id, base_price, final_price from ${numbers} where ${bulkChangeWhere(filters, change)} order by ${numbers.id} for update) locked`,
  );
  return { count: row?.n ?? 0, fingerprint: row?.fingerprint ?? '' };
}

/** The bulk change this staff member applied with this Idempotency-Key, if any. */
export async function findBulkPriceChange(tx: Tx, actorId: string, idempotencyKey: string) {
  const [row] = await tx
    .select({ requestHash: bulkPriceChanges.requestHash, changed: bulkPriceChanges.changed })
    .from(bulkPriceChanges)
    .where(
      and(
        eq(bulkPriceChanges.actorId, actorId),
        eq(bulkPriceChanges.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

/** Keeps what a bulk change applied with an Idempotency-Key did, for its retries. */
export async function insertBulkPriceChange(
  tx: Tx,
  row: { actorId: string; idempotencyKey: string; requestHash: string; changed: number },
) {
  await tx.insert(bulkPriceChanges).values(row).onConflictDoNothing();
}

/** The audit entries of a bulk change, one per number (a SELECT for audit.recordSelected). */
export function bulkPriceAuditRows(
  filters: StockFilters,
  change: PriceChange,
  actorId: string,
  note: string,
): SQL {
  const { base, final } = changedPrices(change);
  return sql`select ${actorId}::uuid, 'number.reprice', 'number', ${numbers.id}::text, ${numbers.number},
      ${pricesJson(sql`${numbers.basePrice}`, sql`${numbers.finalPrice}`)},
      ${pricesJson(base, final)}, ${note}::text
    from ${numbers} where ${bulkChangeWhere(filters, change)}`;
}

/** Applies a bulk change (rows locked by lockBulkPrice); returns how many numbers changed. */
export async function applyBulkPrice(tx: Tx, filters: StockFilters, change: PriceChange) {
  const { base, final } = changedPrices(change);
  const changed = await tx
    .update(numbers)
    .set({ basePrice: sql`${base}`, finalPrice: sql`${final}` })
    .where(bulkChangeWhere(filters, change))
    .returning({ id: numbers.id });
  return changed.length;
}

/**
 * What an import does to one row: a new number; an update (new prices, a new status or both);
 * nothing (the same prices, and the same status or none); or a refusal, a row error (see
 * ImportRefusal).
 */
export type ImportOutcome = 'new' | 'updated' | 'unchanged' | ImportRefusal;

/**
 * Why an import refuses a row: its number is held by an order or sold and the row would change
 * its price or status (`held`, `sold`), or the row says held or sold of a number that is not so,
 * new (`new_held`, `new_sold`) or in the store (`not_held`, `not_sold`): only orders hold and
 * sell numbers.
 */
export type ImportRefusal =
  'held' | 'sold' | 'new_held' | 'new_sold' | 'not_held' | 'not_sold' | 'added_meanwhile';

/**
 * The outcome of offering `base` and `final` with the file's `status` (null when left empty)
 * for the number `n` (left-joined: null when new). A status the number has, or none, is no
 * change: an export (which writes every number's status) uploads again unchanged.
 */
function importOutcomeSql(base: SQL, final: SQL, status: SQL): SQL {
  return sql`case
    when ${numbers.id} is null then
      case ${status} when 'held' then 'new_held' when 'sold' then 'new_sold' else 'new' end
    when ${status} = 'held' and not ${heldSql} then 'not_held'
    when ${status} = 'sold' and ${numbers.status} <> 'sold' then 'not_sold'
    when (${numbers.basePrice}, ${numbers.finalPrice}) = (${base}, ${final})
      and (${status} is null or ${status} = ${stockStatusSql}) then 'unchanged'
    when ${numbers.status} = 'sold' then 'sold'
    when ${heldSql} then 'held'
    else 'updated' end`;
}

/**
 * The final price a row gives when the file has no offer_price column: the number's offer stays
 * (at most its new price); a number without one, or a new number, is sold at `base`.
 */
function keptOfferSql(base: SQL): SQL {
  return sql`case when ${numbers.finalPrice} < ${numbers.basePrice}
    then least(${numbers.finalPrice}, ${base}) else ${base} end`;
}

/** An import row as the dry run checks it: status null when the file left it empty. */
export interface ImportRow {
  line: number;
  number: string;
  basePrice: number;
  finalPrice: number;
  status: StockStatus | null;
}

/**
 * The outcome each row of a batch would have (the dry run), read against the store now, and
 * whether it ends the number's offer (`keepOffers`: the file has no offer_price column).
 */
export async function importOutcomes(
  db: Db,
  rows: readonly ImportRow[],
  keepOffers: boolean,
): Promise<{ line: number; outcome: ImportOutcome; endsOffer: boolean }[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: ImportRow) => T) => param(rows.map(pick));
  const final = keepOffers ? keptOfferSql(sql`u.base`) : sql`u.final`;
  return rowsOf<{ line: number; outcome: ImportOutcome; endsOffer: boolean }>(
    db,
    sql`select u.line, ${importOutcomeSql(sql`u.base`, final, sql`u.status`)} as outcome,
        coalesce(${numbers.finalPrice} < ${numbers.basePrice} and ${final} >= u.base, false)
          as "endsOffer"
      from unnest(${column((r) => r.line)}::int[], ${column((r) => r.number)}::text[],
        ${column((r) => r.basePrice)}::int[], ${column((r) => r.finalPrice)}::int[],
        ${column((r) => r.status)}::text[])
        as u(line, number, base, final, status)
      left join ${numbers} on ${numbers.number} = u.number
      order by u.line`,
  );
}

/**
 * Applies an import's staged good rows to the numbers, inside `tx`:
 * locks the existing numbers the import names (in id order), decides each row's outcome into a
 * temporary plan, records an audit entry per repriced number and per number whose status
 * changes (a SELECT, through `record`; status entries as staff's, by `statusActions`), reprices
 * and gives the new status to the `updated` numbers and inserts the `new` ones (recorded once,
 * by the import). Returns the counts and the refused lines; the caller keeps those as row errors.
 */
export async function applyImportRows(
  tx: Tx,
  importId: string,
  record: (rows: SQL) => Promise<void>,
  audit: { actorId: string; note: string; statusActions: Record<SettableStatus, string> },
  keepOffers: boolean,
) {
  const run = <T>(query: SQL) => rowsOf<T>(tx, query);
  const final = keepOffers ? keptOfferSql(sql`r.base_price`) : sql`r.final_price`;
  // The staged good rows (import_rows belongs to the imports capability: read here in joins).
  const staged = sql`r.import_id = ${importId}::uuid`;
  await run(
    sql`select count(*) from (select ${numbers.id} from ${numbers} join ${importRows} r on r.number = ${numbers.number} where ${staged} order by ${numbers.id} for update of ${numbers}) locked`,
  );
  // old_status and new_status are set for a status change only.
  await run(sql`create temporary table import_plan on commit drop as
    select r.line, r.number, ${numbers.id} as number_id,
      ${importOutcomeSql(sql`r.base_price`, final, sql`r.status`)} as outcome,
      (${numbers.basePrice}, ${numbers.finalPrice}) <> (r.base_price, ${final}) as reprice,
      case when r.status <> ${stockStatusSql} then ${stockStatusSql} end as old_status,
      case when r.status <> ${stockStatusSql} then r.status end as new_status
    from ${importRows} r
    left join ${numbers} on ${numbers.number} = r.number
    where ${staged}`);
  await run(sql`analyze import_plan`);

  const { actorId, note, statusActions } = audit;
  await record(sql`select ${actorId}::uuid, 'number.reprice', 'number', ${numbers.id}::text, ${numbers.number},
      ${pricesJson(sql`${numbers.basePrice}`, sql`${numbers.finalPrice}`)},
      ${pricesJson(sql`r.base_price`, final)}, ${note}::text
    from import_plan p
    join ${numbers} on ${numbers.id} = p.number_id
    join ${importRows} r on r.import_id = ${importId}::uuid and r.line = p.line
    where p.outcome = 'updated' and p.reprice`);
  await record(sql`select ${actorId}::uuid, ${JSON.stringify(statusActions)}::jsonb ->> p.new_status,
      'number', p.number_id::text, p.number, jsonb_build_object('status', p.old_status),
      jsonb_build_object('status', p.new_status), ${note}::text
    from import_plan p
    where p.outcome = 'updated' and p.new_status is not null`);
  await run(sql`update ${numbers} set base_price = r.base_price, final_price = ${final}, updated_at = now()
    from import_plan p
    join ${importRows} r on r.import_id = ${importId}::uuid and r.line = p.line
    where p.outcome = 'updated' and p.reprice and ${numbers.id} = p.number_id`);
  await tx
    .update(numbers)
    .set(statusChange(sql`p.new_status`))
    .from(sql`import_plan p`)
    .where(sql`p.outcome = 'updated' and p.new_status is not null and ${numbers.id} = p.number_id`);
  // A new number that another import or staff added while this one ran (it had no row to lock)
  // is left as they made it: the row is refused, to be checked and uploaded again.
  await run(sql`with inserted as (
      insert into ${numbers} (number, base_price, final_price, category, digit_sum, mid, total, status, created_at, updated_at)
      select r.number, r.base_price, r.final_price, r.category, r.digit_sum, r.mid, r.total,
        coalesce(r.status, 'available'), now(), now()
      from import_plan p
      join ${importRows} r on r.import_id = ${importId}::uuid and r.line = p.line
      where p.outcome = 'new'
      on conflict (number) do nothing
      returning number)
    update import_plan p set outcome = 'added_meanwhile'
    where p.outcome = 'new' and not exists (select 1 from inserted i where i.number = p.number)`);
  // Each new number's own entry, as the console's Add number writes: who put it in the store, at
  // what prices and status, and when.
  await record(sql`select ${actorId}::uuid, 'number.add', 'number', ${numbers.id}::text, ${numbers.number},
      null::jsonb, ${pricesJson(sql`${numbers.basePrice}`, sql`${numbers.finalPrice}`)} || jsonb_build_object('status', ${numbers.status}),
      ${note}::text
    from import_plan p
    join ${numbers} on ${numbers.number} = p.number
    where p.outcome = 'new'`);
  // Every category each new number fits, which the listings filter on (worked out here, as the
  // demo loader and the console's add do).
  const added = await run<{ id: number; number: string }>(
    sql`select ${numbers.id} as id, ${numbers.number} as number
      from import_plan p join ${numbers} on ${numbers.number} = p.number
      where p.outcome = 'new'`,
  );
  await setCategories(
    tx,
    added.map((row) => ({ id: row.id, categories: matchingCategories(row.number) })),
  );

  const [counts] = await run<{
    new: number;
    updated: number;
    unchanged: number;
    repriced: number;
    statusChanged: number;
  }>(
    sql`select count(*) filter (where outcome = 'new')::int as new,
      count(*) filter (where outcome = 'updated')::int as updated,
      count(*) filter (where outcome = 'unchanged')::int as unchanged,
      count(*) filter (where outcome = 'updated' and reprice)::int as repriced,
      count(*) filter (where outcome = 'updated' and new_status is not null)::int as "statusChanged"
    from import_plan`,
  );
  const refused = await run<{ line: number; outcome: ImportRefusal }>(
    sql`select line, outcome from import_plan
      where outcome not in ('new', 'updated', 'unchanged') order by line`,
  );
  return { ...counts!, refused };
}
