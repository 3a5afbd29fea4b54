import { describe, expect, it } from 'vitest';
import { formatInr, toPaise, toRupees } from './money';

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
