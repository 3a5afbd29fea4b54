import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { NumberSort, SearchFilters } from '@store/domain';
import type { Database } from '../db/database';
import { categoryMember, digitPlaces, numberRuns, numbers, runCode } from '../db/schema';
import { availableSql, comingSoonSql, heldSql, listableSql } from './availability';
import { catalogCacheFor, type CatalogCache, type ListingOrder } from './listing-cache';
import type { NumberItem } from './catalog-schemas';
import { numberItemColumns, toNumberItem, type NumberRow } from './number-item';

/**
 * A listing's filters, checked and normalised: the domain's SearchFilters (category never `all`)
 * without the sort, and with prices in paise. Absent means no filter.
 */
export type NumberFilters = Omit<SearchFilters, 'sort' | 'minPrice' | 'maxPrice'> & {
  minPrice?: number;
  maxPrice?: number;
};

interface ListNumbersOptions {
  filters: NumberFilters;
  sort: NumberSort;
  /** From 1. */
  page: number;
  pageSize: number;
  /**
   * How long orders may be reused (CATALOG_CACHE_SECONDS), totals TOTALS_TTL_FACTOR times as
   * long; 0 reads everything live.
   */
  cacheTtlMs: number;
  /** List the numbers marked coming soon instead of those on sale. */
  comingSoon?: boolean;
}

interface NumberPage {
  items: NumberItem[];
  /** At most COUNT_CAP; `totalCapped` when more match. */
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  pageCount: number;
}

/**
 * Totals are kept this many times longer than orders: counting a broad filter is the costly
 * part of a listing, and a total a few minutes old misleads nobody.
 */
export const TOTALS_TTL_FACTOR = 10;

/** Prepared statements kept per process (one per filter seen); past it they start again. */
const ROW_STATEMENTS_KEPT = 1_000;

/** How many ids of a listing's order are cached: the first 20 pages of 24. */
export const CANDIDATE_LIMIT = 480;

/**
 * A digit filter that matches at most about this share of numbers is "narrow": its own index
 * finds every match and they are sorted afterwards. Broader filters walk the sort index.
 */
const NARROW_SHARE = 0.005;

const INT_MAX = 2_147_483_647;
const clampPaise = (paise: number) => Math.min(Math.max(0, Math.round(paise)), INT_MAX);
const reverse = (text: string) => [...text].reverse().join('');

export interface FilterPlan {
  where: SQL;
  /** Some digit filter is narrow: collect its matches through its index, then sort them. */
  narrow: boolean;
  /**
   * Three or four digits anywhere or an ending of two to four, in a listing of numbers available
   * or on sale or held, and no other narrow filter: the listing walks number_runs for `run` (its
   * runCode) in its order, testing `rest` on each number: the other conditions, less
   * listableSql, which every number in number_runs meets (undefined: nothing to test). Decision
   * 0025.
   */
  runs?: { run: number; rest?: SQL };
}

/**
 * Fixed places of a 10-place pattern (`98??54????`, `9876??????`, `??????1010`), and whether
 * they are narrow. `share` guesses the share of numbers that match: a first digit is one of
 * four, any other one of ten.
 *
 * A broad pattern is a plain LIKE: cheap to test on each row of a sort index, and estimated well
 * from the column's statistics. A narrow one is found through an index: fixed only at the start,
 * the prefix (text_pattern_ops) index; only in the last 3+ places, the reverse(number) index;
 * otherwise digit-place codes (`digitPlaces`) in their GIN index, a pair code for every two
 * adjacent fixed digits and a single code for a lone one (a lone first digit is tested as a
 * prefix: one of four is no use to an index).
 */
function placeConditions(pattern: string): { conditions: SQL[]; narrow: boolean } {
  const runs = [...pattern.matchAll(/\d+/g)].map((m) => ({ start: m.index, digits: m[0] }));
  if (runs.length === 0) return { conditions: [], narrow: false };
  let share = 1;
  for (const { start, digits } of runs) {
    share *= start === 0 ? 0.25 * 0.1 ** (digits.length - 1) : 0.1 ** digits.length;
  }
  if (share > NARROW_SHARE) {
    return {
      conditions: [sql`${numbers.number} like ${pattern.replaceAll('?', '_')}`],
      narrow: false,
    };
  }

  const [first] = runs;
  if (runs.length === 1 && first!.start === 0) {
    return { conditions: [sql`${numbers.number} like ${`${first!.digits}%`}`], narrow: true };
  }
  if (
    runs.length === 1 &&
    first!.start + first!.digits.length === 10 &&
    first!.digits.length >= 3
  ) {
    return {
      conditions: [sql`reverse(${numbers.number}) like ${`${reverse(first!.digits)}%`}`],
      narrow: true,
    };
  }
  const conditions: SQL[] = [];
  const codes: number[] = [];
  for (const { start, digits } of runs) {
    if (digits.length > 1) {
      for (let i = start; i + 1 < start + digits.length; i++) {
        codes.push(100 * (i + 1) + Number(pattern.slice(i, i + 2)));
      }
    } else if (start === 0) {
      conditions.push(sql`${numbers.number} like ${`${digits}%`}`);
    } else {
      codes.push(10 * start + Number(digits));
    }
  }
  // Whole numbers computed here, written as literals so that the planner sees them.
  const list = sql.raw(codes.join(', '));
  conditions.push(sql`${digitPlaces(numbers.number)} @> array[${list}]::int[]`);
  return { conditions, narrow: true };
}

export interface PlanOptions {
  /**
   * `base` keeps only numbers on sale or held, which number_runs holds, so the plan may walk it
   * (decision 0025). Only the storefront's listings say so: coming soon and the console do not.
   */
  onSaleOrHeld?: boolean;
}

/**
 * The WHERE clause of a listing and how to sort it: the filters, and `base` (by default: only
 * available numbers; the console's inventory passes its status filter instead).
 */
export function planFilters(
  filters: NumberFilters,
  base: SQL[] = [availableSql],
  { onSaleOrHeld = false }: PlanOptions = {},
): FilterPlan {
  const conditions: SQL[] = [...base];
  const f = filters;
  let narrow = false;
  /** Digits that number_runs holds (runCode): their condition on a number, and their code. */
  let digitRun: { condition: SQL; code: number } | undefined;

  // Every category the number fits, not only its primary one (decision 0013).
  if (f.category) conditions.push(categoryMember(numbers.categories, f.category));
  if (f.offer) conditions.push(lt(numbers.finalPrice, numbers.basePrice));

  if (f.q) {
    const match = f.match ?? 'anywhere';
    if (f.q.length === 10) {
      // A whole number: the unique index answers it, wherever `match` says.
      conditions.push(eq(numbers.number, f.q));
      narrow = true;
    } else if (match === 'anywhere' && (f.q.length === 3 || f.q.length === 4)) {
      digitRun = { condition: sql`${numbers.number} like ${`%${f.q}%`}`, code: runCode(f.q) };
    } else if (match === 'end' && f.q.length >= 2 && f.q.length <= 4) {
      digitRun = {
        condition: sql`reverse(${numbers.number}) like ${`${reverse(f.q)}%`}`,
        code: runCode(f.q, 'end'),
      };
    } else if (match === 'anywhere') {
      // The trigram index, for 5 digits and more; 1 or 2 digits match most numbers anyway.
      conditions.push(sql`${numbers.number} like ${`%${f.q}%`}`);
      narrow ||= f.q.length > 4;
    } else {
      const pattern = match === 'start' ? f.q.padEnd(10, '?') : f.q.padStart(10, '?');
      const places = placeConditions(pattern);
      conditions.push(...places.conditions);
      narrow ||= places.narrow;
    }
  }

  if (f.mask) {
    const places = placeConditions(f.mask);
    conditions.push(...places.conditions);
    narrow ||= places.narrow;
  }

  for (const digit of f.mustContain ?? []) {
    conditions.push(sql`${numbers.number} like ${`%${digit}%`}`);
  }
  for (const digit of f.notContain ?? []) {
    conditions.push(sql`${numbers.number} not like ${`%${digit}%`}`);
  }

  if (f.sum !== undefined) conditions.push(eq(numbers.digitSum, f.sum));
  if (f.mid !== undefined) conditions.push(eq(numbers.mid, f.mid));
  if (f.total !== undefined) {
    conditions.push(f.total <= 9 ? eq(numbers.total, f.total) : eq(numbers.digitSum, f.total));
  }
  if (f.minPrice !== undefined) conditions.push(gte(numbers.finalPrice, clampPaise(f.minPrice)));
  if (f.maxPrice !== undefined) conditions.push(lte(numbers.finalPrice, clampPaise(f.maxPrice)));

  const where = (list: SQL[]) => and(...list) ?? sql`true`;
  if (!digitRun) return { where: where(conditions), narrow };
  // Digits number_runs holds: narrow for the trigram or the reverse index (the console sorts
  // their matches), walked in number_runs by a listing of numbers on sale or held unless another
  // filter is narrow.
  return {
    where: where([...conditions, digitRun.condition]),
    narrow: true,
    runs:
      narrow || !onSaleOrHeld
        ? undefined
        : {
            run: digitRun.code,
            rest: and(...conditions.filter((condition) => condition !== listableSql)),
          },
  };
}

/**
 * Stable orders: every sort ends on the id, so pages never overlap or skip. Walked straight
 * off the (final_price, id) and (created_at, id) indexes, a category's own partial ones for a
 * category listing; for a narrow
 * filter the key is wrapped in a no-op expression so that the planner cannot walk a sort index
 * and test every row on the way (a disaster when the matches all sit at one end, as the
 * lakh-priced 786 numbers do for price_asc), and sorts the few matches instead.
 */
function numberOrder(sort: NumberSort, narrow = false): SQL[] {
  switch (sort) {
    case 'price_asc':
      return narrow
        ? [sql`${numbers.finalPrice} + 0`, asc(numbers.id)]
        : [asc(numbers.finalPrice), asc(numbers.id)];
    case 'price_desc':
      return narrow
        ? [sql`${numbers.finalPrice} + 0 desc`, desc(numbers.id)]
        : [desc(numbers.finalPrice), desc(numbers.id)];
    case 'newest':
      return narrow
        ? [sql`${numbers.createdAt} + interval '0 seconds' desc`, desc(numbers.id)]
        : [desc(numbers.createdAt), desc(numbers.id)];
  }
}

/** The filters in one canonical string: the key of a cached total. */
function filtersKey(filters: NumberFilters): string {
  const f = filters;
  const list = (digits?: string[]) => (digits?.length ? [...new Set(digits)].sort().join('') : '');
  return JSON.stringify([
    f.category ?? '',
    f.offer ? 1 : 0,
    f.q ?? '',
    f.q ? (f.q.length === 10 ? 'exact' : (f.match ?? 'anywhere')) : '',
    list(f.mustContain),
    list(f.notContain),
    f.mask && /\d/.test(f.mask) ? f.mask : '',
    f.sum ?? '',
    f.mid ?? '',
    f.total ?? '',
    f.minPrice === undefined ? '' : clampPaise(f.minPrice),
    f.maxPrice === undefined ? '' : clampPaise(f.maxPrice),
  ]);
}

/**
 * Counting stops past this many matches: a listing with more says "5,000+" (decision 0024).
 * An exact count of a broad filter at 1,000,000 numbers took 60 to 370 ms on PostgreSQL; one
 * that stops here, under 30.
 */
export const COUNT_CAP = 5_000;

/**
 * How many numbers match, counted up to COUNT_CAP + 1 (more than the cap: COUNT_CAP + 1); from
 * number_runs' index alone for digits with nothing else to test.
 */
async function countNumbers(database: Database, plan: FilterPlan): Promise<number> {
  const matches = (
    plan.runs
      ? database.db
          .select({ one: sql`1` })
          .from(numberRuns)
          .where(runsWhere(plan.runs))
      : database.db
          .select({ one: sql`1` })
          .from(numbers)
          .where(plan.where)
  )
    .limit(COUNT_CAP + 1)
    .as('matches');
  const [row] = await database.db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

/** Distinct held-count entries kept per process; past it they start again. */
const HELD_COUNTS_KEPT = 10_000;

/**
 * How many numbers matching the filters are on hold now: what a cached total (numbers on sale
 * or held) is more than the available ones. Kept as long as a cached listing order, and never
 * past the end of the first of those holds; a hold made meanwhile is counted at the next count
 * (as a sale is: decision 0022).
 */
async function heldCount(
  database: Database,
  cache: CatalogCache,
  key: string,
  filters: NumberFilters,
  cacheTtlMs: number,
): Promise<number> {
  const kept = cache.heldCounts.get(key);
  if (kept && Date.now() < kept.untilMs) return kept.count;
  const { where } = planFilters(filters, [heldSql]);
  const [row] = await database.db
    .select({
      count: count(),
      msLeft: sql<
        number | null
      >`extract(epoch from min(${numbers.reservedUntil}) - now()) * 1000`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
    })
    .from(numbers)
    .where(where);
  const held = row?.count ?? 0;
  if (cache.heldCounts.size >= HELD_COUNTS_KEPT) cache.heldCounts.clear();
  cache.heldCounts.set(key, {
    count: held,
    untilMs: Date.now() + Math.min(row?.msLeft ?? Infinity, cacheTtlMs),
  });
  return held;
}

/** The same orders as numberOrder, off number_runs' (run, sort key, id) indexes. */
function runOrder(sort: NumberSort): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(numberRuns.finalPrice), asc(numberRuns.numberId)];
    case 'price_desc':
      return [desc(numberRuns.finalPrice), desc(numberRuns.numberId)];
    case 'newest':
      return [desc(numberRuns.createdAt), desc(numberRuns.numberId)];
  }
}

/** The number_runs rows of the run whose numbers meet the rest of the filters. */
function runsWhere(runs: NonNullable<FilterPlan['runs']>): SQL {
  const ofRun = eq(numberRuns.run, runs.run);
  if (!runs.rest) return ofRun;
  return sql`${ofRun} and exists (select from ${numbers} where ${numbers.id} = ${numberRuns.numberId} and ${runs.rest})`;
}

/** One page, read live. */
function readPage(
  database: Database,
  plan: FilterPlan,
  sort: NumberSort,
  limit: number,
  offset: number,
): Promise<NumberRow[]> {
  if (plan.runs) {
    return database.db
      .select(numberItemColumns)
      .from(numberRuns)
      .innerJoin(numbers, eq(numbers.id, numberRuns.numberId))
      .where(and(eq(numberRuns.run, plan.runs.run), plan.runs.rest))
      .orderBy(...runOrder(sort))
      .limit(limit)
      .offset(offset);
  }
  return database.db
    .select(numberItemColumns)
    .from(numbers)
    .where(plan.where)
    .orderBy(...numberOrder(sort, plan.narrow))
    .limit(limit)
    .offset(offset);
}

/** A narrow filter's matches are all read and sorted: counting them costs nothing more. */
const sortsAllMatches = (plan: FilterPlan) => plan.narrow && !plan.runs;

/** The first CANDIDATE_LIMIT ids in order, and their total when reading them told it. */
async function readOrder(
  database: Database,
  plan: FilterPlan,
  sort: NumberSort,
): Promise<ListingOrder> {
  const counts = sortsAllMatches(plan);
  const rows = await (
    plan.runs
      ? database.db
          .select({ id: numberRuns.numberId, total: sql<number>`0` })
          .from(numberRuns)
          .where(runsWhere(plan.runs))
          .orderBy(...runOrder(sort))
      : database.db
          .select({
            id: numbers.id,
            total: counts ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number>`0`,
          })
          .from(numbers)
          .where(plan.where)
          .orderBy(...numberOrder(sort, plan.narrow))
  ).limit(CANDIDATE_LIMIT);
  const ids = rows.map((row) => row.id);
  if (ids.length < CANDIDATE_LIMIT) return { ids, total: ids.length };
  return counts ? { ids, total: rows[0]!.total } : { ids };
}

/**
 * The statement that reads a cached page's rows, per filter: a named prepared statement, so
 * each connection parses and plans it once (planning, with the table's many indexes, cost more
 * than running it), and the query is not built again for every request.
 */
function rowsStatement(database: Database, cache: CatalogCache, key: string, where: SQL) {
  let statement = cache.rowStatements.get(key);
  if (!statement) {
    if (cache.rowStatements.size >= ROW_STATEMENTS_KEPT) cache.rowStatements.clear();
    const name = `listing_rows_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
    statement = database.db
      .select(numberItemColumns)
      .from(numbers)
      .where(and(sql`${numbers.id} = any(${sql.placeholder('ids')}::integer[])`, where))
      .prepare(name);
    cache.rowStatements.set(key, statement);
  }
  return statement;
}

/** The rows of these ids that still match (and are still available), in the ids' order. */
async function readRows(
  statement: ReturnType<typeof rowsStatement>,
  ids: number[],
): Promise<NumberRow[]> {
  if (ids.length === 0) return [];
  const rows = await statement.execute({ ids });
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** A page's rows, and the total when the reading told it (`listed`: of the numbers on sale or held). */
interface PageRead {
  rows: NumberRow[];
  total?: number;
  listed: boolean;
}

/**
 * One page of available numbers and their total (docs/decisions/0002-catalog-listing.md,
 * 0022, 0024).
 *
 * With the cache on, the first CANDIDATE_LIMIT ids of each filter and sort are kept for the TTL
 * and every page re-reads its rows by id with the full filter, so a number that is no longer
 * available (or no longer matches) never shows. The cached order and the total cover the
 * numbers on sale or held (listableSql): a hold that ends, given back or lapsed, shows its
 * number at once without forgetting anything, and a page holding a held number shows one fewer;
 * the numbers on hold are counted off the total (heldCount).
 * Other changes (a load, a price, a number shown again) make the catalogue service forget the
 * cache. Deeper pages, and everything with the cache off, are read live. The total is known
 * without counting when a page comes back short (or a narrow filter's order is read); otherwise
 * it is counted, up to COUNT_CAP, while the page is read, and kept.
 */
export async function listNumbers(
  database: Database,
  options: ListNumbersOptions,
): Promise<NumberPage> {
  const { filters, sort, page, pageSize, cacheTtlMs, comingSoon } = options;
  const plan = comingSoon
    ? planFilters(filters, [comingSoonSql])
    : planFilters(filters, undefined, { onSaleOrHeld: true });
  const listed = comingSoon ? plan : planFilters(filters, [listableSql], { onSaleOrHeld: true });
  const offset = (page - 1) * pageSize;
  const cache = catalogCacheFor(database);
  const key = `${comingSoon ? 'coming_soon|' : ''}${filtersKey(filters)}`;
  const cached = cacheTtlMs > 0;
  const fromOrder = cached && offset + pageSize <= CANDIDATE_LIMIT;

  const readPageRows = async (): Promise<PageRead> => {
    if (fromOrder) {
      const order = await cache.orders.get(`${key}|${sort}`, cacheTtlMs, () =>
        readOrder(database, listed, sort),
      );
      const ids = order.ids.slice(offset, offset + pageSize);
      const rows = await readRows(rowsStatement(database, cache, key, plan.where), ids);
      return { rows, total: order.total, listed: true };
    }
    const rows = await readPage(database, plan, sort, pageSize, offset);
    if (rows.length > 0 && rows.length < pageSize) {
      return { rows, total: offset + rows.length, listed: false };
    }
    return { rows, total: rows.length === 0 && offset === 0 ? 0 : undefined, listed: false };
  };
  // Cached totals cover the held numbers too (listed); those on hold now are taken off.
  const counted = cached ? listed : plan;
  const countTotal = () =>
    cache.totals.get(key, cacheTtlMs * TOTALS_TTL_FACTOR, () => countNumbers(database, counted));

  // The count and the held numbers are read alongside the page, on other connections; a
  // narrow filter's order counts its matches itself. The count starts before the page is known:
  // a short page makes it needless (capped, and kept), but waiting for the page would add the
  // page's time to the first request of every broad listing.
  const [read, count, held] = await Promise.all([
    readPageRows(),
    fromOrder && sortsAllMatches(counted) ? undefined : countTotal(),
    cached && !comingSoon ? heldCount(database, cache, key, filters, cacheTtlMs) : 0,
  ]);
  let total = read.total ?? count ?? (await countTotal());
  const coversHeld = read.total === undefined ? cached : read.listed;
  // Past the cap the count stopped: held numbers cannot be taken off what was not counted.
  if (coversHeld && total <= COUNT_CAP) total = Math.max(0, total - held);
  const totalCapped = total > COUNT_CAP;
  if (totalCapped) total = COUNT_CAP;

  return {
    items: read.rows.map(toNumberItem),
    total,
    totalCapped,
    page,
    pageSize,
    pageCount: Math.ceil(total / pageSize),
  };
}

/**
 * Available numbers matching the filters that went on sale after `since` (loaded, a hold given
 * back, shown again), the earliest first: what a saved search's alert lists.
 */
export function listedSince(
  database: Database,
  filters: NumberFilters,
  since: Date,
  limit: number,
): Promise<NumberRow[]> {
  const plan = planFilters(filters, [availableSql, gt(numbers.listedAt, since)]);
  return database.db
    .select(numberItemColumns)
    .from(numbers)
    .where(plan.where)
    .orderBy(asc(numbers.listedAt), asc(numbers.id))
    .limit(limit);
}
