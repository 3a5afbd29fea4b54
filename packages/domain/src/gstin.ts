// A PAN and a GSTIN (domain.md §6), apart from validators.ts, which every page's shell loads:
// only the account and billing forms, in lazy chunks, check them (decision 0097).

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
