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

/** A PAN's 4th letter, its holder type (P a person, C a company, F a firm, and so on). */
const PAN_HOLDER_TYPES = 'PCHFATBLJGK';
const panPattern = new RegExp(`^[A-Z]{3}[${PAN_HOLDER_TYPES}][A-Z]([0-9]{4})[A-Z]$`);

/** Upper case only. The serial 0000 is invalid; the last (check) letter is not verified. */
export function isValidPan(pan: string): boolean {
  const serial = panPattern.exec(pan)?.[1];
  return serial !== undefined && serial !== '0000';
}

const gstinPattern = /^(\d{2})([A-Z0-9]{10})[1-9A-Z]Z[0-9A-Z]$/;
const gstinAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function isGstinStateCode(code: number): boolean {
  return (code >= 1 && code <= 38) || code === 97 || code === 99;
}

function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  [...first14].forEach((char, index) => {
    const product = gstinAlphabet.indexOf(char) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  });
  return gstinAlphabet.charAt((36 - (sum % 36)) % 36);
}

/** Upper case only: state code, PAN, entity character, 'Z', check character. */
export function isValidGstin(gstin: string): boolean {
  const match = gstinPattern.exec(gstin);
  if (!match) return false;
  const [, stateCode = '', pan = ''] = match;
  return (
    isGstinStateCode(Number(stateCode)) &&
    isValidPan(pan) &&
    gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14)
  );
}

const GSTIN_EXAMPLE = '27AAPFU0939F1ZV';

/**
 * What is wrong with a GSTIN (upper case), as a sentence the buyer can act on, or null when
 * isValidGstin accepts it. Web and API say the same words (decisions 0085, 0097): the length, a
 * state code that does not exist, the PAN's holder type or serial 0000, the entity character 0,
 * the 14th character that is not Z, else the shape, else the check character, the usual
 * one-character typo.
 */
export function gstinProblem(gstin: string): string | null {
  if (isValidGstin(gstin)) return null;
  if (gstin.length !== 15) {
    return `A GSTIN has 15 characters; this one has ${gstin.length} (for example ${GSTIN_EXAMPLE}).`;
  }
  const stateCode = gstin.slice(0, 2);
  if (/^\d\d$/.test(stateCode) && !isGstinStateCode(Number(stateCode))) {
    return `The GSTIN starts with ${stateCode}, which is no state code (they run 01 to 38, 97 and 99).`;
  }
  const pan = gstin.slice(2, 12);
  if (/^\d\d[A-Z]{5}\d{4}[A-Z][0-9A-Z]{3}$/.test(gstin)) {
    if (!PAN_HOLDER_TYPES.includes(pan.charAt(3))) {
      return `The PAN in a GSTIN (its characters 3 to 12) has a holder type as its 4th letter, one of ${[...PAN_HOLDER_TYPES].join(', ')}; this one has ${pan.charAt(3)}.`;
    }
    if (pan.slice(5, 9) === '0000') {
      return 'The PAN in this GSTIN (its characters 3 to 12) has the serial 0000, which no PAN has: please check the GSTIN.';
    }
    if (gstin.charAt(12) === '0') {
      return "The 13th character of a GSTIN (the entity's number under the PAN) is 1 to 9 or a letter, not 0.";
    }
    if (gstin.charAt(13) !== 'Z') {
      return `The 14th character of a GSTIN is the letter Z; this one has ${gstin.charAt(13)}.`;
    }
  }
  if (!gstinPattern.test(gstin) || !isValidPan(pan)) {
    return (
      `Enter the GSTIN in its shape: the 2-digit state code, the 10-character PAN, the entity ` +
      `character, Z and the check character (for example ${GSTIN_EXAMPLE}).`
    );
  }
  return 'The last character (the check character) does not match: please check the GSTIN for a typo.';
}

/**
 * What is wrong with a person's name (trimmed) beyond its length, or null: letters of any script
 * (with their marks and joiners), spaces, dots, apostrophes and hyphens only, at least one letter
 * ("Dr. A.P.J. Abdul Kalam", "D'Souza Maria", "राम कुमार"; never "Ravi123" or "<script>").
 */
export function personNameProblem(name: string): string | null {
  return /^[\p{L}\p{M}\p{Zs}.'’\u200C\u200D-]*$/u.test(name) && /\p{L}/u.test(name)
    ? null
    : 'A name has letters, spaces, dots, apostrophes and hyphens only.';
}

/**
 * What is wrong with a company's name beyond its length, or null: digits, "&" and the like are
 * a company's ("24x7 Services & Co. Pvt Ltd"); only < and > are refused, markup's characters.
 */
export function companyNameProblem(name: string): string | null {
  return /[<>]/.test(name) ? 'A company name cannot have < or >.' : null;
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
