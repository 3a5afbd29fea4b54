import { documentSerial, financialYear } from '@store/domain';
import type { Database } from '../db/database';
import type { Tx } from '../db/transactions';
import {
  findInvoice,
  insertTaxDocument,
  nextDocumentNumber,
  readTaxDocuments,
  type TaxDocumentRow,
} from './invoice-store';

export type { TaxDocumentRow };
export { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf';

/**
 * GST tax invoices and credit notes (decision 0016): numbered per kind and financial year with
 * no gaps, in the transaction that pays (or refunds) the order.
 */
export function createInvoiceService({ database }: { database: Database }) {
  return {
    /**
     * The order's tax invoice, issued now in the paying transaction `tx` (`at`: the payment's
     * moment, which decides the financial year); the one already issued when there is one.
     */
    async issueInvoice(
      tx: Tx,
      order: { id: string; totalAmount: number },
      at: Date,
    ): Promise<TaxDocumentRow> {
      const issued = await findInvoice(tx, order.id);
      if (issued) return issued;
      const year = financialYear(at);
      const serial = documentSerial('INV', year, await nextDocumentNumber(tx, 'INV', year));
      return insertTaxDocument(tx, {
        kind: 'INV',
        serial,
        orderId: order.id,
        amount: order.totalAmount,
        issuedAt: at,
      });
    },

    /** A credit note against the order's invoice for a refund, in the refunding transaction. */
    async issueCreditNote(
      tx: Tx,
      refund: { id: string; orderId: string; amount: number },
      at: Date,
    ): Promise<TaxDocumentRow | undefined> {
      if (!(await findInvoice(tx, refund.orderId))) return undefined;
      const year = financialYear(at);
      const serial = documentSerial('CN', year, await nextDocumentNumber(tx, 'CN', year));
      return insertTaxDocument(tx, {
        kind: 'CN',
        serial,
        orderId: refund.orderId,
        refundId: refund.id,
        amount: refund.amount,
        issuedAt: at,
      });
    },

    invoiceOf: (orderId: string) => findInvoice(database.db, orderId),
    documentsOf: (orderId: string) => readTaxDocuments(database.db, orderId),
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
