import { describe, expect, it } from 'vitest';
import { patternCategories } from './categories';
import { categoryGuides } from './category-guides';
import { classify, matchingCategories } from './classifier';

describe('categoryGuides', () => {
  it('has a guide for every category but All', () => {
    expect(Object.keys(categoryGuides).sort()).toEqual(
      patternCategories.map((category) => category.slug).sort(),
    );
  });

  it("gives each category an example that fits the category's rule", () => {
    for (const [slug, { example }] of Object.entries(categoryGuides)) {
      const digits = example.replace(/ /g, '');
      expect(digits, slug).toMatch(/^[6-9]\d{9}$/);
      expect(matchingCategories(digits), `${slug}: ${example}`).toContain(slug);
    }
  });

  /**
   * Categories no number has as its primary category, so their guide's example is primary
   * elsewhere (its own number page names that one), with the reason.
   */
  const neverPrimary: Partial<Record<string, string>> = {
    'two-digit-numbers':
      'every mobile number of exactly two different digits meets an earlier rule of domain.md §1 ' +
      '(a run of three or more, a mirror, a repeated block): the test below tries all 18,396',
  };

  it('gives each category an example whose primary category is its own, but those that can have none', () => {
    for (const [slug, { example }] of Object.entries(categoryGuides)) {
      if (neverPrimary[slug]) continue;
      expect(classify(example.replace(/ /g, '')).category, `${slug}: ${example}`).toBe(slug);
    }
  });

  it('finds no mobile number of exactly two different digits whose primary category is Two Digit', () => {
    let tried = 0;
    for (let low = 0; low < 10; low++) {
      for (let high = low + 1; high < 10; high++) {
        // Each of the 10 places takes the low or the high digit; both digits appear.
        for (let mask = 1; mask < 1023; mask++) {
          const digits = [...Array(10).keys()]
            .map((place) => ((mask >> (9 - place)) & 1 ? high : low))
            .join('');
          if (!/^[6-9]/.test(digits)) continue;
          tried++;
          expect(classify(digits).category, digits).not.toBe('two-digit-numbers');
        }
      }
    }
    expect(tried).toBe(18_396);
  });
});
