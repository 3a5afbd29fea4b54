import { splitGst } from './pricing';

const big = (value: number, what: string) => {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number of paise, 0 or more, got ${value}`);
  }
  return BigInt(value);
};

/**
 * Splits `total` paise across lines in proportion to their `prices` (paise), exactly: every
 * share is the floor of its proportional part, and the paise left over go one each to the
 * lines with the largest remainders (the earlier line first on a tie), so the shares add up to
 * `total`, each is 0 or more and within a paisa of its proportional part, and the same input
 * always gives the same shares. Lines all priced 0 share the total equally. The arithmetic is
 * done in BigInt: a crore-rupee order times a crore-rupee line is past 2^53.
 */
export function shareByPrices(total: number, prices: readonly number[]): number[] {
  const amount = big(total, 'The total');
  if (prices.length === 0) {
    if (total !== 0) throw new RangeError('A total cannot be split across no lines.');
    return [];
  }
  const weights = prices.map((price) => big(price, 'A price'));
  const sum = weights.reduce((a, b) => a + b, 0n);
  const used = sum === 0n ? weights.map(() => 1n) : weights;
  const whole = sum === 0n ? BigInt(weights.length) : sum;
  const parts = used.map((weight, index) => ({
    index,
    floor: (amount * weight) / whole,
    remainder: (amount * weight) % whole,
  }));
  let left = amount - parts.reduce((a, part) => a + part.floor, 0n);
  const shares = parts.map((part) => part.floor);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (left === 0n) break;
    shares[part.index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/** `value * part / whole` rounded half up, in BigInt (the products pass 2^53). */
function scaled(value: number, part: number, whole: number): number {
  const product = BigInt(value) * BigInt(part);
  return Number((product * 2n + BigInt(whole)) / (2n * BigInt(whole)));
}

/** The figures of a tax invoice a credit note reverses (paise), as the order stores them. */
export interface InvoiceFigures {
  taxable: number;
  cgstAmount: number;
  sgstAmount: number;
  igstAmount: number;
  tdsDeducted: number;
  /** What the buyer paid: taxable + GST − TDS. */
  totalAmount: number;
}

/**
 * A credit note's figures for `amount` paise paid back of an invoice's `totalAmount`: the whole
 * invoice's own figures when all of it goes back; otherwise its GST and TDS in proportion
 * (rounded half up), the GST split as the invoice splits it (IGST to another state, else CGST
 * and SGST, the odd paisa to SGST), and the taxable value what is left, so that
 * taxable + GST − TDS is exactly `amount`.
 */
export function creditNoteFigures(invoice: InvoiceFigures, amount: number): InvoiceFigures {
  big(amount, 'The amount');
  if (amount > invoice.totalAmount) {
    throw new RangeError(`A credit note cannot pay back more than the invoice (${amount})`);
  }
  if (amount === invoice.totalAmount) return { ...invoice };
  const whole = invoice.totalAmount;
  const gst = scaled(invoice.cgstAmount + invoice.sgstAmount + invoice.igstAmount, amount, whole);
  const tdsDeducted = scaled(invoice.tdsDeducted, amount, whole);
  return {
    taxable: amount - gst + tdsDeducted,
    ...splitGst(gst, invoice.igstAmount > 0),
    tdsDeducted,
    totalAmount: amount,
  };
}
