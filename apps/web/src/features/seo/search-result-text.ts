/** What search results show of a page: its document title and its description, whole. */
import { siteConfig } from '../../lib/site-config';

/** Separator between a page title and the store name in <title>. */
const TITLE_SEPARATOR = ' | ';

/** The longest title and description search results show whole (in characters). */
const TITLE_LIMIT = 70;
const DESCRIPTION_LIMIT = 160;

/**
 * The full document title for a page title: the store's name after it, unless that would make
 * it longer than results show (a long blog post's title is then its own).
 */
export function documentTitle(title: string): string {
  if (!title) return siteConfig.storeName;
  const full = `${title}${TITLE_SEPARATOR}${siteConfig.storeName}`;
  return full.length <= TITLE_LIMIT ? full : title;
}

/**
 * A description results show whole: its sentences as far as they fit in DESCRIPTION_LIMIT
 * characters (always the first, which each page writes to say what it is). A first sentence
 * longer than that (a long store name in it) is cut at a word, with an ellipsis.
 */
export function fittedDescription(description: string): string {
  if (description.length <= DESCRIPTION_LIMIT) return description;
  const [first = '', ...rest] = description.split(/(?<=[.!?])\s+/);
  if (first.length > DESCRIPTION_LIMIT) return cutAtWord(first, DESCRIPTION_LIMIT);
  let fitted = first;
  for (const sentence of rest) {
    const longer = `${fitted} ${sentence}`;
    if (longer.length > DESCRIPTION_LIMIT) break;
    fitted = longer;
  }
  return fitted;
}

/** Text cut to at most `limit` characters at the last word that fits, ending in an ellipsis. */
function cutAtWord(text: string, limit: number): string {
  const room = text.slice(0, limit); // the ellipsis takes the place of the space or stop before it
  const lastSpace = room.lastIndexOf(' ');
  const words = lastSpace > 0 ? room.slice(0, lastSpace) : room.slice(0, limit - 1);
  return `${words.replace(/[\s,;:.-]+$/, '')}…`;
}

/** The page title back out of a document title (inverse of documentTitle). */
export function pageTitleFromDocumentTitle(full: string): string {
  const suffix = `${TITLE_SEPARATOR}${siteConfig.storeName}`;
  return full.endsWith(suffix) ? full.slice(0, -suffix.length) : full;
}
