import type { Config } from '../config/config';
import type { Database } from '../db/database';
import type { NumberRow } from './number-item';

interface Entry<T> {
  value: T;
  freshUntil: number;
  staleUntil: number;
}

/**
 * A small in-process cache of computed values, by key. A value is fresh for `ttlMs`; for one
 * more `ttlMs` it is still served while a single background load replaces it, so a popular
 * listing never waits for its recount. Concurrent misses of one key share one load. Bounded:
 * the least recently used entries go first. `ttlMs` 0 turns it off (every call loads).
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loading = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(private readonly maxEntries: number) {}

  async get(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return load();
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && now < entry.staleUntil) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (now >= entry.freshUntil) this.start(key, ttlMs, load).catch(() => {});
      return entry.value;
    }
    if (entry) this.entries.delete(key);
    return this.start(key, ttlMs, load);
  }

  /** Forgets everything; loads already running are not kept. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private start(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const running = this.loading.get(key);
    if (running) return running;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (generation === this.generation) {
          this.loading.delete(key);
          const now = Date.now();
          this.set(key, { value, freshUntil: now + ttlMs, staleUntil: now + 2 * ttlMs });
        }
        return value;
      },
      (error: unknown) => {
        if (generation === this.generation) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  private set(key: string, entry: Entry<T>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/** The first ids of a listing in its order, and its total when that came for free. */
export interface ListingOrder {
  ids: number[];
  total?: number;
}

export interface CatalogCache {
  /** Totals by filter, counted up to COUNT_CAP + 1 (listing-store.ts). */
  totals: TtlCache<number>;
  /** The first CANDIDATE_LIMIT ids by filter and sort. */
  orders: TtlCache<ListingOrder>;
  /** The prepared statement that reads a page's rows, by filter (listing-store.ts). */
  rowStatements: Map<string, { execute(values: { ids: number[] }): Promise<NumberRow[]> }>;
  /**
   * How many numbers each filter has on hold, to take off its total, and until when that count
   * is used (`untilMs`, process clock): listing-store.ts heldCount.
   */
  heldCounts: Map<string, { count: number; untilMs: number }>;
}

const caches = new WeakMap<Database, CatalogCache>();

/** The catalogue cache of one open database (one per process in production). */
export function catalogCacheFor(database: Database): CatalogCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = {
      totals: new TtlCache(10_000),
      orders: new TtlCache(2_000),
      rowStatements: new Map(),
      heldCounts: new Map(),
    };
    caches.set(database, cache);
  }
  return cache;
}

/**
 * Forgets cached listing totals and orders. The catalogue service calls it when it hears a
 * change that may show a number or move it (catalog-service.ts): a load of new numbers, a new
 * price, a number shown again. Holds, releases and sales need none: the cached orders cover
 * held numbers too, and every page is re-checked when it is read (listing-store.ts).
 */
export function invalidateCatalogCache(database: Database): void {
  const cache = caches.get(database);
  cache?.totals.clear();
  cache?.orders.clear();
}

/**
 * How long listing orders are reused (totals ten times as long): CATALOG_CACHE_SECONDS, by
 * default 30 s, and 0 (off) when NODE_ENV=test so that every test sees its own rows at once.
 */
export function catalogCacheTtlMs(config: Config): number {
  const seconds = config.CATALOG_CACHE_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 30);
  return seconds * 1000;
}
