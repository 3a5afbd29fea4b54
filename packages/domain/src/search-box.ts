// What the search box tells a visitor, apart from the phrase parser (search-phrase.ts) so that a
// page showing the box does not carry the parser's word lists (the package has no side effects).

/** Longer input is cut at the last space before this many characters, with a note. */
export const MAX_PHRASE_LENGTH = 200;

/**
 * Phrases the search box offers as examples; each finds numbers in the demo stock (a test of
 * the API says so), so the first thing a visitor tries is never an empty page.
 */
export const SEARCH_PHRASE_EXAMPLES = [
  'ending 786 under 1 lakh',
  'mirror',
  'starting 98 total 9',
  '7 ka total',
] as const;
