import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  formatInr,
  formatInrWithPaise,
  parseRupees,
  rupeesText,
  toPaise,
  toRupees,
} from './money';

describe('toPaise', () => {
  it.each([
    [0, 0],
    [1600, 160000],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1599.99, 159999],
    [0.004, 0],
  ])('%d rupees -> %d paise', (rupees, paise) => {
    expect(toPaise(rupees)).toBe(paise);
  });

  it.each([NaN, Infinity, -Infinity])('rejects %d', (rupees) => {
    expect(() => toPaise(rupees)).toThrow(RangeError);
  });
});

describe('toRupees', () => {
  it('divides by 100', () => {
    expect(toRupees(1999)).toBe(19.99);
    expect(toRupees(0)).toBe(0);
    expect(toRupees(188800)).toBe(1888);
  });
});

describe('rupeesText', () => {
  it('writes paise as rupees with exactly two decimals, a minus sign before a negative amount', () => {
    expect(rupeesText(123450)).toBe('1234.50');
    expect(rupeesText(5)).toBe('0.05');
    expect(rupeesText(0)).toBe('0.00');
    expect(rupeesText(-1)).toBe('-0.01');
    expect(rupeesText(-2_00_00_000_00)).toBe('-20000000.00');
  });
});

describe('formatInr', () => {
  it.each([
    [0, '₹0'],
    [5, '₹5'],
    [999, '₹999'],
    [1000, '₹1,000'],
    [1234.5, '₹1,234.50'],
    [123456, '₹1,23,456'],
    [1234567.89, '₹12,34,567.89'],
    [10000000, '₹1,00,00,000'],
    [0.05, '₹0.05'],
    [19.99, '₹19.99'],
    [-1234.5, '-₹1,234.50'],
  ])('%d -> %s', (rupees, text) => {
    expect(formatInr(rupees)).toBe(text);
  });
});

describe('formatInrWithPaise', () => {
  it.each([
    [0, '₹0.00'],
    [9000, '₹90.00'],
    [9001, '₹90.01'],
    [5, '₹0.05'],
    [1_00_000_00, '₹1,00,000.00'],
    [1_17_99_999_41, '₹1,17,99,999.41'],
    [-300, '-₹3.00'],
    [-1, '-₹0.01'],
  ])('%d paise -> %s', (paise, text) => {
    expect(formatInrWithPaise(paise)).toBe(text);
  });
});

describe('parseRupees', () => {
  it.each([
    ['25000', 25_000_00],
    ['1,25,000', 1_25_000_00],
    ['1,23,45,678', 1_23_45_678_00],
    ['125,000', 125_000_00],
    ['1,250,000', 1_250_000_00],
    [' 4999.5 ', 4_999_50],
    ['1,25,000.75', 1_25_000_75],
    ['₹1,25,000', 1_25_000_00],
    ['Rs. 5000', 5_000_00],
    ['INR 1400', 1_400_00],
    ['1,50,000/-', 1_50_000_00],
    ['Rs. 1,50,000/-', 1_50_000_00],
    ['₹1,50,000 /-', 1_50_000_00],
    ['25000 / -', 25_000_00],
  ])('%j -> %d paise', (text, paise) => {
    expect(parseRupees(text)).toEqual({ paise });
  });

  it.each([
    ['', 'is missing'],
    ['9.82E+09', 'is in scientific notation (9.82E+09): format the column as a plain number'],
    ['1.5e5', 'is in scientific notation (1.5e5): format the column as a plain number'],
    ['0', 'must be more than 0'],
    ['0.00', 'must be more than 0'],
    ['-5000', 'must be more than 0'],
    ['12,5,000', 'is not an amount in rupees (12,5,000): write e.g. 25000 or 1,25,000'],
    ['1,2345', 'is not an amount in rupees (1,2345): write e.g. 25000 or 1,25,000'],
    ['25000.123', 'is not an amount in rupees (25000.123): write e.g. 25000 or 1,25,000'],
    ['five thousand', 'is not an amount in rupees (fivethousand): write e.g. 25000 or 1,25,000'],
    ['3,00,00,000', 'must be at most 2,00,00,000 rupees'],
    ['1.500,00', 'is not an amount in rupees (1.500,00): write e.g. 25000 or 1,25,000'],
    ['/-', 'is not an amount in rupees (/-): write e.g. 25000 or 1,25,000'],
    ['1,50,000/-/-', 'is not an amount in rupees (1,50,000/-/-): write e.g. 25000 or 1,25,000'],
    ['1,50,000-', 'is not an amount in rupees (1,50,000-): write e.g. 25000 or 1,25,000'],
    ['-5000/-', 'must be more than 0'],
    [
      '?1,25,000',
      'lost its ₹ sign (?1,25,000): the file was not saved as CSV UTF-8. Save it as "CSV UTF-8", or write prices without ₹',
    ],
    [
      '\uFFFD25000',
      'lost its ₹ sign (\uFFFD25000): the file was not saved as CSV UTF-8. Save it as "CSV UTF-8", or write prices without ₹',
    ],
  ])('refuses %j: %s', (text, problem) => {
    expect(parseRupees(text)).toEqual({ problem });
  });
});

describe('discountPercent', () => {
  it('is the whole percent off the list price, 0 when not on offer', () => {
    expect(discountPercent(10_000_00, 8_000_00)).toBe(20);
    expect(discountPercent(9_999_00, 7_999_00)).toBe(20);
    expect(discountPercent(10_000_00, 10_000_00)).toBe(0);
    expect(discountPercent(10_000_00, 11_000_00)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });

  it('rounds down: an offer never claims more than it gives', () => {
    expect(discountPercent(1_600_00, 1_400_00)).toBe(12);
    expect(discountPercent(3_000_00, 1_000_00)).toBe(66);
  });

  it('is 0 for an offer under 1% (a paisa off ₹5,000 is not "1% off"), at most 100', () => {
    expect(discountPercent(5_000_00, 4_999_99)).toBe(0);
    expect(discountPercent(10_000_00, 9_990_01)).toBe(0);
    expect(discountPercent(10_000_00, 9_900_00)).toBe(1);
    expect(discountPercent(10_000_00, 0)).toBe(100);
  });
});
