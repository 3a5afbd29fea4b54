import type { Readable } from 'node:stream';
import { addDays, indiaDay, indiaDayStart, placeOfSupplyCode, rupeesText } from '@store/domain';
import { groupRows } from '../db/group-rows';
import { inTransaction } from '../db/transactions';
import { csvStream } from '../http/csv-stream';
import type { TaxDocumentRow } from '../invoices/invoice-service';
import { issuerOf, orderAsPrinted, printedDocument, supplyOf } from './order-invoice';
import { readOrderItems, readOrders } from './order-store';
import type { Billing, OrderDeps, OrderItemRow, OrderRow } from './order-types';

/** A period of India days, both inclusive (YYYY-MM-DD). */
export interface TaxRegisterPeriod {
  from: string;
  to: string;
}

/** A document's or a group's figures, in paise; total: taxable value + GST (the invoice value). */
interface TaxFigures {
  documents: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/**
 * GSTR-1's kinds of supply: to a registered buyer (B2B, invoice by invoice); to an unregistered
 * buyer in another state on an invoice over ₹1,00,000 (B2CL, Table 5: invoice by invoice, CGST
 * rule 59(4) as amended from 1 August 2024); to any other unregistered buyer (B2CS, Table 7:
 * summed per place of supply). A credit note is of its invoice's kind.
 */
type SupplyType = 'B2B' | 'B2CL' | 'B2CS';

/** B2CL's threshold: an invoice value (tax included) above ₹1,00,000, in paise. */
const B2C_LARGE_ABOVE = 1_00_000_00;

/** A document issued on a day, as the register names it. */
interface DocumentDay {
  serial: string;
  issuedOn: string;
}

/** One tax invoice or credit note as it printed it (decision 0077). */
interface TaxRegisterRow extends Omit<TaxFigures, 'documents'> {
  kind: 'invoice' | 'credit_note';
  /** The store's GSTIN it was issued under (decision 0082); null: the store had none set. */
  supplierGstin: string | null;
  serial: string;
  issuedAt: string;
  /** The day in India printed on it. */
  issuedOn: string;
  orderReference: string;
  buyerName: string;
  companyName: string | null;
  /** Null: an unregistered buyer (B2C). */
  gstin: string | null;
  supplyType: SupplyType;
  placeOfSupply: { code: string | null; name: string };
  sac: string;
  tds: number;
  /** A credit note's invoice. */
  against: DocumentDay | null;
  /** Why a credit note was issued. */
  reason: 'refund' | 'billing_correction' | null;
  /** An invoice a billing correction cancelled: the credit note that did (perhaps later). */
  cancelledBy: DocumentDay | null;
}

export interface TaxRegister extends TaxRegisterPeriod {
  documents: TaxRegisterRow[];
  totals: { invoices: TaxFigures; creditNotes: TaxFigures; net: TaxFigures };
  summary: {
    b2b: TaxFigures;
    b2cLarge: TaxFigures;
    b2cSmallByPlaceOfSupply: (TaxFigures & { code: string | null; name: string })[];
    bySac: (TaxFigures & { sac: string })[];
  };
}

const noFigures = (): TaxFigures => ({
  documents: 0,
  taxable: 0,
  cgst: 0,
  sgst: 0,
  igst: 0,
  total: 0,
});

/** Adds a row to `sum`: an invoice's figures, a credit note's taken off when `net`. */
function addRow(sum: TaxFigures, row: TaxRegisterRow, net: boolean): void {
  const sign = net && row.kind === 'credit_note' ? -1 : 1;
  sum.documents += 1;
  sum.taxable += sign * row.taxable;
  sum.cgst += sign * row.cgst;
  sum.sgst += sign * row.sgst;
  sum.igst += sign * row.igst;
  sum.total += sign * row.total;
}

/** The rows summed into groups by `key` (credit notes taken off), in the keys' order. */
function groupedNet<K extends string>(
  rows: readonly TaxRegisterRow[],
  key: (row: TaxRegisterRow) => K,
) {
  const groups = new Map<K, { first: TaxRegisterRow; figures: TaxFigures }>();
  for (const row of rows) {
    const group = groups.get(key(row)) ?? { first: row, figures: noFigures() };
    addRow(group.figures, row, true);
    groups.set(key(row), group);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, group]) => group);
}

const dayOf = (document: { serial: string; issuedAt: Date }): DocumentDay => ({
  serial: document.serial,
  issuedOn: indiaDay(document.issuedAt),
});

/**
 * A document as its PDF prints it (printedDocument): a credit note with its invoice's billing,
 * a replaced invoice with what it printed then (decision 0070).
 */
function registerRow(
  config: OrderDeps['config'],
  order: OrderRow,
  items: readonly OrderItemRow[],
  document: TaxDocumentRow,
  documents: readonly TaxDocumentRow[],
): TaxRegisterRow {
  const creditNote = document.kind === 'CN' ? document : undefined;
  const invoice = creditNote
    ? documents.find((candidate) => candidate.id === creditNote.invoiceId)!
    : document;
  const printed = printedDocument(config, order, items, invoice, creditNote, documents);
  const invoicePrinted = creditNote
    ? printedDocument(config, order, items, invoice, undefined, documents)
    : printed;
  const asPrinted = orderAsPrinted(order, invoice);
  const billing = asPrinted.billing as Billing;
  const supply = supplyOf(config, asPrinted);
  return {
    kind: creditNote ? 'credit_note' : 'invoice',
    supplierGstin: printed.supplier.gstin,
    ...dayOf(printed),
    issuedAt: printed.issuedAt.toISOString(),
    orderReference: printed.orderReference,
    buyerName: billing.name,
    companyName: billing.companyName || null,
    gstin: printed.buyer.gstin,
    supplyType: printed.buyer.gstin
      ? 'B2B'
      : invoicePrinted.igst > 0 && invoicePrinted.invoiceTotal > B2C_LARGE_ABOVE
        ? 'B2CL'
        : 'B2CS',
    placeOfSupply: { code: placeOfSupplyCode(supply) ?? null, name: supply },
    sac: printed.lines[0]?.sac ?? issuerOf(config, invoice).sac,
    taxable: printed.taxable,
    cgst: printed.cgst,
    sgst: printed.sgst,
    igst: printed.igst,
    total: printed.invoiceTotal,
    tds: printed.tds,
    against: printed.against ? dayOf(printed.against) : null,
    reason: creditNote ? (creditNote.refundId ? 'refund' : 'billing_correction') : null,
    cancelledBy: printed.cancelled ? dayOf(printed.cancelled.creditNote) : null,
  };
}

/** The register's totals and its GSTR-1-shaped summary, credit notes taken off. */
function totalsOf(rows: readonly TaxRegisterRow[]): Pick<TaxRegister, 'totals' | 'summary'> {
  const totals = { invoices: noFigures(), creditNotes: noFigures(), net: noFigures() };
  const b2b = noFigures();
  const b2cLarge = noFigures();
  for (const row of rows) {
    addRow(row.kind === 'invoice' ? totals.invoices : totals.creditNotes, row, false);
    addRow(totals.net, row, true);
    if (row.supplyType === 'B2B') addRow(b2b, row, true);
    if (row.supplyType === 'B2CL') addRow(b2cLarge, row, true);
  }
  const b2cSmall = rows.filter((row) => row.supplyType === 'B2CS');
  return {
    totals,
    summary: {
      b2b,
      b2cLarge,
      b2cSmallByPlaceOfSupply: groupedNet(b2cSmall, (row) => row.placeOfSupply.name).map(
        ({ first, figures }) => ({ ...first.placeOfSupply, ...figures }),
      ),
      bySac: groupedNet(rows, (row) => row.sac).map(({ first, figures }) => ({
        sac: first.sac,
        ...figures,
      })),
    },
  };
}

/**
 * The tax register of a period (decision 0077): every tax invoice and credit note issued on its
 * India days, whatever became of its order since, each as it printed it, with the totals and
 * summary. Read in one transaction with its audit entry (`tax_register.export`: the period,
 * the format and the row count, no personal data), since it lists buyers' names and GSTINs.
 */
export async function taxRegister(
  deps: OrderDeps,
  period: TaxRegisterPeriod,
  reader: { actorId: string; format: 'json' | 'csv' },
): Promise<TaxRegister> {
  return inTransaction(deps.database, async (tx) => {
    const issued = await deps.invoices.documentsIssued(
      indiaDayStart(period.from),
      indiaDayStart(addDays(period.to, 1)),
      tx,
    );
    const orderIds = [...new Set(issued.map((document) => document.orderId))];
    const orders = orderIds.length > 0 ? await readOrders(tx, orderIds) : [];
    const items = orderIds.length > 0 ? await readOrderItems(tx, orderIds) : [];
    const documents = await deps.invoices.documentsOfOrders(orderIds, tx);
    const orderById = new Map(orders.map((order) => [order.id, order]));
    const itemsOf = groupRows(items, (item) => item.orderId);
    const documentsOf = groupRows(documents, (row) => row.orderId);
    const rows = issued.map((document) =>
      registerRow(
        deps.config,
        orderById.get(document.orderId)!,
        itemsOf(document.orderId),
        document,
        documentsOf(document.orderId),
      ),
    );
    await deps.audit.record(tx, {
      actorId: reader.actorId,
      action: 'tax_register.export',
      entityType: 'tax_register',
      entityId: `${period.from}..${period.to}`,
      after: { ...period, format: reader.format, documents: rows.length },
    });
    return { ...period, documents: rows, ...totalsOf(rows) };
  });
}

const kindNames = { invoice: 'Tax invoice', credit_note: 'Credit note' } as const;
const reasonNames = { refund: 'Refund', billing_correction: 'Billing correction' } as const;

/** The CSV's columns: one per field of a row, money in rupees. */
const taxRegisterColumns = [
  'Kind',
  'Supplier GSTIN',
  'Serial',
  'Issue date',
  'Order',
  'Buyer name',
  'Company',
  'GSTIN',
  'Supply type',
  'Place of supply code',
  'Place of supply',
  'SAC',
  'Taxable value (rupees, 2 decimals)',
  'CGST (rupees, 2 decimals)',
  'SGST (rupees, 2 decimals)',
  'IGST (rupees, 2 decimals)',
  'Total (rupees, 2 decimals)',
  'TDS deducted (rupees, 2 decimals)',
  'Against invoice',
  'Against invoice date',
  'Reason',
  'Cancelled by credit note',
  'Cancelled on',
];

/** The register's rows as CSV (a UTF-8 BOM first: names may be in any script). */
export function taxRegisterCsv(register: TaxRegister): Readable {
  return csvStream(
    taxRegisterColumns,
    async function* () {
      for (const row of register.documents) {
        yield [
          kindNames[row.kind],
          row.supplierGstin ?? '',
          row.serial,
          row.issuedOn,
          row.orderReference,
          row.buyerName,
          row.companyName ?? '',
          row.gstin ?? '',
          row.supplyType,
          row.placeOfSupply.code ?? '',
          row.placeOfSupply.name,
          row.sac,
          ...[row.taxable, row.cgst, row.sgst, row.igst, row.total, row.tds].map(rupeesText),
          row.against?.serial ?? '',
          row.against?.issuedOn ?? '',
          row.reason ? reasonNames[row.reason] : '',
          row.cancelledBy?.serial ?? '',
          row.cancelledBy?.issuedOn ?? '',
        ];
      }
    },
    { bom: true },
  );
}

/** The CSV's file name: `tax-register-2026-10-01-to-2026-10-31.csv`. */
export const taxRegisterFileName = ({ from, to }: TaxRegisterPeriod) =>
  `tax-register-${from}-to-${to}.csv`;
