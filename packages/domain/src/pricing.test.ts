import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPaise } from './money';
import { priceCart, priceCartPaise, priceSignedInCartPaise, splitGst } from './pricing';

const items = (...prices: number[]) => prices.map((priceAtAdd) => ({ priceAtAdd }));

describe('priceCart', () => {
  it('prices one item at the default 18% with no TDS', () => {
    expect(priceCart(items(1600))).toEqual({
      subtotal: 1600,
      tdsDeducted: 0,
      taxable: 1600,
      taxAmount: 288,
      cgstAmount: 144,
      sgstAmount: 144,
      igstAmount: 0,
      totalAmount: 1888,
      taxPercent: 18,
      tdsPercent: 0,
    });
  });

  it('deducts TDS before tax', () => {
    // 159999 paise × 2% = 3199.98 -> 3200; taxable 156799; × 18% = 28223.82 -> 28224.
    expect(priceCart(items(1599.99), { tdsPercent: 2 })).toEqual({
      subtotal: 1599.99,
      tdsDeducted: 32,
      taxable: 1567.99,
      taxAmount: 282.24,
      cgstAmount: 141.12,
      sgstAmount: 141.12,
      igstAmount: 0,
      totalAmount: 1850.23,
      taxPercent: 18,
      tdsPercent: 2,
    });
  });

  it('gives CGST the lower half of an odd paisa', () => {
    // 100005 paise × 18% = 18000.9 -> 18001 = 9000 + 9001.
    expect(priceCart(items(1000.05))).toMatchObject({
      taxAmount: 180.01,
      cgstAmount: 90,
      sgstAmount: 90.01,
      igstAmount: 0,
      totalAmount: 1180.06,
    });
  });

  it('rounds an exact half paisa up, where float arithmetic would round it down', () => {
    // 25 paise × 18% = 4.5 paise exactly (25 * 0.18 is 4.4999... in floats).
    expect(priceCart(items(0.25))).toMatchObject({
      taxAmount: 0.05,
      cgstAmount: 0.02,
      sgstAmount: 0.03,
      igstAmount: 0,
      totalAmount: 0.3,
    });
    // 500 paise × 0.1% = 0.5 paise -> 1; taxable 499 × 18% = 89.82 -> 90.
    expect(priceCart(items(5), { tdsPercent: 0.1 })).toMatchObject({
      tdsDeducted: 0.01,
      taxable: 4.99,
      taxAmount: 0.9,
      cgstAmount: 0.45,
      sgstAmount: 0.45,
      igstAmount: 0,
      totalAmount: 5.89,
    });
  });

  it('sums several items and takes a fractional TDS percent', () => {
    // subtotal 100000 paise; tds 7.5% = 7500; taxable 92500; tax 16650 = 8325 + 8325.
    expect(priceCart(items(400, 350.5, 249.5), { tdsPercent: 7.5 })).toEqual({
      subtotal: 1000,
      tdsDeducted: 75,
      taxable: 925,
      taxAmount: 166.5,
      cgstAmount: 83.25,
      sgstAmount: 83.25,
      igstAmount: 0,
      totalAmount: 1091.5,
      taxPercent: 18,
      tdsPercent: 7.5,
    });
  });

  it('applies another tax percent', () => {
    expect(priceCart(items(1000), { taxPercent: 0 })).toMatchObject({
      taxAmount: 0,
      totalAmount: 1000,
    });
    expect(priceCart(items(1000), { taxPercent: 12 })).toMatchObject({
      taxAmount: 120,
      cgstAmount: 60,
      sgstAmount: 60,
      igstAmount: 0,
      totalAmount: 1120,
    });
  });

  it('prices an empty cart at zero', () => {
    expect(priceCart([])).toEqual({
      subtotal: 0,
      tdsDeducted: 0,
      taxable: 0,
      taxAmount: 0,
      cgstAmount: 0,
      sgstAmount: 0,
      igstAmount: 0,
      totalAmount: 0,
      taxPercent: 18,
      tdsPercent: 0,
    });
  });

  it('rejects bad percents and prices', () => {
    expect(() => priceCart(items(100), { tdsPercent: 0.125 })).toThrow(RangeError);
    expect(() => priceCart(items(100), { taxPercent: -1 })).toThrow(RangeError);
    expect(() => priceCart(items(100), { tdsPercent: 101 })).toThrow(RangeError);
    expect(() => priceCart(items(100), { tdsPercent: NaN })).toThrow(RangeError);
    expect(() => priceCart(items(-1))).toThrow(RangeError);
    expect(() => priceCart(items(NaN))).toThrow(RangeError);
  });
});

describe('priceCartPaise', () => {
  it('works in paise', () => {
    expect(priceCartPaise([160000])).toMatchObject({
      subtotal: 160000,
      taxAmount: 28800,
      cgstAmount: 14400,
      sgstAmount: 14400,
      igstAmount: 0,
      totalAmount: 188800,
    });
  });

  it('rejects fractional paise', () => {
    expect(() => priceCartPaise([1.5])).toThrow(RangeError);
  });
});

describe('place of supply', () => {
  it('charges IGST whole to another state and CGST + SGST within it', () => {
    expect(splitGst(18001)).toEqual({ cgstAmount: 9000, sgstAmount: 9001, igstAmount: 0 });
    expect(splitGst(18001, true)).toEqual({ cgstAmount: 0, sgstAmount: 0, igstAmount: 18001 });
    expect(priceCartPaise([100000], { interState: true })).toMatchObject({
      taxAmount: 18000,
      cgstAmount: 0,
      sgstAmount: 0,
      igstAmount: 18000,
      totalAmount: 118000,
    });
  });
});

describe('priceSignedInCartPaise', () => {
  it('charges GST on the full value and deducts TDS on the value before GST', () => {
    // subtotal 1,25,000.00; GST 18% = 22,500; TDS 2% of 1,25,000 = 2,500; total 1,45,000.
    expect(priceSignedInCartPaise([12_500_000], { tdsPercent: 2 })).toEqual({
      subtotal: 12_500_000,
      tdsDeducted: 250_000,
      taxable: 12_500_000,
      taxAmount: 2_250_000,
      cgstAmount: 1_125_000,
      sgstAmount: 1_125_000,
      igstAmount: 0,
      totalAmount: 14_500_000,
      taxPercent: 18,
      tdsPercent: 2,
    });
  });

  it('splits by place of supply for a Corporate buyer in another state', () => {
    expect(priceSignedInCartPaise([159_999], { tdsPercent: 2, interState: true })).toMatchObject({
      tdsDeducted: 3200,
      taxAmount: 28800,
      igstAmount: 28800,
      cgstAmount: 0,
      totalAmount: 159_999 + 28800 - 3200,
    });
  });

  it('agrees with the guest formula when there is no TDS', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000_000 }), { maxLength: 10 }),
        fc.boolean(),
        (paise, interState) => {
          expect(priceSignedInCartPaise(paise, { interState })).toEqual(
            priceCartPaise(paise, { interState }),
          );
        },
      ),
    );
  });
});

describe('pricing properties', () => {
  const percent = fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100);
  const cartPaise = fc.array(fc.integer({ min: 0, max: 100_000_000 }), { maxLength: 10 });
  const hasAtMostTwoDecimals = (value: number) => Number(value.toFixed(2)) === value;

  it('splits the tax exactly and adds up, in paise', () => {
    fc.assert(
      fc.property(cartPaise, percent, percent, (paise, taxPercent, tdsPercent) => {
        const totals = priceCartPaise(paise, { taxPercent, tdsPercent });
        expect(totals.cgstAmount + totals.sgstAmount).toBe(totals.taxAmount);
        expect(totals.sgstAmount - totals.cgstAmount).toBeGreaterThanOrEqual(0);
        expect(totals.sgstAmount - totals.cgstAmount).toBeLessThanOrEqual(1);
        expect(totals.taxable + totals.tdsDeducted).toBe(totals.subtotal);
        expect(totals.totalAmount).toBe(totals.taxable + totals.taxAmount);
      }),
    );
  });

  it('returns rupees with at most two decimals that match the paise', () => {
    fc.assert(
      fc.property(cartPaise, percent, percent, (paise, taxPercent, tdsPercent) => {
        const rupees = priceCart(
          paise.map((amount) => ({ priceAtAdd: amount / 100 })),
          { taxPercent, tdsPercent },
        );
        const inPaise = priceCartPaise(paise, { taxPercent, tdsPercent });
        for (const key of [
          'subtotal',
          'tdsDeducted',
          'taxable',
          'taxAmount',
          'cgstAmount',
          'sgstAmount',
          'totalAmount',
        ] as const) {
          expect(hasAtMostTwoDecimals(rupees[key])).toBe(true);
          expect(toPaise(rupees[key])).toBe(inPaise[key]);
        }
        expect(toPaise(rupees.cgstAmount) + toPaise(rupees.sgstAmount)).toBe(
          toPaise(rupees.taxAmount),
        );
        expect(toPaise(rupees.totalAmount)).toBe(
          toPaise(rupees.taxable) + toPaise(rupees.taxAmount),
        );
      }),
    );
  });
});
