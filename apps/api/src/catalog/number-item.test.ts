import { classify } from '@store/domain';
import { describe, expect, it } from 'vitest';
import { displayNumber, toNumberItem, type NumberRow } from './number-item';

const row = (number: string, overrides: Partial<NumberRow> = {}): NumberRow => ({
  id: 1,
  number,
  basePrice: 10_000_00,
  finalPrice: 10_000_00,
  category: classify(number).category,
  digitSum: 0,
  mid: 0,
  total: 0,
  ...overrides,
});

describe('displayNumber', () => {
  it('groups the ten digits five and five', () => {
    expect(displayNumber('9876543210')).toBe('98765 43210');
  });
});

describe('toNumberItem', () => {
  it('maps paise to rupees and names the category', () => {
    const item = toNumberItem(row('9876598765', { basePrice: 50_000_50, finalPrice: 45_000_25 }));
    expect(item.pricing).toEqual({
      nwFinalPrice: 45_000.25,
      nwBasePrice: 50_000.5,
      discountPercent: 10,
    });
    expect(item.category).toEqual({ slug: 'mirror-numbers', name: 'Mirror Numbers' });
    expect(item.display).toBe('98765 98765');
  });

  it('highlights the digits that make the category, as the classifier does', () => {
    for (const number of [
      '9786012345',
      '9812341234',
      '9811223344',
      '9060481010',
      '9876543210',
      '6824628194',
    ]) {
      expect(toNumberItem(row(number)).spans, number).toEqual(classify(number).spans);
    }
  });

  it('highlights nothing when the stored category no longer matches', () => {
    expect(toNumberItem(row('6824628194', { category: 'mirror-numbers' })).spans).toEqual([]);
    expect(toNumberItem(row('6824628194', { category: 'retired-category' })).category).toEqual({
      slug: 'retired-category',
      name: 'retired-category',
    });
  });
});
