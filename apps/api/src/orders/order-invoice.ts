import { creditNoteFigures, placeOfSupply, placeOfSupplyCode, shareByPrices } from '@store/domain';
import { displayNumber } from '../catalog/catalog-service';
import type { SupplierAsIssued } from '../db/schema';
import {
  renderInvoicePdf,
  supplierNow,
  type InvoiceDocument,
  type SupplierConfig,
  type TaxDocumentRow,
} from '../invoices/invoice-service';
import type { Billing, OrderItemRow, OrderRow } from './order-types';

/** A place of supply as the invoice prints it: "Delhi (07)". */
export const withStateCode = (state: string) => `${state} (${placeOfSupplyCode(state) ?? '--'})`;

/** The company with the person it is billed to ("Acme Pvt Ltd (Asha Verma)"), each once. */
function billedName({ companyName, name }: Billing): string {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return companyName && !same(companyName, name) ? `${companyName} (${name})` : name;
}

/** The state an order (as an invoice printed it) was supplied to: its place of supply. */
export function supplyOf(config: SupplierConfig, order: OrderRow): string {
  const billing = order.billing as Billing;
  return (
    order.placeOfSupply ??
    placeOfSupply(config.STORE_STATE, {
      billingState: billing.address?.state,
      gstin: billing.gstinNo,
    })
  );
}

/**
 * Who issued `document` and the SAC it printed: kept on it when issued (decision 0082), else,
 * for a document issued before that, the settings now.
 */
export const issuerOf = (config: SupplierConfig, document: TaxDocumentRow): SupplierAsIssued =>
  document.supplier ?? supplierNow(config);

const printedSupplier = (supplier: SupplierAsIssued): InvoiceDocument['supplier'] => ({
  name: supplier.name,
  address: [supplier.address, withStateCode(supplier.state)],
  gstin: supplier.gstin,
});

/** The tax invoice of a paid order, as its PDF prints it. */
function invoiceDocument(
  config: SupplierConfig,
  order: OrderRow,
  items: readonly OrderItemRow[],
  invoice: TaxDocumentRow,
): InvoiceDocument {
  const billing = order.billing as Billing;
  const address = billing.address;
  const supply = supplyOf(config, order);
  const issuer = issuerOf(config, invoice);
  const gst = order.cgstAmount + order.sgstAmount + order.igstAmount;
  return {
    title: 'Tax invoice',
    serial: invoice.serial,
    issuedAt: invoice.issuedAt,
    orderReference: order.reference,
    supplier: printedSupplier(issuer),
    buyer: {
      name: billedName(billing),
      address: address
        ? [
            [address.line1, address.line2].filter(Boolean).join(', '),
            `${address.city} ${address.pinCode}`,
            withStateCode(address.state),
          ]
        : [],
      gstin: billing.gstinNo ?? null,
    },
    placeOfSupply: withStateCode(supply),
    lines: items.map((item) => ({
      description: `Mobile number ${displayNumber(item.number)}`,
      sac: issuer.sac,
      taxable: item.price,
    })),
    taxPercent: order.taxBasisPoints / 100,
    cgst: order.cgstAmount,
    sgst: order.sgstAmount,
    igst: order.igstAmount,
    taxable: order.taxable,
    invoiceTotal: order.taxable + gst,
    tdsPercent: order.tdsBasisPoints / 100,
    tds: order.tdsDeducted,
    payable: order.totalAmount,
  };
}

/**
 * A credit note against the invoice: the numbers it is for (the one refunded alone whose refund
 * it is, decision 0039; else those of the order not refunded alone) and the invoice's figures
 * for its amount (creditNoteFigures: the whole invoice when all of it goes back, else its tax
 * split the same way for that amount), each number's taxable value its share by price. Issued
 * by `issuer` (the store as it was then), its lines carry the invoice's SAC.
 */
function creditNoteDocument(
  invoiceDocument: InvoiceDocument,
  issuer: SupplierAsIssued,
  order: OrderRow,
  items: readonly OrderItemRow[],
  invoice: TaxDocumentRow,
  creditNote: TaxDocumentRow,
): InvoiceDocument {
  const alone = items.filter(
    (item) => item.refundId !== null && item.refundId === creditNote.refundId,
  );
  const lines = alone.length > 0 ? alone : items.filter((item) => item.refundId === null);
  const figures = creditNoteFigures(order, creditNote.amount);
  const taxables = shareByPrices(
    figures.taxable,
    lines.map((line) => line.price),
  );
  return {
    ...invoiceDocument,
    title: 'Credit note',
    supplier: printedSupplier(issuer),
    serial: creditNote.serial,
    issuedAt: creditNote.issuedAt,
    against: { serial: invoice.serial, issuedAt: invoice.issuedAt },
    ...(creditNote.refundId === null ? { reason: 'Billing details corrected' } : {}),
    lines: lines.map((item, index) => ({
      description: `Mobile number ${displayNumber(item.number)}${alone.length > 0 ? ' (refunded)' : ''}`,
      sac: invoiceDocument.lines[0]?.sac ?? '',
      taxable: taxables[index]!,
    })),
    cgst: figures.cgstAmount,
    sgst: figures.sgstAmount,
    igst: figures.igstAmount,
    taxable: figures.taxable,
    invoiceTotal: figures.taxable + figures.cgstAmount + figures.sgstAmount + figures.igstAmount,
    tds: figures.tdsDeducted,
    payable: creditNote.amount,
  };
}

/** A tax document's file name: `INV-26-27-000123.pdf`, `CN-26-27-000001.pdf`. */
export const taxDocumentFileName = (document: Pick<TaxDocumentRow, 'serial'>) =>
  `${document.serial.replaceAll('/', '-')}.pdf`;

/** The order as `invoice` printed it: a replaced invoice its own billing, place and GST split. */
export const orderAsPrinted = (order: OrderRow, invoice: TaxDocumentRow): OrderRow =>
  invoice.asIssued ? { ...order, ...invoice.asIssued } : order;

/** The credit note that cancelled a replaced invoice: against it, and no refund's (0070). */
const cancellingNote = (invoice: TaxDocumentRow, documents: readonly TaxDocumentRow[]) =>
  documents.find(
    (document) =>
      document.kind === 'CN' && document.invoiceId === invoice.id && document.refundId === null,
  );

/**
 * A replaced invoice's cancellation among the order's `documents` (decision 0070): the credit
 * note against it that is no refund's, and the invoice issued at the moment it was replaced.
 */
function cancellationOf(
  invoice: TaxDocumentRow,
  documents: readonly TaxDocumentRow[],
): InvoiceDocument['cancelled'] {
  const replacedAt = invoice.replacedAt?.getTime();
  const creditNote = cancellingNote(invoice, documents);
  if (replacedAt === undefined || !creditNote) return undefined;
  const replacedBy = documents.find(
    (document) => document.kind === 'INV' && document.issuedAt.getTime() === replacedAt,
  );
  return {
    creditNote: { serial: creditNote.serial, issuedAt: creditNote.issuedAt },
    replacedBy: replacedBy?.serial,
  };
}

/**
 * The invoice a billing correction replaced with `invoice` (issued at the moment the other was
 * replaced), among the order's `documents`, with the credit note that cancelled it.
 */
function replacementOf(
  invoice: TaxDocumentRow,
  documents: readonly TaxDocumentRow[],
): InvoiceDocument['replaces'] {
  const replaced = documents.find(
    (document) =>
      document.kind === 'INV' && document.replacedAt?.getTime() === invoice.issuedAt.getTime(),
  );
  const creditNote = replaced && cancellingNote(replaced, documents);
  if (!replaced || !creditNote) return undefined;
  return {
    invoice: { serial: replaced.serial, issuedAt: replaced.issuedAt },
    creditNote: creditNote.serial,
  };
}

/**
 * The invoice's PDF, or with `creditNote` that credit note's against it (creditNoteDocument),
 * and the file name to download it as (taxDocumentFileName). An invoice replaced by a billing
 * correction prints what it did when issued (decision 0070), and so does its credit note; the
 * invoice also prints that it is cancelled, by which credit note, and the invoice replacing it
 * (among the order's `documents`); the invoice replacing it, which one it replaces and the
 * credit note that cancelled that one.
 */
export async function invoicePdf(
  config: SupplierConfig,
  order: OrderRow,
  items: readonly OrderItemRow[],
  invoice: TaxDocumentRow,
  creditNote: TaxDocumentRow | undefined,
  documents: readonly TaxDocumentRow[],
): Promise<{ fileName: string; pdf: Buffer }> {
  return {
    fileName: taxDocumentFileName(creditNote ?? invoice),
    pdf: await renderInvoicePdf(
      printedDocument(config, order, items, invoice, creditNote, documents),
    ),
  };
}

/**
 * What the invoice, or with `creditNote` that credit note against it, prints (invoicePdf's
 * content; the tax register's rows read it too, so both say the same).
 */
export function printedDocument(
  config: SupplierConfig,
  order: OrderRow,
  items: readonly OrderItemRow[],
  invoice: TaxDocumentRow,
  creditNote: TaxDocumentRow | undefined,
  documents: readonly TaxDocumentRow[],
): InvoiceDocument {
  const printed = orderAsPrinted(order, invoice);
  const document = invoiceDocument(config, printed, items, invoice);
  return creditNote
    ? creditNoteDocument(
        document,
        issuerOf(config, creditNote),
        printed,
        items,
        invoice,
        creditNote,
      )
    : {
        ...document,
        cancelled: cancellationOf(invoice, documents),
        replaces: replacementOf(invoice, documents),
      };
}
