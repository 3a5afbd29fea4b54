import { z } from 'zod';

const day = z.iso.date('must be a date, YYYY-MM-DD');

/** The same day a year later (29 February: 1 March), YYYY-MM-DD. */
function sameDayNextYear(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next.toISOString().slice(0, 10);
}

/** GET /admin/tax-register(.csv): a period of at most a year of India days, both inclusive. */
export const taxRegisterQuery = z
  .object({
    from: day.describe("The period's first day in India (Asia/Kolkata), YYYY-MM-DD"),
    to: day.describe("The period's last day in India, YYYY-MM-DD, included"),
  })
  .superRefine(({ from, to }, ctx) => {
    // Zod runs this even when a day is not one: that is said already.
    if (!day.safeParse(from).success || !day.safeParse(to).success) return;
    if (to < from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    } else if (to >= sameDayNextYear(from)) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'the period is at most a year: to must be before the same day a year after from',
      });
    }
  });

const paise = z.number().int();
const figures = {
  documents: z.number().int().describe('How many documents'),
  taxable: paise.describe('Taxable value, paise'),
  cgst: paise.describe('CGST, paise'),
  sgst: paise.describe('SGST, paise'),
  igst: paise.describe('IGST, paise'),
  total: paise.describe('Taxable value + GST (the invoice value), paise'),
};
const figuresSchema = z.object(figures);
const netFigures = figuresSchema.describe(
  "Invoices' figures less credit notes' (documents: how many of either)",
);
const placeOfSupply = {
  code: z.string().nullable().describe('Its GST state code (07); null for none'),
  name: z.string().describe('The state (or place of its own) as invoices print it'),
};
const documentDay = z.object({
  serial: z.string(),
  issuedOn: z.string().describe('The day in India printed on it, YYYY-MM-DD'),
});

const registerRow = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  supplierGstin: z
    .string()
    .nullable()
    .describe(
      "The store's GSTIN it was issued under, as printed (a period spanning a change of GSTIN lists both); null: none was set",
    ),
  serial: z.string().describe('As printed: INV/26-27/000123, CN/26-27/000001'),
  issuedAt: z.string().describe('The moment it was issued (ISO 8601)'),
  issuedOn: z.string().describe('The day in India printed on it, YYYY-MM-DD'),
  orderReference: z.string(),
  buyerName: z.string().describe('The name billed'),
  companyName: z.string().nullable().describe('The company billed; null for none'),
  gstin: z.string().nullable().describe("The buyer's GSTIN (B2B); null: unregistered (B2C)"),
  supplyType: z
    .enum(['B2B', 'B2CL', 'B2CS'])
    .describe(
      "GSTR-1's kind: B2B (a GSTIN), B2CL (unregistered, another state, an invoice over ₹1,00,000), B2CS (any other unregistered); a credit note is of its invoice's kind",
    ),
  placeOfSupply: z.object(placeOfSupply),
  sac: z.string().describe('The SAC code printed on it'),
  taxable: figures.taxable,
  cgst: figures.cgst,
  sgst: figures.sgst,
  igst: figures.igst,
  total: figures.total,
  tds: paise.describe('TDS the buyer deducted, paise (0: none)'),
  against: documentDay.nullable().describe("A credit note's invoice; null for an invoice"),
  reason: z
    .enum(['refund', 'billing_correction'])
    .nullable()
    .describe('Why a credit note was issued; null for an invoice'),
  cancelledBy: documentDay
    .nullable()
    .describe(
      'An invoice a billing correction cancelled: the credit note that did, perhaps after the period; null otherwise',
    ),
});

/** GET /admin/tax-register: the period's documents as printed, their totals and summary. */
export const taxRegisterSchema = z.object({
  from: z.string(),
  to: z.string(),
  documents: z
    .array(registerRow)
    .describe('Every tax invoice and credit note issued in the period, in issue order'),
  totals: z.object({
    invoices: figuresSchema,
    creditNotes: figuresSchema,
    net: netFigures,
  }),
  summary: z
    .object({
      b2b: netFigures.describe('Documents of buyers with a GSTIN, credit notes taken off'),
      b2cLarge: netFigures.describe(
        'B2CL documents (listed one by one in documents), credit notes taken off',
      ),
      b2cSmallByPlaceOfSupply: z
        .array(z.object({ ...placeOfSupply, ...figures }))
        .describe('B2CS documents per place of supply, credit notes taken off'),
      bySac: z
        .array(z.object({ sac: z.string(), ...figures }))
        .describe('Every document per SAC code printed, credit notes taken off'),
    })
    .describe(
      'GSTR-1 shaped: B2B, B2C large, B2C small per place of supply, per SAC (HSN summary)',
    ),
});
