import { and, asc, count, desc, eq, gt, param, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { importErrors, importRows, imports, users } from '../db/schema';
import type { Tx } from '../db/transactions';
import type { BadRow, CheckedRow, GoodRow } from './csv-rows';

export type ImportRecord = typeof imports.$inferSelect;

/**
 * Records a new import; false when its actor's idempotency key is taken already (the same
 * upload sent twice), and nothing is recorded.
 */
export async function insertImport(
  db: Db,
  values: {
    id: string;
    actorId: string;
    fileName: string;
    total: number;
    idempotencyKey?: string;
    requestHash?: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(imports)
    .values(values)
    .onConflictDoNothing({ target: [imports.actorId, imports.idempotencyKey] })
    .returning({ id: imports.id });
  return inserted.length > 0;
}

/** The import an actor's idempotency key started, with the fingerprint of its upload. */
export async function findImportByKey(db: Db, actorId: string, key: string) {
  const [row] = await db
    .select({ id: imports.id, requestHash: imports.requestHash })
    .from(imports)
    .where(and(eq(imports.actorId, actorId), eq(imports.idempotencyKey, key)));
  return row;
}

/** One import with the name of who ran it. */
export async function findImport(db: Db, id: string) {
  const [row] = await db
    .select({ record: imports, actorName: users.name })
    .from(imports)
    .innerJoin(users, eq(users.id, imports.actorId))
    .where(eq(imports.id, id));
  return row;
}

/** A page of imports, newest first, with who ran each, and the total. */
export async function pageOfImports(db: Db, page: number, pageSize: number) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ record: imports, actorName: users.name })
      .from(imports)
      .innerJoin(users, eq(users.id, imports.actorId))
      .orderBy(desc(imports.startedAt), desc(imports.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(imports),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function runningImportIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: imports.id })
    .from(imports)
    .where(eq(imports.status, 'running'));
  return rows.map((row) => row.id);
}

export async function setProcessed(db: Db, id: string, processed: number) {
  await db.update(imports).set({ processed }).where(eq(imports.id, id));
}

/**
 * Stages one batch of checked rows: the good ones in import_rows, the refused ones in
 * import_errors, each in one statement (every column one array parameter through unnest, as
 * the catalogue's bulk insert does).
 */
export async function stageRows(db: Db, importId: string, rows: readonly CheckedRow[]) {
  const good = rows.filter((row): row is GoodRow => row.ok);
  const bad = rows.filter((row): row is BadRow => !row.ok);
  const column = <R, T>(list: R[], pick: (row: R) => T) => param(list.map(pick));
  if (good.length > 0) {
    await db.execute(
      sql`insert into ${importRows} (import_id, line, number, base_price, final_price, category, digit_sum, mid, total, status)
        select ${importId}::uuid, u.*
        from unnest(
          ${column(good, (r) => r.line)}::int[], ${column(good, (r) => r.number)}::text[],
          ${column(good, (r) => r.basePrice)}::int[], ${column(good, (r) => r.finalPrice)}::int[],
          ${column(good, (r) => r.category)}::text[], ${column(good, (r) => r.digitSum)}::smallint[],
          ${column(good, (r) => r.mid)}::smallint[], ${column(good, (r) => r.total)}::smallint[],
          ${column(good, (r) => r.status)}::text[]
        ) as u`,
    );
  }
  if (bad.length > 0) {
    await db.execute(
      sql`insert into ${importErrors} (import_id, line, number, price_text, offer_price_text, status_text, reason)
        select ${importId}::uuid, u.*
        from unnest(
          ${column(bad, (r) => r.line)}::int[], ${column(bad, (r) => r.number)}::text[],
          ${column(bad, (r) => r.priceText)}::text[], ${column(bad, (r) => r.offerPriceText)}::text[],
          ${column(bad, (r) => r.statusText)}::text[], ${column(bad, (r) => r.reason)}::text[]
        ) as u`,
    );
  }
}

/** Rupees as the file would write them, from paise: 25000, 4999.50. */
const rupeesText = (paise: SQL) =>
  sql`case when ${paise} % 100 = 0 then (${paise} / 100)::text else to_char(${paise} / 100.0, 'FM9999999990.00') end`;

/** Keeps staged good rows as row errors (numbers the apply refused), by line. */
export async function refuseStagedRows(
  tx: Tx,
  importId: string,
  refused: readonly { line: number; reason: string }[],
) {
  if (refused.length === 0) return;
  await tx.execute(
    sql`insert into ${importErrors} (import_id, line, number, price_text, offer_price_text, status_text, reason)
      select r.import_id, r.line, r.number, ${rupeesText(sql`r.base_price`)},
        case when r.final_price < r.base_price then ${rupeesText(sql`r.final_price`)} else '' end,
        coalesce(r.status, ''), e.reason
      from unnest(${param(refused.map((e) => e.line))}::int[], ${param(refused.map((e) => e.reason))}::text[]) as e(line, reason)
      join ${importRows} r on r.import_id = ${importId}::uuid and r.line = e.line`,
  );
}

export async function countRowErrors(tx: Tx, importId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(importErrors)
    .where(eq(importErrors.importId, importId));
  return row?.n ?? 0;
}

/** Marks the import done with its counts (inside the transaction that applied it). */
export async function finishImport(
  tx: Tx,
  id: string,
  counts: { newCount: number; updatedCount: number; unchangedCount: number; errorCount: number },
) {
  await tx
    .update(imports)
    .set({ ...counts, status: 'done', finishedAt: sql`clock_timestamp()` })
    .where(eq(imports.id, id));
}

/** Marks a running import failed with the reason; false when it was not running. */
export async function failImport(db: Db, id: string, failure: string): Promise<boolean> {
  const failed = await db
    .update(imports)
    .set({ status: 'failed', failure, finishedAt: sql`clock_timestamp()` })
    .where(and(eq(imports.id, id), eq(imports.status, 'running')))
    .returning({ id: imports.id });
  return failed.length > 0;
}

/** Removes an ended import's staged rows; its refused rows stay for errors.csv. */
export async function removeStagedRows(db: Db, importId: string) {
  await db.delete(importRows).where(eq(importRows.importId, importId));
}

/** An import's refused rows in line order, `batchSize` at a time (keyset on the line). */
export async function* streamRowErrors(db: Db, importId: string, batchSize = 5_000) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(importErrors)
      .where(and(eq(importErrors.importId, importId), gt(importErrors.line, after)))
      .orderBy(asc(importErrors.line))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.line;
  }
}
