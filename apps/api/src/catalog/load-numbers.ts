import { param, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import {
  demoInventoryBatches,
  type DemoInventoryOptions,
  type InventoryNumber,
} from './demo-inventory';
import { invalidateCatalogCache } from './listing-cache';

/** The database itself, or one transaction on it. */
type Executor = Pick<Db, 'execute'>;

async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Inserts one batch in one statement, every column one array parameter through `unnest`
 * (`param()` keeps drizzle from spreading an array into one parameter per element, which fails
 * past 1,664 of them). A number already in the table is skipped, so loading is safe to repeat.
 * Returns how many were new.
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
      insert into numbers (number, base_price, final_price, category, digit_sum, mid, total, status, created_at, updated_at)
      select n, b, f, c, s, m, t, st, ca, ca
      from unnest(
        ${column((r) => r.number)}::text[], ${column((r) => r.basePrice)}::int[],
        ${column((r) => r.finalPrice)}::int[], ${column((r) => r.category)}::text[],
        ${column((r) => r.digitSum)}::smallint[], ${column((r) => r.mid)}::smallint[],
        ${column((r) => r.total)}::smallint[], ${column((r) => r.status)}::text[],
        ${column((r) => r.createdAt.toISOString())}::timestamptz[]
      ) as u(n, b, f, c, s, m, t, st, ca)
      on conflict (number) do nothing
      returning 1
    )
    select count(*)::int as n from inserted`,
  );
  return Number(result?.n ?? 0);
}

export interface LoadResult {
  /** Numbers offered to the table. */
  processed: number;
  /** Numbers that were new (the rest were there already). */
  inserted: number;
}

export interface LoadOptions {
  /** Called after every batch with the count so far. */
  onProgress?: (processed: number) => void;
  /**
   * For a big load into a (nearly) empty table: drop the secondary indexes, load, and build
   * them again, all in one transaction (a failure leaves the table as it was). Building an
   * index once is far cheaper than maintaining it through a million inserts; meanwhile other
   * connections wait for the table.
   */
  rebuildIndexes?: boolean;
  log?: (line: string) => void;
}

/**
 * Loads batches of numbers, one statement each; the next batch is generated while the previous
 * one is being written (on PostgreSQL). Refreshes the planner's statistics and forgets cached
 * listings at the end.
 */
export async function loadNumbers(
  database: Database,
  batches: Iterable<InventoryNumber[]>,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const { onProgress = () => {}, rebuildIndexes = false, log = () => {} } = options;
  const run = async (executor: Executor): Promise<LoadResult> => {
    let processed = 0;
    let inserted = 0;
    let pending: { size: number; insert: Promise<number> } | undefined;
    const settle = async () => {
      if (!pending) return;
      inserted += await pending.insert;
      processed += pending.size;
      pending = undefined;
      onProgress(processed);
    };
    try {
      for (const batch of batches) {
        await settle();
        pending = { size: batch.length, insert: insertNumbers(executor, batch) };
      }
      await settle();
    } finally {
      // A failed batch must not leave a rejected promise unobserved.
      await pending?.insert.catch(() => {});
    }
    return { processed, inserted };
  };

  let result: LoadResult;
  if (rebuildIndexes) {
    result = await database.db.transaction(async (tx) => {
      const indexes = await secondaryIndexes(tx);
      for (const { indexname } of indexes)
        await tx.execute(sql`drop index ${sql.identifier(indexname)}`);
      const loaded = await run(tx);
      log(`building ${indexes.length} indexes`);
      for (const { indexdef } of indexes) await tx.execute(sql.raw(indexdef));
      return loaded;
    });
  } else {
    result = await run(database.db);
  }
  if (result.inserted > 0) {
    await database.query('analyze numbers');
    invalidateCatalogCache(database);
  }
  return result;
}

/** The indexes of `numbers` that back no constraint (the key and the unique number stay). */
function secondaryIndexes(executor: Executor) {
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

export interface DemoLoadOptions extends DemoInventoryOptions {
  /** How many numbers of the demo stream (the first `count`). */
  count: number;
  batchSize?: number;
  /** Receives progress lines: `loaded 200000/1000000 numbers`. */
  log?: (line: string) => void;
}

/**
 * Loads the first `count` numbers of the deterministic demo inventory. Numbers already present
 * are skipped, so a `count` larger than a previous load only adds the rest. A big load into a
 * nearly empty table builds the indexes once at the end.
 */
export async function loadDemoInventory(
  database: Database,
  options: DemoLoadOptions,
): Promise<LoadResult> {
  const { count, batchSize = 10_000, log = () => {}, ...generator } = options;
  const [held] = await database.query<{ n: number }>('select count(*)::int as n from numbers');
  const rebuildIndexes = count >= 100_000 && (held?.n ?? 0) * 4 < count;
  const step = Math.max(batchSize, Math.ceil(count / 20 / batchSize) * batchSize);
  let nextReport = step;
  return loadNumbers(database, demoInventoryBatches(count, batchSize, generator), {
    rebuildIndexes,
    log,
    onProgress: (processed) => {
      if (processed >= nextReport || processed === count) {
        log(`loaded ${processed}/${count} numbers`);
        while (nextReport <= processed) nextReport += step;
      }
    },
  });
}
