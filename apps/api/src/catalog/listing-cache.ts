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
  /** Exact totals by filter. */
  totals: TtlCache<number>;
  /** The first CANDIDATE_LIMIT ids by filter and sort. */
  orders: TtlCache<ListingOrder>;
  /** The lapse check's state (forgetLapsedHolds). */
  lapses: LapseWatch;
  /** The prepared statement that reads a page's rows, by filter (listing-store.ts). */
  rowStatements: Map<string, { execute(values: { ids: number[] }): Promise<NumberRow[]> }>;
}

interface LapseWatch {
  /** The database clock at the last check; null before the first. */
  checkedAt: Date | null;
  /** The process clock (Date.now()) at the last check. */
  checkedAtMs: number;
  /** The check under way, which concurrent callers share. */
  running?: Promise<void>;
}

const caches = new WeakMap<Database, CatalogCache>();

/** The catalogue cache of one open database (one per process in production). */
export function catalogCacheFor(database: Database): CatalogCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = {
      totals: new TtlCache(10_000),
      orders: new TtlCache(2_000),
      lapses: { checkedAt: null, checkedAtMs: 0 },
      rowStatements: new Map(),
    };
    caches.set(database, cache);
  }
  return cache;
}

/**
 * Forgets cached listing totals and orders. The catalogue service calls it when it hears a
 * change that may show a number or move it (catalog-service.ts): a load of new numbers, a new
 * price, a release (an order cancelled by a changed or emptied cart, by staff, by the sweep or
 * by a payment that cannot be honoured), so they show at once. (Numbers that stop being
 * available never show meanwhile: every page is re-checked when it is read.)
 */
export function invalidateCatalogCache(database: Database): void {
  const cache = caches.get(database);
  cache?.totals.clear();
  cache?.orders.clear();
}

/** One answer of the lapse check is reused this long by a process (the process clock). */
export const LAPSE_CHECK_MS = 1_000;

/**
 * Has a hold lapsed (reserved_until passed) since the last check? Both bounds are on the
 * database clock, the one availability is measured against; the (status, reserved_until) index
 * answers it from the few reserved rows in that window. The first check ($1 null) looks at every
 * lapsed hold: a wasted forget at most, of a cache that is still empty.
 */
const LAPSE_SQL = `select now() as checked_at, exists (
  select 1 from numbers
  where status = 'reserved'
    and reserved_until >= coalesce($1::timestamptz, '-infinity'::timestamptz)
    and reserved_until < now()
) as lapsed`;

/**
 * A hold that lapses frees its number by time alone: nothing in this process is told. Before a
 * cached listing order is used, this asks the database whether any hold lapsed since the last
 * check and, if one did, forgets the cached orders (they were computed while that number was
 * held, so it is missing from them); the next listing computes them again and shows it. One
 * indexed query per process at most every LAPSE_CHECK_MS, shared by concurrent callers, so
 * under load it costs nothing. Totals are kept (a total may be off by the numbers that changed
 * within its TTL, as for sales); an explicit release forgets them too (invalidateCatalogCache).
 */
export async function forgetLapsedHolds(
  database: Database,
  cache: CatalogCache = catalogCacheFor(database),
): Promise<void> {
  const watch = cache.lapses;
  if (watch.running) return watch.running;
  if (watch.checkedAt !== null && Date.now() - watch.checkedAtMs < LAPSE_CHECK_MS) return;
  const running = (async () => {
    const [row] = await database.query<{ checked_at: Date | string; lapsed: boolean }>(LAPSE_SQL, [
      watch.checkedAt,
    ]);
    // Later holds lapse after this check's now(): the next window starts there.
    if (row?.lapsed) cache.orders.clear();
    watch.checkedAt = row ? new Date(row.checked_at) : watch.checkedAt;
    watch.checkedAtMs = Date.now();
  })().finally(() => {
    watch.running = undefined;
  });
  watch.running = running;
  return running;
}

/**
 * How long listing orders are reused (totals ten times as long): CATALOG_CACHE_SECONDS, by
 * default 30 s, and 0 (off) when NODE_ENV=test so that every test sees its own rows at once.
 */
export function catalogCacheTtlMs(config: Config): number {
  const seconds = config.CATALOG_CACHE_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 30);
  return seconds * 1000;
}
