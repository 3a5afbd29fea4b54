import { toPaise, toRupees } from './money';

/**
 * GST on a number (domain.md §5): the spec's taxPercent. Within the store's state it is split
 * into two equal halves, CGST and SGST (9 each); to another state it is IGST, whole (decision
 * 0015). The one definition; the cart, checkout and the guest cart in the browser all take it
 * from here.
 */
export const GST_PERCENT = 18;

/** Cart amounts (paise from priceCartPaise, rupees from priceCart) and the percents applied. */
export interface CartTotals {
  subtotal: number;
  tdsDeducted: number;
  taxable: number;
  taxAmount: number;
  cgstAmount: number;
  sgstAmount: number;
  igstAmount: number;
  totalAmount: number;
  taxPercent: number;
  tdsPercent: number;
}

export interface CartRates {
  /** CGST + SGST, default GST_PERCENT. */
  taxPercent?: number;
  /** Deducted by a Corporate buyer; a server-side value, default 0. */
  tdsPercent?: number;
  /** The place of supply is another state than the store's: IGST instead of CGST + SGST. */
  interState?: boolean;
}

/** The tax by kind: IGST whole to another state, else CGST + SGST with CGST the lower half. */
export function splitGst(
  taxAmount: number,
  interState = false,
): { cgstAmount: number; sgstAmount: number; igstAmount: number } {
  if (interState) return { cgstAmount: 0, sgstAmount: 0, igstAmount: taxAmount };
  const cgstAmount = Math.floor(taxAmount / 2);
  return { cgstAmount, sgstAmount: taxAmount - cgstAmount, igstAmount: 0 };
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

function subtotalOf(itemPaise: readonly number[]): number {
  for (const paise of itemPaise) {
    if (!Number.isSafeInteger(paise) || paise < 0) {
      throw new RangeError(`An item price must be a whole, non-negative number of paise: ${paise}`);
    }
  }
  return itemPaise.reduce((sum, paise) => sum + paise, 0);
}

/**
 * The guest cart, spec §5 word for word: tds = subtotal × tds%; taxable = subtotal − tds;
 * tax = taxable × tax%; total = taxable + tax. Each percentage is rounded half up to the paisa.
 * A guest has no TDS, so this agrees with priceSignedInCartPaise.
 */
export function priceCartPaise(
  itemPaise: readonly number[],
  { taxPercent = GST_PERCENT, tdsPercent = 0, interState = false }: CartRates = {},
): CartTotals {
  const subtotal = subtotalOf(itemPaise);
  const tdsDeducted = percentOf(subtotal, toBasisPoints(tdsPercent, 'tdsPercent'));
  const taxable = subtotal - tdsDeducted;
  const taxAmount = percentOf(taxable, toBasisPoints(taxPercent, 'taxPercent'));
  return {
    subtotal,
    tdsDeducted,
    taxable,
    taxAmount,
    ...splitGst(taxAmount, interState),
    totalAmount: taxable + taxAmount,
    taxPercent,
    tdsPercent,
  };
}

/**
 * Signed-in carts and orders, as the law has it (decision 0015): GST on the full taxable value
 * (the subtotal); the buyer deducts TDS on the value before GST; total = subtotal + GST − TDS,
 * which is what the buyer pays.
 */
export function priceSignedInCartPaise(
  itemPaise: readonly number[],
  { taxPercent = GST_PERCENT, tdsPercent = 0, interState = false }: CartRates = {},
): CartTotals {
  const subtotal = subtotalOf(itemPaise);
  const tdsDeducted = percentOf(subtotal, toBasisPoints(tdsPercent, 'tdsPercent'));
  const taxAmount = percentOf(subtotal, toBasisPoints(taxPercent, 'taxPercent'));
  return {
    subtotal,
    tdsDeducted,
    taxable: subtotal,
    taxAmount,
    ...splitGst(taxAmount, interState),
    totalAmount: subtotal + taxAmount - tdsDeducted,
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
    igstAmount: toRupees(totals.igstAmount),
    totalAmount: toRupees(totals.totalAmount),
    taxPercent: totals.taxPercent,
    tdsPercent: totals.tdsPercent,
  };
}
