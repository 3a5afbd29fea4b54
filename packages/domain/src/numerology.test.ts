import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitSum, numerology, totalNotes } from './numerology';

describe('digitSum', () => {
  it('adds the digits of a string or a number', () => {
    expect(digitSum('9876543210')).toBe(45);
    expect(digitSum(9876543210)).toBe(45);
    expect(digitSum('0')).toBe(0);
  });

  it.each(['', '98765 43210', '-5', '1.5'])('rejects %j', (input) => {
    expect(() => digitSum(input)).toThrow(/Not a string of digits/);
  });
});

describe('numerology', () => {
  it.each([
    ['9876543210', { sum: 45, mid: 9, total: 9 }],
    ['9898989895', { sum: 82, mid: 10, total: 1 }],
    ['9999999999', { sum: 90, mid: 9, total: 9 }],
    ['6000000000', { sum: 6, mid: 6, total: 6 }],
    ['9999999991', { sum: 82, mid: 10, total: 1 }],
    ['7000000005', { sum: 12, mid: 3, total: 3 }],
  ])('%s', (number, expected) => {
    expect(numerology(number)).toEqual(expected);
  });

  it('puts the total of every mobile number in 1..9', () => {
    const mobile = fc.stringMatching(/^[6-9]\d{9}$/);
    fc.assert(
      fc.property(mobile, (number) => {
        const { sum, total } = numerology(number);
        expect(total).toBeGreaterThanOrEqual(1);
        expect(total).toBeLessThanOrEqual(9);
        expect(total).toBe(1 + ((sum - 1) % 9));
      }),
    );
  });
});

describe('totalNotes', () => {
  it('has a note for every total a mobile number can have', () => {
    for (let total = 1; total <= 9; total++) expect(totalNotes[total]).toMatch(/^Ruled by /);
    expect(totalNotes[0]).toBeUndefined();
  });
});
