/** A page's robots tag as React Router writes it, its words captured. */
export const ROBOTS_TAG = /<meta name="robots" content="([^"]*)"\/>/;

/**
 * The words of a page's robots tag when they keep it out of search results, for its
 * X-Robots-Tag: a noindex page's header says what its tag says (decision 0092). Undefined for a
 * page that may be indexed or has no tag.
 */
export function noIndexWords(html: string): string | undefined {
  const words = ROBOTS_TAG.exec(html)?.[1];
  return words?.startsWith('noindex') ? words : undefined;
}
