import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { AuditService } from '../audit/audit-service';
import type { CatalogService, ImportRefusal } from '../catalog/catalog-service';
import type { Database } from '../db/database';
import { inTransaction } from '../db/transactions';
import { badRequest, notFound } from '../http/app-error';
import { csvStream } from '../http/csv-stream';
import { keyReused, requestHash } from '../http/idempotency-key';
import { checkedRows, countRows, type CheckedRow, type GoodRow } from './csv-rows';
import { DRY_RUN_ERROR_LIMIT, type DryRun, type ImportView } from './import-schemas';
import { uploadFolder, uploadNotStored } from './upload-folder';
import {
  countRowErrors,
  failImport,
  findImport,
  findImportByKey,
  finishImport,
  insertImport,
  pageOfImports,
  refuseStagedRows,
  removeStagedRows,
  runningImportIds,
  setProcessed,
  stageRows,
  streamRowErrors,
  type ImportRecord,
} from './import-store';

export { TEMPLATE_CSV } from './csv-rows';

export interface ImportServiceDeps {
  database: Database;
  catalog: CatalogService;
  audit: AuditService;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** DATA_DIR: uploads are staged in its uploads folder. */
  dataDir: string;
}

/** Why the apply refuses a row (ImportRefusal): only orders hold and sell numbers. */
const refusedReason: Record<ImportRefusal, string> = {
  held: 'number is held for an order awaiting payment: its price and status cannot change now',
  sold: 'number is sold: its price and status cannot change',
  new_held: 'status held cannot be given to a new number: a number is held only by an order',
  new_sold: 'status sold cannot be given to a new number: a number becomes sold through an order',
  not_held:
    "status is held but the number is not held now (its hold ended, or its order was cancelled): clear the status cell to keep the number's status as it is, or remove the row",
  not_sold:
    'status is sold but the number is not sold now: a number becomes sold through an order. Clear the status cell to keep its status as it is, or remove the row',
  added_meanwhile:
    'number was added to the store by someone else while this import ran: check its price in Inventory, and upload this row again to change it',
};

const ABANDONED =
  'The server stopped while this import ran: nothing of it was applied. Upload the file again.';
const FAILED =
  'The import stopped on an error: nothing of it was applied. Upload the file again; the server log has the details.';

/** An import stopped on purpose (the server closing), with what to tell staff. */
class ImportStopped extends Error {}

/** Which count of the dry run a new number's row adds to (a new row held or sold is refused). */
const newCountOf = (status: GoodRow['status']) =>
  status === 'hidden' ? 'newHidden' : status === 'coming_soon' ? 'newComingSoon' : 'newOnSale';

/**
 * The session-level advisory lock an import's process holds while the import runs: another
 * process (or the next start of this one) may fail a `running` import only when it can take
 * this lock, that is when the process running it is gone.
 */
const lockKey = (id: string) => `store-import:${id}`;
const tryLock = async (client: pg.PoolClient, id: string) =>
  (
    await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [lockKey(id)],
    )
  ).rows[0]!.locked;
const takeLock = (client: pg.PoolClient, id: string) =>
  client.query('select pg_advisory_lock(hashtextextended($1, 0))', [lockKey(id)]);
const unlock = (client: pg.PoolClient, id: string) =>
  client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey(id)]);

/**
 * Writes the upload to `path` and counts its rows; a refused file (400) is removed, and a folder
 * that cannot take it answers 503 or 507 (uploadNotStored).
 */
async function spool(file: Readable, path: string): Promise<number> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await pipelineAsync(file, createWriteStream(path));
    const total = await countRows(createReadStream(path));
    if (total === 0) throw badRequest('The file has no rows under its header.', 'EMPTY_FILE');
    return total;
  } catch (error) {
    await rm(path, { force: true }).catch(() => {});
    throw uploadNotStored(error) ?? error;
  }
}

/** The SHA-256 of a spooled upload. */
async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function toImportView({ record, actorName }: { record: ImportRecord; actorName: string }) {
  const done = record.status === 'done';
  return {
    id: record.id,
    fileName: record.fileName,
    status: record.status,
    total: record.total,
    processed: record.processed,
    imported: done ? record.newCount + record.updatedCount + record.unchangedCount : 0,
    new: record.newCount,
    updated: record.updatedCount,
    unchanged: record.unchangedCount,
    errors: record.errorCount,
    failure: record.failure,
    startedAt: record.startedAt.toISOString(),
    finishedAt: record.finishedAt?.toISOString() ?? null,
    startedBy: { id: record.actorId, name: actorName },
  } satisfies ImportView;
}

/**
 * Stock imports (docs/decisions/0010): a CSV of number,price,offer_price checked as a stream
 * (a dry run writes nothing), or run as a job: the upload is spooled to a file in DATA_DIR's
 * uploads folder and counted, then checked into the staging table a batch at a time
 * (`processed` grows), then applied to the numbers in ONE transaction that also marks the import
 * done. A job that stops first leaves the numbers as they were and the import `failed`.
 */
export function createImportService({ database, catalog, audit, log, dataDir }: ImportServiceDeps) {
  const { db } = database;
  /** The staged upload of an import (decision 0089). */
  const spoolPath = (id: string) => join(uploadFolder(dataDir), `store-import-${id}.csv`);
  const jobs = new Set<Promise<void>>();
  let stopping = false;

  /** Checks the rows of a batch against the store (dry run): outcome by line. */
  async function outcomesOf(batch: CheckedRow[], keepOffers: boolean) {
    const good = batch.filter((row): row is GoodRow => row.ok);
    const outcomes = await catalog.importOutcomes(good, keepOffers);
    return new Map(outcomes.map((outcome) => [outcome.line, outcome]));
  }

  async function run(id: string, actorId: string, fileName: string, lock: pg.PoolClient) {
    try {
      // Each batch is written while the next one is read and checked.
      let processed = 0;
      let keepOffers = false;
      let staging: Promise<void> = Promise.resolve();
      try {
        for await (const batch of checkedRows(createReadStream(spoolPath(id)), {
          classify: true,
          batchSize: 5_000,
          onHeader: ({ offerColumn }) => (keepOffers = !offerColumn),
        })) {
          if (stopping) throw new ImportStopped(ABANDONED);
          await staging;
          staging = stageRows(db, id, batch).then(() =>
            setProcessed(db, id, (processed += batch.length)),
          );
          // Observed at once: a batch failing (a lost connection) while the next one is read
          // would otherwise be an unhandled rejection, which ends the process. The next
          // `await staging` still throws its error, and the import fails alone.
          staging.catch(() => {});
        }
        await staging;
      } finally {
        // The batch being written is waited for before its rows are removed.
        await staging.catch(() => {});
      }
      const counts = await inTransaction(database, async (tx) => {
        const applied = await catalog.applyImport(tx, id, actorId, keepOffers);
        await refuseStagedRows(
          tx,
          id,
          applied.refused.map(({ line, outcome }) => ({ line, reason: refusedReason[outcome] })),
        );
        const result = {
          newCount: applied.new,
          updatedCount: applied.updated,
          unchangedCount: applied.unchanged,
          errorCount: await countRowErrors(tx, id),
        };
        await finishImport(tx, id, result);
        await audit.record(tx, {
          actorId,
          action: 'import.apply',
          entityType: 'import',
          entityId: id,
          after: result,
          note: fileName,
        });
        return result;
      });
      log.info({ importId: id, ...counts }, 'stock import done');
    } catch (error) {
      const stopped = error instanceof ImportStopped;
      if (!stopped) log.error({ err: error, importId: id }, 'stock import failed');
      await failImport(db, id, stopped ? error.message : FAILED).catch((failure: unknown) =>
        log.error({ err: failure, importId: id }, 'could not fail the import'),
      );
    } finally {
      await removeStagedRows(db, id).catch(() => {});
      await rm(spoolPath(id), { force: true }).catch(() => {});
      await unlock(lock, id).catch(() => {});
      lock.release();
    }
  }

  return {
    /** Checks the file and says what it would do; writes nothing. */
    async dryRun(file: Readable): Promise<DryRun> {
      const result: DryRun = {
        total: 0,
        valid: 0,
        invalid: 0,
        new: 0,
        newOnSale: 0,
        newHidden: 0,
        newComingSoon: 0,
        updated: 0,
        unchanged: 0,
        offersEnding: 0,
        ignoredColumns: [],
        errors: [],
      };
      const refuse = (line: number, number: string, reason: string) => {
        result.invalid++;
        if (result.errors.length < DRY_RUN_ERROR_LIMIT)
          result.errors.push({ line, number, reason });
      };
      let keepOffers = false;
      const checked = checkedRows(file, {
        batchSize: 5_000,
        onHeader: ({ ignoredColumns, offerColumn }) => {
          result.ignoredColumns = ignoredColumns;
          keepOffers = !offerColumn;
        },
      });
      for await (const batch of checked) {
        const outcomes = await outcomesOf(batch, keepOffers);
        for (const row of batch) {
          result.total++;
          if (!row.ok) {
            refuse(row.line, row.number, row.reason);
            continue;
          }
          const { outcome, endsOffer } = outcomes.get(row.line)!;
          if (outcome === 'new' || outcome === 'updated' || outcome === 'unchanged') {
            result.valid++;
            result[outcome]++;
            if (endsOffer && outcome === 'updated') result.offersEnding++;
            if (outcome === 'new') result[newCountOf(row.status)]++;
          } else {
            refuse(row.line, row.number, refusedReason[outcome]);
          }
        }
      }
      return result;
    },

    /**
     * Starts an import: spools the upload, refuses a file that is empty, not CSV or has no rows
     * (400), records the import `running` under its advisory lock and runs it in the
     * background. Answers its id. With an idempotency key, a repeat of the same upload (same
     * file name and contents) by the same staff member answers the id of the import the key
     * started and starts nothing; the key with another upload is 422.
     */
    async start(file: Readable, fileName: string, actorId: string, idempotencyKey?: string) {
      const id = randomUUID();
      const path = spoolPath(id);
      const total = await spool(file, path);
      const lock = await database.connect();
      let started = false;
      try {
        const key = idempotencyKey && {
          idempotencyKey,
          requestHash: requestHash(fileName, await fileHash(path)),
        };
        await takeLock(lock, id);
        started = await insertImport(db, {
          id,
          actorId,
          fileName: fileName.slice(0, 200),
          total,
          ...key,
        });
        if (!started && key) {
          const earlier = (await findImportByKey(db, actorId, key.idempotencyKey))!;
          if (earlier.requestHash !== key.requestHash) throw keyReused();
          return { importId: earlier.id };
        }
      } finally {
        if (!started) {
          await unlock(lock, id).catch(() => {});
          lock.release();
          await rm(path, { force: true });
        }
      }
      const job = run(id, actorId, fileName, lock).finally(() => jobs.delete(job));
      jobs.add(job);
      return { importId: id };
    },

    async get(id: string): Promise<ImportView> {
      const row = await findImport(db, id);
      if (!row) throw notFound(`Import ${id} does not exist.`);
      return toImportView(row);
    },

    async list(page: number, pageSize: number) {
      const { rows, total } = await pageOfImports(db, page, pageSize);
      return { views: rows.map(toImportView), total };
    },

    /**
     * The import's refused rows as CSV for spreadsheets (UTF-8 with its mark), in line order:
     * the line in the uploaded file, the columns a stock file has (number, price, offer_price,
     * status) as the file wrote them, and the reason; uploaded again once fixed (line and reason
     * are ignored), each row means what it meant.
     */
    async errorsCsv(id: string): Promise<Readable> {
      if (!(await findImport(db, id))) throw notFound(`Import ${id} does not exist.`);
      return csvStream(
        ['line', 'number', 'price', 'offer_price', 'status', 'reason'],
        async function* () {
          for await (const batch of streamRowErrors(db, id)) {
            for (const row of batch) {
              yield [
                row.line,
                row.number,
                row.priceText,
                row.offerPriceText,
                row.statusText,
                row.reason,
              ];
            }
          }
        },
        { bom: true },
      );
    },

    /**
     * At start-up: fails the imports left `running` by a process that is gone (its advisory
     * lock is free); nothing of theirs was committed. Imports another live process runs are
     * left alone. Returns how many were failed.
     */
    async failAbandoned(): Promise<number> {
      const ids = await runningImportIds(db);
      if (ids.length === 0) return 0;
      const client = await database.connect();
      let failed = 0;
      try {
        for (const id of ids) {
          if (!(await tryLock(client, id))) continue;
          try {
            if (await failImport(db, id, ABANDONED)) failed++;
            await removeStagedRows(db, id);
            await rm(spoolPath(id), { force: true });
          } finally {
            await unlock(client, id);
          }
        }
      } finally {
        client.release();
      }
      if (failed > 0)
        log.warn(`${failed} stock import(s) left running by a stopped server: failed`);
      return failed;
    },

    /** Stops taking new batches and waits for the running imports to end (server shutdown). */
    async close() {
      stopping = true;
      await Promise.allSettled([...jobs]);
    },
  };
}
