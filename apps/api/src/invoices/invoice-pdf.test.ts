import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test-support/pdf-text';
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf';

const party = { name: 'Asha Verma', address: ['12 MG Road', 'New Delhi', 'Delhi'], gstin: null };

/** A ₹1,000.05 number billed within the state, and a lakh one, with 0.1% TDS: odd paise. */
const invoice: InvoiceDocument = {
  title: 'Tax invoice',
  serial: 'INV/26-27/000008',
  issuedAt: new Date('2026-11-30T12:00:00Z'),
  orderReference: 'VN-20261130-ODDPAISA',
  supplier: { ...party, name: 'Premium Numbers' },
  buyer: party,
  placeOfSupply: 'Delhi (07)',
  lines: [
    { description: 'Mobile number 98765 43210', sac: '998413', taxable: 1_000_05 },
    { description: 'Mobile number 98112 23344', sac: '998413', taxable: 1_00_000_00 },
  ],
  taxPercent: 18,
  cgst: 18_180_00,
  sgst: 18_180_01,
  igst: 0,
  taxable: 1_01_000_05,
  invoiceTotal: 1_19_180_06,
  tdsPercent: 0.1,
  tds: 101_00,
  payable: 1_19_079_06,
};

describe('renderInvoicePdf', () => {
  it('prints every amount with its paise, in Indian grouping', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice));
    for (const line of [
      /998413\s*₹1,000.05/,
      /998413\s*₹1,00,000.00/,
      /Taxable value\s*₹1,01,000.05/,
      /CGST @ 9%\s*₹18,180.00/,
      /SGST @ 9%\s*₹18,180.01/,
      /Invoice value\s*₹1,19,180.06/,
      /Less TDS @ 0.1% deducted by the buyer\s*-₹101.00/,
      /Amount paid\s*₹1,19,079.06/,
    ]) {
      expect(text).toMatch(line);
    }
    // No amount without its paise: every ₹ is followed by a figure with two decimals.
    expect(text.match(/₹[\d,]+(?![\d,]|\.\d\d)/g)).toBeNull();
  });

  it("prints a credit note's amounts the same way", async () => {
    const text = await pdfText(
      await renderInvoicePdf({
        ...invoice,
        title: 'Credit note',
        serial: 'CN/26-27/000001',
        against: { serial: invoice.serial, issuedAt: invoice.issuedAt },
        lines: [{ description: 'Mobile number 98765 43210', sac: '998413', taxable: 3_000_00 }],
        taxable: 3_000_00,
        cgst: 270_00,
        sgst: 270_00,
        invoiceTotal: 3_540_00,
        tdsPercent: 0.1,
        tds: 3_00,
        payable: 3_537_00,
      }),
    );
    expect(text).toMatch(/Credit note value\s*₹3,540.00/);
    expect(text).toMatch(/Less TDS @ 0.1% deducted by the buyer\s*-₹3.00/);
    expect(text).toMatch(/Amount refunded\s*₹3,537.00/);
  });
});
