import { createRequire } from 'node:module';
import { formatIndiaDateTime, formatInrWithPaise, rupeesInWords } from '@store/domain';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
// Noto Sans (SIL Open Font License 1.1) has the rupee sign, which the standard PDF fonts lack.
const fonts = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

interface InvoiceParty {
  name: string;
  /** Address lines, state last. */
  address: string[];
  gstin: string | null;
}

/** Everything a GST tax invoice (or a credit note against one) prints; amounts in paise. */
export interface InvoiceDocument {
  title: 'Tax invoice' | 'Credit note';
  serial: string;
  issuedAt: Date;
  orderReference: string;
  /** A credit note's invoice. */
  against?: { serial: string; issuedAt: Date };
  /** Why a credit note was issued, when it is not a refund's. */
  reason?: string;
  /** A tax invoice replaced by a billing correction: its credit note and the new invoice. */
  cancelled?: { creditNote: { serial: string; issuedAt: Date }; replacedBy?: string };
  /** A tax invoice issued by a billing correction: the invoice it replaces and its credit note. */
  replaces?: { invoice: { serial: string; issuedAt: Date }; creditNote: string };
  supplier: InvoiceParty;
  buyer: InvoiceParty;
  /** `Karnataka (29)`. */
  placeOfSupply: string;
  lines: { description: string; sac: string; taxable: number }[];
  taxPercent: number;
  cgst: number;
  sgst: number;
  igst: number;
  taxable: number;
  /** The invoice value: taxable value + GST. */
  invoiceTotal: number;
  tdsPercent: number;
  tds: number;
  /** What the buyer pays (or is paid back): invoice value − TDS. */
  payable: number;
}

/** Every amount of a tax document with its paise: ₹90.00 beside ₹90.01 (decision 0097). */
const inr = formatInrWithPaise;

/** The document as a PDF (A4), text drawn with an embedded Noto Sans so ₹ prints as ₹. */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${doc.title} ${doc.serial}`, Author: doc.supplier.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;

  pdf.font('bold').fontSize(16).text(doc.title.toUpperCase(), { align: 'center' });
  pdf.moveDown(0.5);
  if (doc.cancelled) {
    const { creditNote, replacedBy } = doc.cancelled;
    pdf
      .font('bold')
      .fontSize(10)
      .text(
        `Cancelled by credit note ${creditNote.serial} of ${formatIndiaDateTime(creditNote.issuedAt)}${replacedBy ? `; replaced by invoice ${replacedBy}` : ''}`,
        { align: 'center' },
      );
    pdf.moveDown(0.5);
  }
  pdf.font('regular').fontSize(10);
  pdf.text(`${doc.title} number: ${doc.serial}`);
  pdf.text(`Date: ${formatIndiaDateTime(doc.issuedAt)}`);
  pdf.text(`Order: ${doc.orderReference}`);
  if (doc.against) {
    pdf.text(
      `Against tax invoice ${doc.against.serial} of ${formatIndiaDateTime(doc.against.issuedAt)}`,
    );
  }
  if (doc.replaces) {
    const { invoice, creditNote } = doc.replaces;
    pdf.text(
      `Replaces invoice ${invoice.serial} of ${formatIndiaDateTime(invoice.issuedAt)}, cancelled by credit note ${creditNote}`,
    );
  }
  if (doc.reason) pdf.text(`Reason: ${doc.reason}`);
  pdf.text(`Place of supply: ${doc.placeOfSupply}`);
  // CGST rules, rule 46(p): whether tax is payable on reverse charge (never, for this supply).
  pdf.text('Tax payable on reverse charge: No');
  pdf.moveDown();

  const party = (heading: string, who: InvoiceParty, x: number, y: number) => {
    pdf.font('bold').text(heading, x, y, { width: width / 2 - 8 });
    pdf.font('regular').text(who.name, { width: width / 2 - 8 });
    for (const line of who.address) pdf.text(line, { width: width / 2 - 8 });
    pdf.text(who.gstin ? `GSTIN: ${who.gstin}` : 'GSTIN: unregistered', { width: width / 2 - 8 });
    return pdf.y;
  };
  const top = pdf.y;
  const supplierEnd = party('Supplier', doc.supplier, left, top);
  const buyerEnd = party('Billed to', doc.buyer, left + width / 2 + 8, top);
  pdf.y = Math.max(supplierEnd, buyerEnd) + 12;

  const columns = [
    { label: 'Description', x: left, width: width * 0.5, align: 'left' as const },
    { label: 'SAC', x: left + width * 0.5, width: width * 0.2, align: 'left' as const },
    { label: 'Taxable value', x: left + width * 0.7, width: width * 0.3, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'bold' : 'regular');
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      pdf.text(cell, column.x, y, { width: column.width, align: column.align });
    });
    pdf.x = left;
    pdf.moveDown(0.3);
  };
  row(
    columns.map((column) => column.label),
    true,
  );
  for (const line of doc.lines) row([line.description, line.sac, inr(line.taxable)]);
  pdf.moveDown(0.5);

  const total = (label: string, paise: number, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'bold' : 'regular');
    pdf.text(label, left, y, { width: width * 0.7 });
    pdf.text(inr(paise), left + width * 0.7, y, { width: width * 0.3, align: 'right' });
    pdf.x = left;
  };
  total('Taxable value', doc.taxable);
  if (doc.igst > 0) {
    total(`IGST @ ${doc.taxPercent}%`, doc.igst);
  } else {
    total(`CGST @ ${doc.taxPercent / 2}%`, doc.cgst);
    total(`SGST @ ${doc.taxPercent / 2}%`, doc.sgst);
  }
  const valueLabel = doc.title === 'Credit note' ? 'Credit note value' : 'Invoice value';
  total(valueLabel, doc.invoiceTotal, true);
  if (doc.reason) {
    // A credit note that is not a refund's (a billing correction's): it moves no money.
    pdf.moveDown(0.3);
    pdf.font('regular').text('No money is refunded with this credit note.', left);
  } else if (doc.tds > 0) {
    total(`Less TDS @ ${doc.tdsPercent}% deducted by the buyer`, -doc.tds);
    total(doc.title === 'Credit note' ? 'Amount refunded' : 'Amount paid', doc.payable, true);
  }
  pdf.moveDown();
  pdf.font('regular').text(`${valueLabel} in words: ${rupeesInWords(doc.invoiceTotal)}`, left);
  pdf.moveDown(3);
  pdf.text(`For ${doc.supplier.name}`, left, pdf.y, { width, align: 'right' });
  pdf.moveDown(2);
  pdf.text('Authorised signatory', left, pdf.y, { width, align: 'right' });
  pdf.end();
  return done;
}
