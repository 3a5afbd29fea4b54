import { describe, expect, it } from 'vitest';
import { categories, categoryFromQuery, findCategory, isCategorySlug } from './categories';

describe('categories', () => {
  it('lists the 25 categories of spec §3 in order, All first', () => {
    expect(categories.map((category) => category.name)).toEqual([
      'All',
      'Without 248 Numbers',
      'Mirror Numbers',
      'Semi Mirror Numbers',
      'Two Digit Numbers',
      'Three Digit Numbers',
      'Counting Numbers',
      '786 Numbers',
      '108 Numbers',
      'Doubling Numbers',
      'AB AB XY XY Numbers',
      'AB AB AB Numbers',
      'Start AB AB Numbers',
      'Middle AB AB Numbers',
      'Ending AB AB Numbers',
      'ABC ABC ABC Numbers',
      'ABC ABC Numbers',
      'AAA BBB Numbers',
      'Triple',
      'Tetra',
      'Penta',
      'Hexa',
      'Septa',
      'Octa',
      'Unique Numbers',
    ]);
  });

  it('derives each slug from the name: lower case, spaces turned into hyphens', () => {
    for (const { name, slug } of categories) {
      expect(slug).toBe(name.toLowerCase().replaceAll(' ', '-'));
    }
    expect(categories[0]?.slug).toBe('all');
  });

  it('finds a category by slug', () => {
    expect(findCategory('ab-ab-xy-xy-numbers')).toEqual({
      name: 'AB AB XY XY Numbers',
      slug: 'ab-ab-xy-xy-numbers',
    });
    expect(findCategory('786-numbers')?.name).toBe('786 Numbers');
    expect(findCategory('AB AB XY XY Numbers')).toBeUndefined();
  });

  it('recognises slugs', () => {
    expect(isCategorySlug('triple')).toBe(true);
    expect(isCategorySlug('without-248-numbers')).toBe(true);
    expect(isCategorySlug('Triple')).toBe(false);
    expect(isCategorySlug('')).toBe(false);
  });

  it('reads the category an address names, in any case, but not All or an unknown one', () => {
    expect(categoryFromQuery(' Mirror-Numbers ')?.name).toBe('Mirror Numbers');
    expect(categoryFromQuery('786-numbers')?.slug).toBe('786-numbers');
    expect(categoryFromQuery('all')).toBeUndefined();
    expect(categoryFromQuery('__proto__')).toBeUndefined();
    expect(categoryFromQuery('')).toBeUndefined();
    expect(categoryFromQuery(null)).toBeUndefined();
  });
});
