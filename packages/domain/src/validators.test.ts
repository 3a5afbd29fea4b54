import { describe, expect, it } from 'vitest';
import {
  isValidMobile,
  mobileNumberProblem,
  displayMobile,
  displayPhone,
  normalizeMobile,
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
