import { slugFromFileName } from './front-matter';

/**
 * Slugs of the articles in ./articles, known in the browser without loading any article (the
 * keys of a lazy glob). An unknown /blogs/{slug} replaces itself with /premium-numbers.
 */
const slugs = new Set(
  Object.keys(import.meta.glob('./articles/*.md', { query: '?raw', import: 'default' })).map(
    slugFromFileName,
  ),
);

export function isBlogSlug(slug: string | undefined): boolean {
  return slug !== undefined && slugs.has(slug);
}
