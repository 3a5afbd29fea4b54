import {
  categories,
  classify,
  matchingCategories,
  numerology,
  parseSearchPhrase,
  toRupees,
  withExplicitFilters,
  type ParsedSearch,
} from '@store/domain';
import type { AuditService } from '../audit/audit-service';
import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
import { afterCommit, type Tx } from '../db/transactions';
import type { CatalogChange, CatalogChanges } from './catalog-changes';
import { countAvailableByCategory, setCategories, unclassifiedNumbers } from './categories-store';
import { inventoryByCategory } from './catalog-stats';
import type { NumberListQuery, PacksQuery } from './catalog-schemas';
import {
  countAllNumbers,
  countLiveHolds,
  findAvailableNumber,
  extendOrderHold,
  shortenOrderHold,
  holdNumbers,
  insertNumbers,
  lockNumbers,
  lookUpNumbers,
  releaseOrderNumbers,
  releaseStaleHolds,
  removeUnreferencedNumbers,
  repriceNumber,
  sellNumbers,
} from './catalog-store';
import type { InventoryNumber } from './demo-inventory';
import { catalogCacheTtlMs, invalidateCatalogCache, TtlCache } from './listing-cache';
import { createInventory } from './inventory';
import { explicitFilters, toNumberFilters } from './listing-filters';
import { listedSince, listNumbers, TOTALS_TTL_FACTOR } from './listing-store';
import {
  loadDemoInventory,
  loadNumbers,
  type DemoLoadOptions,
  type LoadOptions,
} from './load-numbers';
import { pricePublished, publicNumberDetail, toNumberDetail, toNumberItem } from './number-item';

export { pricePublished, publicNumberDetail };
import { findNumberByDigits, findNumbersByIds, similarNumbers } from './number-page-store';
import { availableNumbers, countFamilyPacks, familyPacks, type PackRow } from './packs-store';
import { sitemapNumbers, sitemapRanges } from './sitemap-store';

export type { NumberForBuyer } from './catalog-store';
export type { ImportRefusal } from './inventory';
export type { NumberRow } from './number-item';
export { displayNumber, toNumberItem } from './number-item';

/** Why a coming-soon number cannot go in a cart or an order (409 NUMBER_COMING_SOON). */
export const COMING_SOON_MESSAGE =
  'This number is coming soon and cannot be bought yet. Press Notify me and we will e-mail you when it goes on sale.';

export interface CatalogServiceDeps {
  config: Config;
  database: Database;
  changes: CatalogChanges;
  /** Where the console's changes of numbers are recorded. */
  audit: AuditService;
}

/**
 * A listing's query as filters: its own filter parameters, over what its `text` says
 * (withExplicitFilters); `search` is the reading of the text, when there is one.
 */
function readQuery(query: NumberListQuery) {
  const explicit = { ...explicitFilters(query), ...(query.sort && { sort: query.sort }) };
  const search: ParsedSearch | undefined =
    query.text === undefined
      ? undefined
      : withExplicitFilters(parseSearchPhrase(query.text), explicit);
  return { search, filters: search?.filters ?? explicit };
}

/** How many numbers a number sitemap lists at most (the sitemap protocol's limit). */
const SITEMAP_SIZE = 50_000;

/** Numbers classified per statement when the start-up fills missing categories. */
const CLASSIFY_BATCH = 5_000;

/**
 * The number catalogue: listings, and the only way `numbers` rows change. Every write (a load,
 * a price, a hold, a release, a sale) is published on `changes` once it is committed; writes
 * that join another capability's transaction take its handle and are published after that
 * transaction commits. The listing cache hears the changes in one place below.
 */
export function createCatalogService({ config, database, changes, audit }: CatalogServiceDeps) {
  const cacheTtlMs = catalogCacheTtlMs(config);

  // Category counts and the sitemaps' ranges, kept as long as listing totals.
  const categoryCounts = new TtlCache<Map<string, number>>(1);
  const sitemaps = new TtlCache<{ sitemap: number; lastmod: Date }[]>(1);
  const packCounts = new TtlCache<number>(2);
  const packPages = new TtlCache<PackRow[]>(200);

  // Holds, releases and sales move numbers between on sale and held, which the cached listings
  // cover as a whole while every page re-checks its rows (listing-store.ts): nothing to forget.
  // Forgetting every listing on each release emptied the cache under load (decision 0022). A
  // sale, rarer and for good, is counted at once: the category chips showed a number sold
  // minutes after the listing beside them had dropped it (QA 26 F4). Any other change may show
  // a number or move it.
  changes.subscribe((change) => {
    if (change.kind === 'sold') categoryCounts.clear();
    if (change.kind !== 'held' && change.kind !== 'sold' && change.kind !== 'released') {
      invalidateCatalogCache(database);
      categoryCounts.clear();
      sitemaps.clear();
      packCounts.clear();
      packPages.clear();
    }
  });

  const told = (change: CatalogChange) => {
    if (change.count > 0) changes.publish(change);
  };
  const toldAfterCommit = (tx: Tx, change: CatalogChange) => {
    if (change.count > 0) afterCommit(tx, () => changes.publish(change));
  };

  return {
    ...createInventory({
      database,
      audit,
      tell: (change, tx) => (tx ? toldAfterCommit(tx, change) : told(change)),
    }),

    /**
     * One page of available numbers, filtered and sorted (docs/decisions/0002). With `text`,
     * the words are read into filters (parseSearchPhrase), under the filters given as
     * parameters (withExplicitFilters), and the answer says what was understood and ignored.
     */
    async list(query: NumberListQuery) {
      const { search, filters } = readQuery(query);
      const page = await listNumbers(database, {
        filters: toNumberFilters(filters),
        sort: filters.sort ?? 'newest',
        page: query.page,
        pageSize: query.pageSize,
        cacheTtlMs,
        comingSoon: query.status === 'coming_soon',
      });
      if (!search) return page;
      const { understood, ignored, notes } = search;
      return { ...page, understood, ignored, notes };
    },

    /**
     * Available numbers matching a listing's query that went on sale after `since`, the
     * earliest first, at most `limit` (a saved search's alert).
     */
    async listedSince(query: NumberListQuery, since: Date, limit: number) {
      const rows = await listedSince(
        database,
        toNumberFilters(readQuery(query).filters),
        since,
        limit,
      );
      return rows.map(toNumberItem);
    },

    /**
     * One page of family packs: available numbers sharing their last six digits, or
     * consecutive numbers, 2 to 10 a pack, with their price together (packs-store.ts).
     */
    async packs({ kind, page, pageSize }: PacksQuery) {
      const [found, total] = await Promise.all([
        // The numbers are read again below: a pack page kept a while shows only those on sale.
        packPages.get(`${kind}|${page}|${pageSize}`, cacheTtlMs, () =>
          familyPacks(database.db, { kind, limit: pageSize, offset: (page - 1) * pageSize }),
        ),
        packCounts.get(kind, cacheTtlMs * TOTALS_TTL_FACTOR, () =>
          countFamilyPacks(database.db, kind),
        ),
      ]);
      const ids = found.flatMap((pack) => pack.ids);
      const rows = new Map((await availableNumbers(database.db, ids)).map((row) => [row.id, row]));
      const packs = found.flatMap((pack) => {
        const members = pack.ids.flatMap((id) => rows.get(id) ?? []);
        if (members.length < 2) return [];
        return {
          kind,
          key: kind === 'ending' ? pack.first.slice(-6) : pack.first,
          numbers: members.map(toNumberItem),
          totalPrice: toRupees(members.reduce((sum, row) => sum + row.finalPrice, 0)),
        };
      });
      return { packs, total, page, pageSize, pageCount: Math.ceil(total / pageSize) };
    },

    /** Numbers by id as their pages show them, whatever their status (unknown ids left out). */
    async detailsByIds(ids: readonly number[]) {
      return (await findNumbersByIds(database.db, ids)).map(toNumberDetail);
    },

    /**
     * A number by its 10 digits as its page shows it to anyone, whatever its status (a sold or
     * hidden one without its price); undefined if unknown.
     */
    async findByDigits(digits: string) {
      const row = await findNumberByDigits(database.db, digits);
      return row ? publicNumberDetail(toNumberDetail(row)) : undefined;
    },

    /**
     * Available numbers like these digits (a valid mobile number, in the store or not): its
     * category with its last four, then last two digits, then its total (similarNumbers).
     */
    async similar(digits: string, limit: number) {
      const row = await findNumberByDigits(database.db, digits);
      const rows = await similarNumbers(database.db, {
        number: digits,
        category: row?.category ?? classify(digits).category,
        total: row?.total ?? numerology(digits).total,
        price: row?.finalPrice,
        limit,
      });
      return rows.map(toNumberItem);
    },

    /** Available numbers per category, All first (a number counts in each category it fits). */
    async categoryCounts() {
      const counts = await categoryCounts.get('all', cacheTtlMs * TOTALS_TTL_FACTOR, () =>
        countAvailableByCategory(database.db),
      );
      return categories.map(({ slug, name }) => ({ slug, name, count: counts.get(slug) ?? 0 }));
    },

    /**
     * Fills the categories of numbers stored before they were kept (migration 0007), in
     * batches; the start-up runs it. Returns how many were filled.
     */
    async classifyUnclassified(log: (line: string) => void = () => {}) {
      let filled = 0;
      for (;;) {
        const rows = await unclassifiedNumbers(database.db, CLASSIFY_BATCH);
        if (rows.length === 0) break;
        await setCategories(
          database.db,
          rows.map(({ id, number }) => ({ id, categories: matchingCategories(number) })),
        );
        filled += rows.length;
        if (filled % 100_000 < CLASSIFY_BATCH) log(`categories filled for ${filled} numbers`);
      }
      told({ kind: 'classified', count: filled });
      return filled;
    },

    /** The number sitemaps that list numbers (SITEMAP_SIZE ids each), with their last change. */
    sitemapRanges() {
      return sitemaps.get('all', cacheTtlMs * TOTALS_TTL_FACTOR, () =>
        sitemapRanges(database.db, SITEMAP_SIZE),
      );
    },

    /** The indexable numbers of one number sitemap, from 1. */
    sitemapNumbers: (sitemap: number) => sitemapNumbers(database.db, sitemap, SITEMAP_SIZE),

    /** Calls `listener` with every committed change of the catalogue; returns the way to stop. */
    onChange: (listener: (change: CatalogChange) => void) => changes.subscribe(listener),

    /** One available number as the API shows it, or undefined (unknown, sold, hidden, held). */
    async findAvailable(id: number) {
      const row = await findAvailableNumber(database.db, id);
      return row ? toNumberItem(row) : undefined;
    },

    /** Numbers by id, each with whether this buyer (null: a guest) may take it. */
    lookUp(ids: readonly number[], userId: string | null, executor: Db = database.db) {
      return lookUpNumbers(executor, ids, userId);
    },

    /**
     * Locks the numbers' rows in ascending id order and returns them. Every transaction that
     * changes several numbers locks them through here first, all of them at once, so two
     * transactions never wait on each other's rows in opposite orders.
     */
    lock: lockNumbers,

    /** How many numbers the order holds with a hold still live. */
    countLiveHolds,

    /** Reserves the available numbers among `ids` for the order (see holdNumbers). */
    async hold(tx: Tx, ids: readonly number[], orderId: string, until?: Date) {
      const held = await holdNumbers(tx, ids, orderId, config.HOLD_MINUTES, until);
      toldAfterCommit(tx, { kind: 'held', count: held.length });
      return held;
    },

    /** Keeps the order's live hold until `until` (see extendOrderHold); how many it holds. */
    extendHold: (tx: Tx, orderId: string, until: Date) => extendOrderHold(tx, orderId, until),

    /** Ends the order's live hold by `until` at the latest (see shortenOrderHold). */
    shortenHold: (tx: Tx, orderId: string, until: Date) => shortenOrderHold(tx, orderId, until),

    /**
     * Puts back on sale the numbers the order still holds; numbers another order has taken
     * since, or that were sold, are left alone. The caller has locked them. Returns how many.
     */
    async release(tx: Tx, orderId: string) {
      const released = await releaseOrderNumbers(tx, orderId);
      toldAfterCommit(tx, { kind: 'released', count: released });
      return released;
    },

    /** Reserved numbers whose hold ended and whose order no longer waits, set available. */
    async releaseStaleHolds(tx: Tx) {
      const released = await releaseStaleHolds(tx);
      toldAfterCommit(tx, { kind: 'released', count: released });
      return released;
    },

    /** Marks the numbers sold to the order (the caller has locked them). */
    async sell(tx: Tx, ids: readonly number[], orderId: string) {
      toldAfterCommit(tx, { kind: 'sold', count: await sellNumbers(tx, ids, orderId) });
    },

    /** A new list and final price (paise) for one number; an offer is a final below the list. */
    async reprice(id: number, prices: { basePrice?: number; finalPrice: number }) {
      told({ kind: 'repriced', count: await repriceNumber(database.db, id, prices) });
    },

    /** Inserts numbers (category and numerology already computed); returns how many were new. */
    async insert(rows: readonly InventoryNumber[]) {
      const inserted = await insertNumbers(database.db, rows);
      told({ kind: 'inserted', count: inserted });
      return inserted;
    },

    /** Loads batches of numbers (see loadNumbers). */
    async load(batches: Iterable<InventoryNumber[]>, options?: LoadOptions) {
      const result = await loadNumbers(database, batches, options);
      told({ kind: 'inserted', count: result.inserted });
      return result;
    },

    /** Loads the first `count` numbers of the demo inventory (see loadDemoInventory). */
    async loadDemoInventory(options: DemoLoadOptions) {
      const result = await loadDemoInventory(database, options);
      told({ kind: 'inserted', count: result.inserted });
      return result;
    },

    /** Removes the numbers no cart or order refers to (seed --reset); returns how many. */
    async removeUnreferenced() {
      const removed = await removeUnreferencedNumbers(database);
      told({ kind: 'removed', count: removed });
      return removed;
    },

    /** How many numbers the store holds, whatever their status. */
    count: () => countAllNumbers(database),

    /** Numbers by category and status, for the console's dashboard (catalog-stats.ts). */
    inventoryByCategory: () => inventoryByCategory(database.db),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
