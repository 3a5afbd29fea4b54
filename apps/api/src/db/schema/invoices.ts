import {
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { paise } from './money';
import { sql } from 'drizzle-orm';
import { orders, refunds } from './sales';

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
 * An order's tax invoice (one, issued when it is paid) and its credit notes (one per refund,
 * against the invoice). The amounts are the order's, which do not change once it is paid.
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
    /** A credit note's refund. */
    refundId: uuid('refund_id').references(() => refunds.id),
    /** Paise: the invoice's total, or the amount a credit note gives back. */
    amount: paise('amount').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_invoice_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'INV'`),
    uniqueIndex('tax_documents_refund_key').on(t.refundId),
  ],
);
