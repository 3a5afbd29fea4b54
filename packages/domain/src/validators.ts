import { SCIENTIFIC_NOTATION } from './money';

const mobilePattern = /^(?:\+91|91|0)?([6-9]\d{9})$/;

/**
 * Strips spaces and hyphens and a leading +91 or 91 (on 12 digits) or 0 (on 11 digits).
 * Returns the 10-digit number, or null when what is left is not an Indian mobile number.
 */
export function normalizeMobile(input: string): string | null {
  return mobilePattern.exec(input.replace(/[\s-]/g, ''))?.[1] ?? null;
}

/** A mobile number as typed, shown as the store writes one (`98765 43210`); else as typed. */
export function displayMobile(input: string): string {
  const digits = normalizeMobile(input);
  return digits ? `${digits.slice(0, 5)} ${digits.slice(5)}` : input.trim();
}

/** The store's own line as the site and the e-mails write it: '9222000000' -> '+91 92220 00000'. */
export function displayPhone(input: string): string {
  return `+91 ${displayMobile(input)}`;
}

export function isValidMobile(input: string): boolean {
  return normalizeMobile(input) !== null;
}

/**
 * What is wrong with a mobile number as written (a leading +91, 91 or 0, spaces and hyphens are
 * fine), in words, or null when normalizeMobile accepts it.
 */
export function mobileNumberProblem(input: string): string | null {
  if (normalizeMobile(input) !== null) return null;
  const compact = input.replace(/[\s-]/g, '');
  if (compact === '') return 'is missing';
  if (SCIENTIFIC_NOTATION.test(compact)) {
    return `is in scientific notation (${compact}), which lost its digits: format the number column as text and export again`;
  }
  const digits = compact.replace(/^(?:\+91|91(?=\d{10}$)|0(?=\d{10}$))/, '');
  if (!/^\d+$/.test(digits)) return 'must be digits only';
  if (digits.length !== 10) return `must have 10 digits (it has ${digits.length})`;
  return 'must start with 6, 7, 8 or 9';
}
