import type { CategorySlug } from './categories';
import { rules, type Span } from './category-rules';

export interface Classification {
  category: CategorySlug;
  /** The digits that made the match, for highlighting; empty for Unique Numbers. */
  spans: Span[];
}

function assertMobile(number: string): void {
  if (!/^[6-9]\d{9}$/.test(number)) {
    throw new Error(
      `Not a valid Indian mobile number: "${number}" (need 10 digits starting 6 to 9)`,
    );
  }
}

/** The primary category of a mobile number: the first rule of domain.md §1 that matches. */
export function classify(number: string): Classification {
  assertMobile(number);
  for (const rule of rules) {
    const spans = rule.match(number);
    if (spans) return { category: rule.slug, spans };
  }
  return { category: 'unique-numbers', spans: [] };
}

/** Every category whose rule matches, primary first (for "also matches" chips). */
export function matchingCategories(number: string): CategorySlug[] {
  assertMobile(number);
  const slugs = rules.filter((rule) => rule.match(number)).map((rule) => rule.slug);
  return slugs.length > 0 ? slugs : ['unique-numbers'];
}
