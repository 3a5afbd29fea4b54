import { toPaise } from '@store/domain';
import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
import { afterCommit, type Tx } from '../db/transactions';
import type { CatalogChange, CatalogChanges } from './catalog-changes';
import type { NumberListQuery } from './catalog-schemas';
import {
  countAllNumbers,
  countLiveHolds,
  findAvailableNumber,
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
import { catalogCacheTtlMs, invalidateCatalogCache } from './listing-cache';
import { listNumbers, type NumberFilters } from './listing-store';
import {
  loadDemoInventory,
  loadNumbers,
  type DemoLoadOptions,
  type LoadOptions,
} from './load-numbers';
import { toNumberItem } from './number-item';

export type { NumberForBuyer } from './catalog-store';
export type { NumberRow } from './number-item';
export { displayNumber, toNumberItem } from './number-item';

export interface CatalogServiceDeps {
  config: Config;
  database: Database;
  changes: CatalogChanges;
}

function toNumberFilters(query: NumberListQuery): NumberFilters {
  return {
    category: query.category && query.category !== 'all' ? query.category : undefined,
    offer: query.offer || undefined,
    q: query.q,
    match: query.match,
    mustContain: query.mustContain,
    notContain: query.notContain,
    mask: query.mask,
    sum: query.sum,
    mid: query.mid,
    total: query.total,
    minPrice: query.minPrice === undefined ? undefined : toPaise(query.minPrice),
    maxPrice: query.maxPrice === undefined ? undefined : toPaise(query.maxPrice),
  };
}

/**
 * The number catalogue: listings, and the only way `numbers` rows change. Every write (a load,
 * a price, a hold, a release, a sale) is published on `changes` once it is committed; writes
 * that join another capability's transaction take its handle and are published after that
 * transaction commits. The listing cache hears the changes in one place below.
 */
export function createCatalogService({ config, database, changes }: CatalogServiceDeps) {
  const cacheTtlMs = catalogCacheTtlMs(config);

  // Holds and sales only take numbers off sale, which every page re-checks as it reads them;
  // any other change may show a number or move it, so the cached listings are forgotten.
  changes.subscribe((change) => {
    if (change.kind !== 'held' && change.kind !== 'sold') invalidateCatalogCache(database);
  });

  const told = (change: CatalogChange) => {
    if (change.count > 0) changes.publish(change);
  };
  const toldAfterCommit = (tx: Tx, change: CatalogChange) => {
    if (change.count > 0) afterCommit(tx, () => changes.publish(change));
  };

  return {
    /** One page of available numbers, filtered and sorted (docs/decisions/0002). */
    list(query: NumberListQuery) {
      return listNumbers(database, {
        filters: toNumberFilters(query),
        sort: query.sort,
        page: query.page,
        pageSize: query.pageSize,
        cacheTtlMs,
      });
    },

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
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
