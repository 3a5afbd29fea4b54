export interface Category {
  name: string;
  slug: CategorySlug;
}

// Spec §3, in the spec's order. Each slug is the lower-case name with spaces turned into hyphens.
const categoryList = [
  { name: 'All', slug: 'all' },
  { name: 'Without 248 Numbers', slug: 'without-248-numbers' },
  { name: 'Mirror Numbers', slug: 'mirror-numbers' },
  { name: 'Semi Mirror Numbers', slug: 'semi-mirror-numbers' },
  { name: 'Two Digit Numbers', slug: 'two-digit-numbers' },
  { name: 'Three Digit Numbers', slug: 'three-digit-numbers' },
  { name: 'Counting Numbers', slug: 'counting-numbers' },
  { name: '786 Numbers', slug: '786-numbers' },
  { name: '108 Numbers', slug: '108-numbers' },
  { name: 'Doubling Numbers', slug: 'doubling-numbers' },
  { name: 'AB AB XY XY Numbers', slug: 'ab-ab-xy-xy-numbers' },
  { name: 'AB AB AB Numbers', slug: 'ab-ab-ab-numbers' },
  { name: 'Start AB AB Numbers', slug: 'start-ab-ab-numbers' },
  { name: 'Middle AB AB Numbers', slug: 'middle-ab-ab-numbers' },
  { name: 'Ending AB AB Numbers', slug: 'ending-ab-ab-numbers' },
  { name: 'ABC ABC ABC Numbers', slug: 'abc-abc-abc-numbers' },
  { name: 'ABC ABC Numbers', slug: 'abc-abc-numbers' },
  { name: 'AAA BBB Numbers', slug: 'aaa-bbb-numbers' },
  { name: 'Triple', slug: 'triple' },
  { name: 'Tetra', slug: 'tetra' },
  { name: 'Penta', slug: 'penta' },
  { name: 'Hexa', slug: 'hexa' },
  { name: 'Septa', slug: 'septa' },
  { name: 'Octa', slug: 'octa' },
  { name: 'Unique Numbers', slug: 'unique-numbers' },
] as const;

export type CategorySlug = (typeof categoryList)[number]['slug'];

export const categories: readonly Category[] = categoryList;

const categorySlugs: ReadonlySet<string> = new Set(categories.map((category) => category.slug));

export function isCategorySlug(s: string): s is CategorySlug {
  return categorySlugs.has(s);
}

export function findCategory(slug: string): Category | undefined {
  return categories.find((category) => category.slug === slug);
}

/** A category that filters: every one but All. */
export type PatternCategory = Category & { slug: Exclude<CategorySlug, 'all'> };

/** Every category but All, in the spec's order. */
export const patternCategories: readonly PatternCategory[] = categories.filter(
  (category): category is PatternCategory => category.slug !== 'all',
);

const patternCategoriesBySlug: ReadonlyMap<string, PatternCategory> = new Map(
  patternCategories.map((category) => [category.slug, category]),
);

/**
 * The category an address names in its `category` query value (`?category=Mirror-Numbers`):
 * trimmed, any case; undefined for none, an unknown one, and `all` (which filters nothing).
 * The listing, the listing pages' metadata and the server that picks a category's served page
 * all read the address this one way.
 */
export function categoryFromQuery(value: string | null | undefined): PatternCategory | undefined {
  return patternCategoriesBySlug.get(value?.trim().toLowerCase() ?? '');
}
