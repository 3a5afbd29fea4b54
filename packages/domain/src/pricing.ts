import { toPaise, toRupees } from './money';

export const GST_PERCENT = 18;

/** Cart amounts (paise from priceCartPaise, rupees from priceCart) and the percents applied. */
export interface CartTotals {
  subtotal: number;
  tdsDeducted: number;
  taxable: number;
  taxAmount: number;
  cgstAmount: number;
  sgstAmount: number;
  totalAmount: number;
  taxPercent: number;
  tdsPercent: number;
}

export interface CartRates {
  /** CGST + SGST, default 18. */
  taxPercent?: number;
  /** Deducted by a Corporate buyer; a server-side value, default 0. */
  tdsPercent?: number;
}

// Percents carry at most two decimals, so they are exact as integer hundredths of a percent.
function toBasisPoints(percent: number, label: string): number {
  const basisPoints = Math.round(percent * 100);
  if (!(percent >= 0 && percent <= 100) || Math.abs(percent * 100 - basisPoints) > 1e-6) {
    throw new RangeError(`${label} must be 0 to 100 with at most two decimals, got ${percent}`);
  }
  return basisPoints;
}

/** amount × basisPoints / 10000, rounded half up to the paisa, in exact integer arithmetic. */
function percentOf(amountPaise: number, basisPoints: number): number {
  return Number((BigInt(amountPaise) * BigInt(basisPoints) + 5000n) / 10000n);
}

/**
 * Spec §5: tds = subtotal × tds%; taxable = subtotal − tds; tax = taxable × tax%;
 * total = taxable + tax. Each percentage is rounded half up to the paisa, and the tax is split
 * into CGST and SGST halves with CGST taking the lower half of an odd paisa.
 */
export function priceCartPaise(
  itemPaise: readonly number[],
  { taxPercent = 18, tdsPercent = 0 }: CartRates = {},
): CartTotals {
  for (const paise of itemPaise) {
    if (!Number.isSafeInteger(paise) || paise < 0) {
      throw new RangeError(`An item price must be a whole, non-negative number of paise: ${paise}`);
    }
  }
  const subtotal = itemPaise.reduce((sum, paise) => sum + paise, 0);
  const tdsDeducted = percentOf(subtotal, toBasisPoints(tdsPercent, 'tdsPercent'));
  const taxable = subtotal - tdsDeducted;
  const taxAmount = percentOf(taxable, toBasisPoints(taxPercent, 'taxPercent'));
  const cgstAmount = Math.floor(taxAmount / 2);
  return {
    subtotal,
    tdsDeducted,
    taxable,
    taxAmount,
    cgstAmount,
    sgstAmount: taxAmount - cgstAmount,
    totalAmount: taxable + taxAmount,
    taxPercent,
    tdsPercent,
  };
}

/** The guest-cart totals of spec §5, in rupees, for items priced in rupees. */
export function priceCart(
  items: readonly { priceAtAdd: number }[],
  rates: CartRates = {},
): CartTotals {
  const totals = priceCartPaise(
    items.map((item) => toPaise(item.priceAtAdd)),
    rates,
  );
  return {
    subtotal: toRupees(totals.subtotal),
    tdsDeducted: toRupees(totals.tdsDeducted),
    taxable: toRupees(totals.taxable),
    taxAmount: toRupees(totals.taxAmount),
    cgstAmount: toRupees(totals.cgstAmount),
    sgstAmount: toRupees(totals.sgstAmount),
    totalAmount: toRupees(totals.totalAmount),
    taxPercent: totals.taxPercent,
    tdsPercent: totals.tdsPercent,
  };
}
