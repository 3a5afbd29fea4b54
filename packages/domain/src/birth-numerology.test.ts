import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  birthMatchScore,
  birthNumbers,
  birthTotals,
  describeReduction,
  parseBirthDate,
  rankBirthMatches,
  type CalendarDate,
} from './birth-numerology';

const today: CalendarDate = { year: 2026, month: 11, day: 22 };

function numbersOf(iso: string) {
  const parsed = parseBirthDate(iso, today);
  if (!('date' in parsed)) throw new Error(parsed.error);
  return birthNumbers(parsed.date);
}

describe('parseBirthDate', () => {
  it.each([
    ['1990-08-29', { year: 1990, month: 8, day: 29 }],
    [' 1985-12-07 ', { year: 1985, month: 12, day: 7 }],
    ['2000-02-29', { year: 2000, month: 2, day: 29 }], // divisible by 400: leap
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['1900-01-01', { year: 1900, month: 1, day: 1 }],
    ['2026-11-22', today], // born today
  ])('accepts %s', (input, date) => {
    expect(parseBirthDate(input, today)).toEqual({ date });
  });

  it('accepts a year, month and day', () => {
    expect(parseBirthDate({ year: 2024, month: 2, day: 29 }, today)).toEqual({
      date: { year: 2024, month: 2, day: 29 },
    });
  });

  it.each([
    ['2023-02-29', '2023-02-29 is not a date: 2023 is not a leap year.'],
    ['1900-02-29', '1900-02-29 is not a date: 1900 is not a leap year.'], // by 100, not 400
    ['2023-04-31', '2023-04-31 is not a date.'],
    ['2023-06-00', '2023-06-00 is not a date.'],
    ['2023-13-01', 'There is no month 13: months run 1 to 12.'],
    ['1899-12-31', 'Enter a year from 1900.'],
    ['2026-11-23', 'A date of birth cannot be in the future.'],
    ['2027-01-01', 'A date of birth cannot be in the future.'],
    ['29-08-1990', 'Enter the date of birth as YYYY-MM-DD, e.g. 1990-08-29.'],
    ['1990-8-29', 'Enter the date of birth as YYYY-MM-DD, e.g. 1990-08-29.'],
    ['', 'Enter the date of birth as YYYY-MM-DD, e.g. 1990-08-29.'],
  ])('refuses %j', (input, error) => {
    expect(parseBirthDate(input, today)).toEqual({ error });
  });

  it('refuses parts that are not whole numbers', () => {
    expect(parseBirthDate({ year: 1990, month: 8.5, day: 1 }, today)).toEqual({
      error: 'A date of birth is a whole year, month and day.',
    });
  });

  it('agrees with the JavaScript calendar on every day from 1900', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2026 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const real = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
          const future = year * 10_000 + month * 100 + day > 20261122;
          expect('date' in parseBirthDate({ year, month, day }, today)).toBe(real && !future);
        },
      ),
    );
  });
});

describe('birthNumbers', () => {
  it('reduces the day to the mulank and DDMMYYYY to the bhagyank, both twice when needed', () => {
    const { mulank, bhagyank } = numbersOf('1990-08-29');
    expect(mulank).toEqual({
      value: 2,
      steps: [
        { digits: [2, 9], sum: 11 },
        { digits: [1, 1], sum: 2 },
      ],
    });
    expect(describeReduction(mulank)).toBe('2 + 9 = 11, 1 + 1 = 2');
    // 2+9+0+8+1+9+9+0 = 38, 3+8 = 11, 1+1 = 2
    expect(bhagyank.value).toBe(2);
    expect(describeReduction(bhagyank)).toBe(
      '2 + 9 + 0 + 8 + 1 + 9 + 9 + 0 = 38, 3 + 8 = 11, 1 + 1 = 2',
    );
  });

  it.each([
    // date, mulank, its steps, bhagyank, its steps
    ['2000-02-29', 2, '2 + 9 = 11, 1 + 1 = 2', 6, '2 + 9 + 0 + 2 + 2 + 0 + 0 + 0 = 15, 1 + 5 = 6'],
    ['2024-02-29', 2, '2 + 9 = 11, 1 + 1 = 2', 3, '2 + 9 + 0 + 2 + 2 + 0 + 2 + 4 = 21, 2 + 1 = 3'],
    // A one-digit day has nothing to add.
    ['1985-12-07', 7, '7', 6, '0 + 7 + 1 + 2 + 1 + 9 + 8 + 5 = 33, 3 + 3 = 6'],
    [
      '1999-09-19',
      1,
      '1 + 9 = 10, 1 + 0 = 1',
      2,
      '1 + 9 + 0 + 9 + 1 + 9 + 9 + 9 = 47, 4 + 7 = 11, 1 + 1 = 2',
    ],
    // A one-digit sum of the whole date: one step.
    ['2001-01-01', 1, '1', 5, '0 + 1 + 0 + 1 + 2 + 0 + 0 + 1 = 5'],
    ['2010-10-10', 1, '1 + 0 = 1', 5, '1 + 0 + 1 + 0 + 2 + 0 + 1 + 0 = 5'],
  ])('%s: mulank %i (%s), bhagyank %i (%s)', (iso, mulank, mulankSteps, bhagyank, steps) => {
    const numbers = numbersOf(iso);
    expect(numbers.mulank.value).toBe(mulank);
    expect(describeReduction(numbers.mulank)).toBe(mulankSteps);
    expect(numbers.bhagyank.value).toBe(bhagyank);
    expect(describeReduction(numbers.bhagyank)).toBe(steps);
  });

  it('always gives 1..9, each step adding the digits of the step before', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2026-11-22'), noInvalidDate: true }),
        (d) => {
          const numbers = birthNumbers({
            year: d.getUTCFullYear(),
            month: d.getUTCMonth() + 1,
            day: d.getUTCDate(),
          });
          for (const { value, steps } of [numbers.mulank, numbers.bhagyank]) {
            expect(value).toBeGreaterThanOrEqual(1);
            expect(value).toBeLessThanOrEqual(9);
            for (const [k, step] of steps.entries()) {
              expect(step.sum).toBe(step.digits.reduce((a, b) => a + b, 0));
              if (k > 0) expect(step.digits.join('')).toBe(String(steps[k - 1]?.sum));
            }
            expect(steps.at(-1)?.sum ?? value).toBe(value);
          }
        },
      ),
    );
  });

  it('refuses a date that is not made of numbers instead of adding its digits forever', () => {
    expect(() => birthNumbers({ year: NaN, month: NaN, day: NaN })).toThrow(RangeError);
  });
});

describe('matching numbers to a birth date', () => {
  const birth = { mulank: 2, bhagyank: 6 };

  it('scores the destiny number above the root number, both highest', () => {
    expect(birthMatchScore(6, birth)).toBe(2);
    expect(birthMatchScore(2, birth)).toBe(1);
    expect(birthMatchScore(5, birth)).toBe(0);
    expect(birthMatchScore(2, { mulank: 2, bhagyank: 2 })).toBe(3);
  });

  it('lists the totals to look for, best first, once each', () => {
    expect(birthTotals(birth)).toEqual([6, 2]);
    expect(birthTotals({ mulank: 2, bhagyank: 2 })).toEqual([2]);
  });

  it('ranks destiny matches first, then root matches, each cheapest first, and drops the rest', () => {
    const items = [
      { number: 'a', total: 2, price: 5_000 },
      { number: 'b', total: 6, price: 9_000 },
      { number: 'c', total: 5, price: 1_000 },
      { number: 'd', total: 6, price: 3_000 },
      { number: 'e', total: 2, price: 2_000 },
    ];
    const ranked = rankBirthMatches(items, birth, (item) => item.price);
    expect(ranked.map((item) => item.number)).toEqual(['d', 'b', 'e', 'a']);
  });
});
