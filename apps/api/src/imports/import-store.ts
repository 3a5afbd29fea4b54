import { and, asc, count, desc, eq, gt, isNotNull, isNull, param, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { importRows, imports, users } from '../db/schema';
import type { Tx } from '../db/transactions';
import type { CheckedRow } from './csv-rows';

export type ImportRecord = typeof imports.$inferSelect;

export async function insertImport(
  db: Db,
  values: { id: string; actorId: string; fileName: string; total: number },
) {
  await db.insert(imports).values(values);
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
 * Stages one batch of checked rows in one statement (every column one array parameter through
 * unnest, as the catalogue's bulk insert does).
 */
export async function stageRows(db: Db, importId: string, rows: readonly CheckedRow[]) {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: CheckedRow) => T | null) => param(rows.map(pick));
  const good = <T>(pick: (row: Extract<CheckedRow, { ok: true }>) => T) =>
    column((row) => (row.ok ? pick(row) : null));
  const bad = <T>(pick: (row: Extract<CheckedRow, { ok: false }>) => T) =>
    column((row) => (row.ok ? null : pick(row)));
  await db.execute(
    sql`insert into ${importRows} (import_id, line, number, base_price, final_price, category, digit_sum, mid, total, price_text, offer_price_text, error)
      select ${importId}::uuid, u.*
      from unnest(
        ${column((r) => r.line)}::int[], ${column((r) => r.number)}::text[],
        ${good((r) => r.basePrice)}::int[], ${good((r) => r.finalPrice)}::int[],
        ${good((r) => r.category)}::text[], ${good((r) => r.digitSum)}::smallint[],
        ${good((r) => r.mid)}::smallint[], ${good((r) => r.total)}::smallint[],
        ${bad((r) => r.priceText)}::text[], ${bad((r) => r.offerPriceText)}::text[],
        ${bad((r) => r.reason)}::text[]
      ) as u`,
  );
}

/** Turns staged good rows into row errors (numbers the apply refused), by line. */
export async function markRowErrors(
  tx: Tx,
  importId: string,
  errors: readonly { line: number; reason: string }[],
) {
  if (errors.length === 0) return;
  await tx.execute(
    sql`update ${importRows} r set error = e.reason
      from unnest(${param(errors.map((e) => e.line))}::int[], ${param(errors.map((e) => e.reason))}::text[]) as e(line, reason)
      where r.import_id = ${importId}::uuid and r.line = e.line`,
  );
}

export async function countRowErrors(tx: Tx, importId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), isNotNull(importRows.error)));
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
    .set({ ...counts, status: 'done', finishedAt: sql`now()` })
    .where(eq(imports.id, id));
}

/** Marks a running import failed with the reason; false when it was not running. */
export async function failImport(db: Db, id: string, failure: string): Promise<boolean> {
  const failed = await db
    .update(imports)
    .set({ status: 'failed', failure, finishedAt: sql`now()` })
    .where(and(eq(imports.id, id), eq(imports.status, 'running')))
    .returning({ id: imports.id });
  return failed.length > 0;
}

/** Removes an ended import's good rows; its refused rows stay for errors.csv. */
export async function removeGoodRows(db: Db, importId: string) {
  await db
    .delete(importRows)
    .where(and(eq(importRows.importId, importId), isNull(importRows.error)));
}

/** An import's refused rows in line order, `batchSize` at a time (keyset on the line). */
export async function* streamRowErrors(db: Db, importId: string, batchSize = 5_000) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        line: importRows.line,
        number: importRows.number,
        basePrice: importRows.basePrice,
        finalPrice: importRows.finalPrice,
        priceText: importRows.priceText,
        offerPriceText: importRows.offerPriceText,
        error: importRows.error,
      })
      .from(importRows)
      .where(
        and(
          eq(importRows.importId, importId),
          isNotNull(importRows.error),
          gt(importRows.line, after),
        ),
      )
      .orderBy(asc(importRows.line))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.line;
  }
}
