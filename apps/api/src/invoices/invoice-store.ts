import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  documentCounters,
  taxDocuments,
  type InvoiceAsIssued,
  type taxDocumentKinds,
} from '../db/schema';
import type { Tx } from '../db/transactions';

export type TaxDocumentKind = (typeof taxDocumentKinds)[number];
export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/**
 * The next number of `kind` in `financialYear`: one upsert that raises the counter row and
 * keeps it locked until the caller's transaction ends, so concurrent callers take turns and a
 * rollback gives the number back.
 */
export async function nextDocumentNumber(
  tx: Tx,
  kind: TaxDocumentKind,
  financialYear: string,
): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.financialYear],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return row!.lastNumber;
}

export async function insertTaxDocument(
  tx: Tx,
  values: typeof taxDocuments.$inferInsert,
): Promise<TaxDocumentRow> {
  const [row] = await tx.insert(taxDocuments).values(values).returning();
  return row!;
}

/** The tax documents of these orders, each order's invoice first, then its credit notes by date. */
export async function readOrdersDocuments(
  db: Db,
  orderIds: readonly string[],
): Promise<TaxDocumentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(taxDocuments)
    .where(inArray(taxDocuments.orderId, [...orderIds]))
    .orderBy(
      sql`${taxDocuments.kind} = 'CN'`,
      asc(taxDocuments.issuedAt),
      asc(taxDocuments.serial),
    );
}

/** An order's tax documents, its invoice first, then its credit notes by date. */
export async function readTaxDocuments(db: Db, orderId: string): Promise<TaxDocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(sql`${taxDocuments.kind} = 'CN'`, asc(taxDocuments.issuedAt));
}

/** The order's current tax invoice: not replaced by a billing correction. */
export async function findInvoice(db: Db, orderId: string): Promise<TaxDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        eq(taxDocuments.kind, 'INV'),
        isNull(taxDocuments.replacedAt),
      ),
    );
  return row;
}

/** Marks the invoice replaced, keeping what it printed. */
export async function markInvoiceReplaced(
  tx: Tx,
  id: string,
  at: Date,
  asIssued: InvoiceAsIssued,
): Promise<void> {
  await tx.update(taxDocuments).set({ replacedAt: at, asIssued }).where(eq(taxDocuments.id, id));
}

/** The tax documents issued from `start` up to (not including) `end`, in issue order. */
export function readDocumentsIssued(db: Db, start: Date, end: Date): Promise<TaxDocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(and(gte(taxDocuments.issuedAt, start), lt(taxDocuments.issuedAt, end)))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.kind), asc(taxDocuments.serial));
}
