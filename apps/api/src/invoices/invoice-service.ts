import { documentSerial, financialYear } from '@store/domain';
import type { Database, Db } from '../db/database';
import type { Tx } from '../db/transactions';
import type { Config } from '../config/config';
import type { InvoiceAsIssued, SupplierAsIssued } from '../db/schema';
import {
  findInvoice,
  insertTaxDocument,
  markInvoiceReplaced,
  nextDocumentNumber,
  readDocumentsIssued,
  readOrdersDocuments,
  readTaxDocuments,
  type TaxDocumentKind,
  type TaxDocumentRow,
} from './invoice-store';

export type { TaxDocumentRow };
export { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf';

/**
 * GST tax invoices and credit notes (decision 0016): numbered per kind and financial year with
 * no gaps, in the transaction that pays (or refunds) the order.
 */
export type SupplierConfig = Pick<
  Config,
  'STORE_NAME' | 'STORE_ADDRESS' | 'STORE_STATE' | 'STORE_GSTIN' | 'INVOICE_SAC_CODE'
>;

/** The supplier a document issued now prints: the store's settings of the moment. */
export const supplierNow = (config: SupplierConfig): SupplierAsIssued => ({
  name: config.STORE_NAME,
  address: config.STORE_ADDRESS,
  state: config.STORE_STATE,
  gstin: config.STORE_GSTIN ?? null,
  sac: config.INVOICE_SAC_CODE,
});

export function createInvoiceService({
  database,
  config,
}: {
  database: Database;
  config: SupplierConfig;
}) {
  /**
   * The next document of `kind`, numbered in the financial year of `at`, in `tx`, issued by
   * `supplier` (kept on it; the settings now when the order or invoice kept none).
   */
  async function issue(
    tx: Tx,
    kind: TaxDocumentKind,
    at: Date,
    supplier: SupplierAsIssued | null,
    values: { orderId: string; amount: number; refundId?: string; invoiceId?: string },
  ): Promise<TaxDocumentRow> {
    const year = financialYear(at);
    const serial = documentSerial(kind, year, await nextDocumentNumber(tx, kind, year));
    return insertTaxDocument(tx, {
      kind,
      serial,
      issuedAt: at,
      supplier: supplier ?? supplierNow(config),
      ...values,
    });
  }

  return {
    /**
     * The order's tax invoice, issued now in the paying transaction `tx` (`at`: the payment's
     * moment, which decides the financial year) by the store the order was placed with; the one
     * already issued when there is one.
     */
    async issueInvoice(
      tx: Tx,
      order: { id: string; totalAmount: number; supplier: SupplierAsIssued | null },
      at: Date,
    ): Promise<TaxDocumentRow> {
      return (
        (await findInvoice(tx, order.id)) ??
        issue(tx, 'INV', at, order.supplier, { orderId: order.id, amount: order.totalAmount })
      );
    },

    /**
     * A credit note against the order's invoice for a refund, in the refunding transaction,
     * issued by the supplier that issued the invoice.
     */
    async issueCreditNote(
      tx: Tx,
      refund: { id: string; orderId: string; amount: number },
      at: Date,
    ): Promise<TaxDocumentRow | undefined> {
      const invoice = await findInvoice(tx, refund.orderId);
      if (!invoice) return undefined;
      return issue(tx, 'CN', at, invoice.supplier, {
        orderId: refund.orderId,
        refundId: refund.id,
        invoiceId: invoice.id,
        amount: refund.amount,
      });
    },

    /**
     * A billing correction of a paid order (decision 0070), in its transaction: the current
     * invoice is cancelled by a credit note for its full amount and keeps what it printed
     * (`asIssued`), and a new invoice for the order's total is issued under the next number.
     * Undefined when the order has no invoice.
     */
    async replaceInvoice(
      tx: Tx,
      order: { id: string; totalAmount: number },
      asIssued: InvoiceAsIssued,
      at: Date,
    ) {
      const replaced = await findInvoice(tx, order.id);
      if (!replaced) return undefined;
      await markInvoiceReplaced(tx, replaced.id, at, asIssued);
      const creditNote = await issue(tx, 'CN', at, replaced.supplier, {
        orderId: order.id,
        invoiceId: replaced.id,
        amount: replaced.amount,
      });
      const invoice = await issue(tx, 'INV', at, replaced.supplier, {
        orderId: order.id,
        amount: order.totalAmount,
      });
      return { replaced, creditNote, invoice };
    },

    /** The order's current invoice; in `db`, a transaction's, when given. */
    invoiceOf: (orderId: string, db: Db = database.db) => findInvoice(db, orderId),
    documentsOf: (orderId: string) => readTaxDocuments(database.db, orderId),
    /** The tax documents of these orders (for their views' download links). */
    documentsOfOrders: (orderIds: readonly string[], db: Db = database.db) =>
      readOrdersDocuments(db, orderIds),
    /** The documents issued from `start` up to `end` (the tax register's period), in issue order. */
    documentsIssued: (start: Date, end: Date, db: Db = database.db) =>
      readDocumentsIssued(db, start, end),
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
