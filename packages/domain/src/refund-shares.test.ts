import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditNoteFigures, shareByPrices } from './refund-shares';

describe('shareByPrices', () => {
  it('splits in proportion to the prices', () => {
    expect(shareByPrices(600, [100, 200, 300])).toEqual([100, 200, 300]);
    expect(shareByPrices(1_180_000, [500_000, 500_000])).toEqual([590_000, 590_000]);
  });

  it('gives the paise left over to the largest remainders, the earlier line on a tie', () => {
    // 100 / 3 = 33.33 each: the first line takes the odd paisa.
    expect(shareByPrices(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 1000 * 2/7 = 285.71, 1000 * 5/7 = 714.28: the larger remainder is the first line's.
    expect(shareByPrices(1000, [2, 5])).toEqual([286, 714]);
  });

  it('splits equally among lines all priced 0, and nothing across no lines', () => {
    expect(shareByPrices(10, [0, 0, 0])).toEqual([4, 3, 3]);
    expect(shareByPrices(0, [])).toEqual([]);
    expect(() => shareByPrices(5, [])).toThrow(RangeError);
  });

  it('refuses negative or fractional paise', () => {
    expect(() => shareByPrices(-1, [1])).toThrow(RangeError);
    expect(() => shareByPrices(10.5, [1])).toThrow(RangeError);
    expect(() => shareByPrices(10, [1, -1])).toThrow(RangeError);
  });

  it('works past 2^53 in its products (a crore-rupee order)', () => {
    const crore = 1_00_00_000_00; // ₹1 crore in paise
    expect(shareByPrices(2 * crore + 1, [crore, crore])).toEqual([crore + 1, crore]);
  });

  const prices = fc.array(fc.integer({ min: 0, max: 2_00_00_000_00 }), {
    minLength: 1,
    maxLength: 12,
  });
  const total = fc.integer({ min: 0, max: 20_00_00_000_00 });

  it('adds up to the total exactly, every share 0 or more', () => {
    fc.assert(
      fc.property(total, prices, (amount, lines) => {
        const shares = shareByPrices(amount, lines);
        expect(shares).toHaveLength(lines.length);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        for (const share of shares) {
          expect(Number.isSafeInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('keeps each share within a paisa of its proportional part', () => {
    fc.assert(
      fc.property(total, prices, (amount, lines) => {
        const sum = lines.reduce((a, b) => a + b, 0);
        const weights = sum === 0 ? lines.map(() => 1) : lines;
        const whole = sum === 0 ? lines.length : sum;
        shareByPrices(amount, lines).forEach((share, index) => {
          // |share * whole - amount * weight| < whole, exactly in BigInt.
          const gap = BigInt(share) * BigInt(whole) - BigInt(amount) * BigInt(weights[index]!);
          expect(gap < BigInt(whole) && gap > -BigInt(whole)).toBe(true);
        });
      }),
    );
  });

  it('is deterministic and gives equal prices shares at most a paisa apart', () => {
    fc.assert(
      fc.property(
        total,
        fc.integer({ min: 0, max: 1_00_00_000 }),
        fc.nat(10),
        (amount, price, n) => {
          const lines = Array.from({ length: n + 1 }, () => price);
          const shares = shareByPrices(amount, lines);
          expect(shareByPrices(amount, lines)).toEqual(shares);
          expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('creditNoteFigures', () => {
  // ₹10,000 + 18% GST − 1% TDS, within the state.
  const invoice = {
    taxable: 10_000_00,
    cgstAmount: 900_00,
    sgstAmount: 900_00,
    igstAmount: 0,
    tdsDeducted: 100_00,
    totalAmount: 11_700_00,
  };

  it('is the invoice itself when all of it goes back', () => {
    expect(creditNoteFigures(invoice, invoice.totalAmount)).toEqual(invoice);
  });

  it('reverses part of it in proportion, the GST split as the invoice splits it', () => {
    expect(creditNoteFigures(invoice, 3_900_00)).toEqual({
      taxable: 3_333_33,
      cgstAmount: 300_00,
      sgstAmount: 300_00,
      igstAmount: 0,
      tdsDeducted: 33_33,
      totalAmount: 3_900_00,
    });
    const igst = { ...invoice, cgstAmount: 0, sgstAmount: 0, igstAmount: 1_800_00 };
    expect(creditNoteFigures(igst, 5_850_00)).toMatchObject({ igstAmount: 900_00, cgstAmount: 0 });
  });

  it('refuses more than the invoice', () => {
    expect(() => creditNoteFigures(invoice, invoice.totalAmount + 1)).toThrow(RangeError);
  });

  it('always adds up to the amount, none of its figures below 0', () => {
    const order = fc
      .record({
        taxable: fc.integer({ min: 100, max: 2_00_00_000_00 }),
        taxBasisPoints: fc.integer({ min: 0, max: 2800 }),
        tdsBasisPoints: fc.integer({ min: 0, max: 200 }),
        interState: fc.boolean(),
      })
      .map(({ taxable, taxBasisPoints, tdsBasisPoints, interState }) => {
        const gst = Math.round((taxable * taxBasisPoints) / 10_000);
        const tds = Math.floor((taxable * tdsBasisPoints) / 10_000);
        const cgst = interState ? 0 : Math.floor(gst / 2);
        return {
          taxable,
          cgstAmount: cgst,
          sgstAmount: interState ? 0 : gst - cgst,
          igstAmount: interState ? gst : 0,
          tdsDeducted: tds,
          totalAmount: taxable + gst - tds,
        };
      });
    fc.assert(
      fc.property(order, fc.double({ min: 0, max: 1, noNaN: true }), (figures, fraction) => {
        const amount = Math.floor(figures.totalAmount * fraction);
        const note = creditNoteFigures(figures, amount);
        const gst = note.cgstAmount + note.sgstAmount + note.igstAmount;
        expect(note.taxable + gst - note.tdsDeducted).toBe(amount);
        expect(Math.min(note.taxable, gst, note.tdsDeducted)).toBeGreaterThanOrEqual(0);
        if (figures.igstAmount === 0) expect(note.igstAmount).toBe(0);
      }),
    );
  });
});
