import { describe, expect, it } from 'vitest';
import { patternCategories } from './categories';
import { categoryGuides } from './category-guides';
import { matchingCategories } from './classifier';

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
});
