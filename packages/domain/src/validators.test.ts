import { describe, expect, it } from 'vitest';
import {
  companyNameProblem,
  gstinProblem,
  isValidGstin,
  isValidMobile,
  isValidPan,
  mobileNumberProblem,
  displayMobile,
  displayPhone,
  normalizeMobile,
  personNameProblem,
} from './validators';

it("writes the store's line as the site and the e-mails do", () => {
  expect(displayPhone('9222000000')).toBe('+91 92220 00000');
  expect(displayPhone('+91 92220-00000')).toBe('+91 92220 00000');
});

describe('displayMobile', () => {
  it.each([
    ['98765-43042', '98765 43042'],
    ['+91 9876543042', '98765 43042'],
    ['09876543042', '98765 43042'],
    [' 12345 ', '12345'],
  ])('%s -> %s', (input, expected) => {
    expect(displayMobile(input)).toBe(expected);
  });
});

describe('normalizeMobile', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['98765-43210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['6000000000', '6000000000'],
    ['9198765432', '9198765432'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeMobile(input)).toBe(expected);
    expect(isValidMobile(input)).toBe(true);
  });

  it.each([
    '',
    '5876543210',
    '987654321',
    '98765432101',
    '+9876543210',
    '+91 5876543210',
    '0919876543210',
    '00 9876543210',
    '(98765) 43210',
    '98765.43210',
    '98765432a0',
  ])('rejects %j', (input) => {
    expect(normalizeMobile(input)).toBeNull();
    expect(isValidMobile(input)).toBe(false);
  });
});

describe('isValidPan', () => {
  it.each(['AAPFU0939F', 'ABCPE1234F', 'ZZZKZ0001Z'])('accepts %s', (pan) => {
    expect(isValidPan(pan)).toBe(true);
  });

  it.each([
    ['lower case', 'aapfu0939f'],
    ['unknown holder type', 'AAPXU0939F'],
    ['serial 0000', 'AAPFU0000F'],
    ['too short', 'AAPFU0939'],
    ['digit where a letter belongs', 'AAPF10939F'],
    ['letter where a digit belongs', 'AAPFU09A9F'],
  ])('rejects %s', (_reason, pan) => {
    expect(isValidPan(pan)).toBe(false);
  });
});

describe('isValidGstin', () => {
  it('accepts a GSTIN whose check character matches', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
  });

  it.each([
    ['wrong check character', '27AAPFU0939F1ZO'],
    ['serial 0000 and a wrong check character', '22AAAAA0000A1Z5'],
    ['lower case', '27aapfu0939f1zv'],
    ['state code 00', '00AAPFU0939F1ZV'],
    ['state code 39', '39AAPFU0939F1ZV'],
    ['no Z in the 14th place', '27AAPFU0939F1YV'],
    ['entity character 0', '27AAPFU0939F0ZV'],
    ['too short', '27AAPFU0939F1Z'],
  ])('rejects %s', (_reason, gstin) => {
    expect(isValidGstin(gstin)).toBe(false);
  });

  it('accepts the special state codes 97 and 99 and rejects a PAN that fails', () => {
    // From 27AAPFU0939F1ZV (sum 221): "97" adds 9 + 14 = 23 instead of 2 + 14 = 16, so the sum
    // is 228, 228 mod 36 = 12 and the check is 24 = O. "99" adds 9 + 18: sum 232, check 20 = K.
    expect(isValidGstin('97AAPFU0939F1ZO')).toBe(true);
    expect(isValidGstin('99AAPFU0939F1ZK')).toBe(true);
    expect(isValidGstin('27AAPXU0939F1ZZ')).toBe(false);
  });
});

describe('gstinProblem', () => {
  it('finds nothing wrong with a valid GSTIN', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('99AAPFU0939F1ZK')).toBeNull();
  });

  it.each([
    [
      '27AAPFU0939F1ZO',
      'The last character (the check character) does not match: please check the GSTIN for a typo.',
    ],
    ['27AAPFU0939F1Z', 'A GSTIN has 15 characters; this one has 14 (for example 27AAPFU0939F1ZV).'],
    [
      '27AAPFU0939F1ZVV',
      'A GSTIN has 15 characters; this one has 16 (for example 27AAPFU0939F1ZV).',
    ],
    [
      '39AAPFU0939F1ZV',
      'The GSTIN starts with 39, which is no state code (they run 01 to 38, 97 and 99).',
    ],
    [
      '00AAPFU0939F1ZV',
      'The GSTIN starts with 00, which is no state code (they run 01 to 38, 97 and 99).',
    ],
    [
      '96AAPFU0939F1ZV',
      'The GSTIN starts with 96, which is no state code (they run 01 to 38, 97 and 99).',
    ],
  ])('%s: %s', (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });

  it.each([
    [
      '27AAPXU0939F1ZV',
      'The PAN in a GSTIN (its characters 3 to 12) has a holder type as its 4th letter, one of P, C, H, F, A, T, B, L, J, G, K; this one has X.',
    ],
    [
      '27AAPFU0000F1ZJ',
      'The PAN in this GSTIN (its characters 3 to 12) has the serial 0000, which no PAN has: please check the GSTIN.',
    ],
    [
      '22AAAAA0000A1Z5',
      'The PAN in this GSTIN (its characters 3 to 12) has the serial 0000, which no PAN has: please check the GSTIN.',
    ],
    [
      '27AAPFU0939F0ZV',
      "The 13th character of a GSTIN (the entity's number under the PAN) is 1 to 9 or a letter, not 0.",
    ],
    ['27AAPFU0939F1YV', 'The 14th character of a GSTIN is the letter Z; this one has Y.'],
  ])('names the part of %s that is wrong', (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });

  it.each([
    ['letters for the state code', 'MHAAPFU0939F1ZV'],
    ['lower case', '27aapfu0939f1zv'],
    ["digits in the PAN's letters", '27AAP1U0939F1ZV'],
  ])('names the shape for %s', (_what, gstin) => {
    expect(gstinProblem(gstin)).toMatch(/^Enter the GSTIN in its shape: the 2-digit state code/);
  });
});

describe('personNameProblem', () => {
  it.each([
    'Dr. A.P.J. Abdul Kalam',
    "D'Souza Maria",
    'D’Souza Maria',
    'राम कुमार',
    'Ñandini Iyer',
    'Anne-Marie',
    'സ്‌നേഹ',
  ])('accepts %s', (name) => {
    expect(personNameProblem(name)).toBeNull();
  });

  it.each([
    'Ravi123',
    '<script>',
    'Ravi {Kumar}',
    'a[1]',
    'x\\y',
    'a|b',
    'a^b',
    'a~b',
    'a`b',
    'a=b',
    '..',
    "-'-",
  ])('refuses %s', (name) => {
    expect(personNameProblem(name)).toBe(
      'A name has letters, spaces, dots, apostrophes and hyphens only.',
    );
  });
});

describe('companyNameProblem', () => {
  it('accepts digits, & and the like, refuses < and >', () => {
    expect(companyNameProblem('24x7 Services & Co. Pvt Ltd')).toBeNull();
    expect(companyNameProblem('A1 (India) Pvt. Ltd.')).toBeNull();
    expect(companyNameProblem('<b>Acme</b>')).toBe('A company name cannot have < or >.');
  });
});

describe('mobileNumberProblem', () => {
  it.each(['9820098200', '+91 98200 98200', '098200-98200'])('accepts %j', (input) => {
    expect(mobileNumberProblem(input)).toBeNull();
  });

  it.each([
    ['', 'is missing'],
    [
      '9.82E+09',
      'is in scientific notation (9.82E+09), which lost its digits: format the number column as text and export again',
    ],
    ['98200 9820O', 'must be digits only'],
    ['982009820', 'must have 10 digits (it has 9)'],
    ['+91 982009820', 'must have 10 digits (it has 9)'],
    ['98200982001', 'must have 10 digits (it has 11)'],
    ['5820098200', 'must start with 6, 7, 8 or 9'],
    ['+91 5820098200', 'must start with 6, 7, 8 or 9'],
  ])('explains %j: %s', (input, problem) => {
    expect(mobileNumberProblem(input)).toBe(problem);
  });
});
