import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { paise } from './money';
import { sql } from 'drizzle-orm';
import { orders, refunds, type SupplierAsIssued } from './sales';

/** Tax invoices (INV) and credit notes (CN): each kind numbered on its own, per financial year. */
export const taxDocumentKinds = ['INV', 'CN'] as const;

/**
 * The last number given to each kind in each financial year (`26-27`). Raised in the paying
 * (or refunding) transaction: the row lock makes concurrent payments take turns, and a rolled
 * back payment gives its number back, so the series has no gaps.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind', { enum: taxDocumentKinds }).notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

/**
 * What an invoice replaced by a billing correction printed (decision 0070): the order's billing
 * snapshot, place of supply and GST split as they were when it was issued.
 */
export interface InvoiceAsIssued {
  billing: unknown;
  placeOfSupply: string | null;
  cgstAmount: number;
  sgstAmount: number;
  igstAmount: number;
}

/**
 * An order's tax invoice (one current, issued when it is paid; a billing correction replaces it,
 * decision 0070) and its credit notes (one per refund, and one cancelling a replaced invoice),
 * each against an invoice. The amounts are the order's, which do not change once it is paid.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: taxDocumentKinds }).notNull(),
    /** `INV/26-27/000123`, at most 16 characters. */
    serial: text('serial').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** A credit note's refund; null: the credit note of an invoice replaced by a correction. */
    refundId: uuid('refund_id').references(() => refunds.id),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => taxDocuments.id),
    /** An invoice replaced by a billing correction: when; null while it is the order's. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    /** A replaced invoice: what it printed (the order's own figures are the current invoice's). */
    asIssued: jsonb('as_issued').$type<InvoiceAsIssued>(),
    /** Paise: the invoice's total, or the amount a credit note gives back. */
    amount: paise('amount').notNull(),
    /** The supplier as printed; null on documents issued before migration 0033 (printed as the settings are). */
    supplier: jsonb('supplier').$type<SupplierAsIssued>(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_invoice_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'INV' and ${t.replacedAt} is null`),
    uniqueIndex('tax_documents_refund_key').on(t.refundId),
    index('tax_documents_order_idx').on(t.orderId),
    index('tax_documents_issued_at_idx').on(t.issuedAt),
  ],
);
