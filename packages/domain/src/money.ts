/**
 * Rupees to integer paise. Rounds through 15 significant digits first so that float noise
 * (1.005 * 100 = 100.49999999999999) does not change the result.
 */
export function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount of rupees: ${rupees}`);
  return Math.round(Number((rupees * 100).toPrecision(15)));
}

export function toRupees(paise: number): number {
  return paise / 100;
}

/** Paise as plain rupees text with two decimals, exactly: `1234.50`, `-0.05` (CSV, UPI links). */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Indian digit grouping of a string of digits: the last three, then groups of two (1,23,45,678). */
export function groupIndian(digits: string): string {
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}` : lastThree;
}

/**
 * `₹1,00,000.00`, `₹90.01`, `-₹3.00`: paise with two decimals always, as a tax document prints
 * every amount (decision 0097).
 */
export function formatInrWithPaise(paise: number): string {
  const [whole, fraction] = rupeesText(Math.abs(paise)).split('.');
  return `${paise < 0 ? '-' : ''}₹${groupIndian(whole!)}.${fraction!}`;
}

/** `₹1,23,456`, `₹1,234.50`, `₹0`: two decimals only when there are paise. */
export function formatInr(rupees: number): string {
  return formatInrWithPaise(toPaise(rupees)).replace(/\.00$/, '');
}

/**
 * Whole percent off the list price, rounded down so that an offer never claims more than it
 * gives (₹1,600 to ₹1,400 is 12% off, not 13%): 0 when the number is not on offer, and 0 for
 * an offer under 1% (a paisa off ₹5,000 is not "1% off"; decision 0073), which then shows its
 * saving in rupees without a percentage.
 */
export function discountPercent(basePaise: number, finalPaise: number): number {
  if (basePaise <= 0 || finalPaise >= basePaise) return 0;
  return Math.min(100, Math.floor(((basePaise - finalPaise) * 100) / basePaise));
}

/** The largest price a number may have: what fits the database's integer paise, in whole crores. */
export const MAX_PRICE_RUPEES = 2_00_00_000;

/** How a spreadsheet writes a long number it took for a float: `9.82E+09`, `1.25e5`. */
export const SCIENTIFIC_NOTATION = /^[+-]?\d+(?:\.\d+)?e[+-]?\d+$/i;

const plainAmount = /^(?:\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.\d{1,2})?$/;

export type ParsedRupees = { paise: number } | { problem: string };

/**
 * A price as people and spreadsheets write it, in rupees: `25000`, `1,25,000` (Indian
 * grouping), `125,000`, `1250.50`, with an optional `₹`, `Rs` or `INR` in front and an optional
 * `/-` after (Indian price lists' "no paise" mark: `1,50,000/-`). Answers its paise, or the
 * problem in words: missing, scientific notation, not an amount, not above 0, above
 * MAX_PRICE_RUPEES.
 */
export function parseRupees(text: string): ParsedRupees {
  const value = text
    .trim()
    .replace(/^(?:₹|rs\.?|inr)\s*/i, '')
    .replace(/\s+/g, '')
    .replace(/(?<=\d)\/-$/, '');
  if (value === '') return { problem: 'is missing' };
  // Excel's plain "CSV (Comma delimited)" writes a ₹ it cannot encode as "?" (or the file
  // arrives with the replacement character): say why, and how to save it.
  if (/^[?\uFFFD]\s*\d/.test(value)) {
    return {
      problem: `lost its ₹ sign (${value}): the file was not saved as CSV UTF-8. Save it as "CSV UTF-8", or write prices without ₹`,
    };
  }
  if (SCIENTIFIC_NOTATION.test(value)) {
    return {
      problem: `is in scientific notation (${value}): format the column as a plain number`,
    };
  }
  if (/^-\d/.test(value) || /^0+(?:\.0+)?$/.test(value.replace(/,/g, ''))) {
    return { problem: 'must be more than 0' };
  }
  if (!plainAmount.test(value)) {
    return { problem: `is not an amount in rupees (${value}): write e.g. 25000 or 1,25,000` };
  }
  const rupees = Number(value.replace(/,/g, ''));
  if (rupees > MAX_PRICE_RUPEES) {
    return { problem: `must be at most ${groupIndian(String(MAX_PRICE_RUPEES))} rupees` };
  }
  return { paise: toPaise(rupees) };
}
