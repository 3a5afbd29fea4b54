import type { Database } from '../db/database';
import {
  analyzeNumbers,
  countAllNumbers,
  createIndex,
  dropIndex,
  insertNumbers,
  secondaryIndexes,
  type Executor,
} from './catalog-store';
import {
  demoInventoryBatches,
  type DemoInventoryOptions,
  type InventoryNumber,
} from './demo-inventory';

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
 * one is being written (on PostgreSQL). Refreshes the planner's statistics at the end. Called
 * through the catalogue service, which tells the change.
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
      for (const { indexname } of indexes) await dropIndex(tx, indexname);
      const loaded = await run(tx);
      log(`building ${indexes.length} indexes`);
      for (const { indexdef } of indexes) await createIndex(tx, indexdef);
      return loaded;
    });
  } else {
    result = await run(database.db);
  }
  if (result.inserted > 0) await analyzeNumbers(database);
  return result;
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
  const rebuildIndexes = count >= 100_000 && (await countAllNumbers(database)) * 4 < count;
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
