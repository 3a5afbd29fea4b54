import { z } from 'zod';

/**
 * Lets through only the plain digits (and, with `decimals`, paise after a point) a link writes, so
 * that the range check can name a minus: a coerced number would also read "1e2", "0x10" and
 * "Infinity".
 */
export const plainDigits = <T extends z.ZodType>(schema: T, decimals = false) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const digits = decimals ? /^-?\d+(?:\.\d{1,2})?$/ : /^-?\d+$/;
    return digits.test(value.trim()) ? value : Number.NaN;
  }, schema);

/**
 * A query parameter's or path's whole number from `min` to `max`: every refusal (a word, a
 * decimal, a value out of range, the parameter given twice) says what it takes, in the store's
 * words, or in `takes` where a range would say nothing useful (an id).
 */
export const wholeNumber = (
  min: number,
  max: number,
  takes = `must be a whole number from ${min} to ${max}`,
) => plainDigits(z.coerce.number(takes).int(takes).min(min, takes).max(max, takes));
