import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { patternCategories, states, type PatternCategory } from '@store/domain';
import { byDateDescending, parseArticle, type BlogPostMeta } from './features/content';

/**
 * Node only: read by react-router.config.ts (`prerender`), the sitemap script and tests.
 * The browser bundle never imports this module.
 */

/** Pages of the content feature that need no sign-in. */
const contentPaths = [
  '/contact-us',
  '/blogs',
  '/career',
  '/testimonial',
  '/video-gallery',
  "/faq's",
  '/why-us',
  '/privacy-policy',
  '/refund-policy',
  '/terms-and-conditions',
] as const;

const productPaths = [
  '/products/smart-ivr',
  '/products/sms-solutions',
  '/products/whatsapp',
] as const;

/** Folder of the blog's Markdown files. */
export const blogArticlesDir = join(
  dirname(fileURLToPath(import.meta.url)),
  'features',
  'content',
  'blogs',
  'articles',
);

/** Front matter of every blog article in the repository, newest first. */
export function readBlogPostMetas(dir: string = blogArticlesDir): BlogPostMeta[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => parseArticle(name, readFileSync(join(dir, name), 'utf8')).meta)
    .sort(byDateDescending);
}

/**
 * Prerendered pages that search engines are asked not to index (their `seo({ noIndex: true })`
 * meta says noindex and robots.txt disallows them): written to static HTML so that their header,
 * footer, links and metadata arrive with the first response, but left out of the sitemap.
 * /cart is one: guests use it, and its contents fill in on hydration (local storage or the
 * server), so there is nothing in it worth a search result. /numbers (the lookup of a number's
 * page) is another; the number pages themselves are rendered on request by the API, which lists
 * them in the sitemap index. /numbers/not-found is the page the API sends (404) for any address
 * under /numbers/ that is no number, whatever it says (decision 0047).
 */
export const noIndexPaths = ['/cart', '/numbers', '/numbers/not-found'] as const;

/**
 * City pages: prerendered and linked, but their canonical is their state's page (they differ from
 * it in little but the name, decision 0046), so they are left out of the sitemap.
 */
function cityPaths(): string[] {
  return states.flatMap((state) =>
    state.cities.map((city) => `/vip-numbers/${state.slug}/${city.slug}`),
  );
}

/**
 * Every path written to static HTML at build time (react-router.config.ts `prerender`): all
 * routes that need no sign-in, /cart included. Not prerendered (served the SPA fallback, which
 * says noindex): /profile, /orders/{id}, unknown paths; nor /numbers/{digits}, which the API
 * renders on request with the server build. Add new public pages here.
 */
export function getPrerenderPaths(): string[] {
  const paths = [
    '/',
    '/premium-numbers',
    '/offer-zone',
    '/family-packs',
    '/numerology',
    '/vip-numbers',
    ...states.map((state) => `/vip-numbers/${state.slug}`),
    ...cityPaths(),
    ...productPaths,
    ...contentPaths,
    ...readBlogPostMetas().map((post) => `/blogs/${post.slug}`),
    ...noIndexPaths,
  ];
  return [...new Set(paths)];
}

/** The listings that have a page for each category (`/premium-numbers?category=mirror-numbers`). */
const categoryListings = ['/premium-numbers', '/offer-zone'] as const;

/**
 * A page for each category of each listing, but All (the listing itself): rendered by
 * scripts/prerender-categories.ts after the prerendered pages.
 */
export function getCategoryPages(): { path: string; category: PatternCategory['slug'] }[] {
  return categoryListings.flatMap((path) =>
    patternCategories.map((category) => ({ path, category: category.slug })),
  );
}

/**
 * The paths sitemap.xml lists: the prerendered pages that may be indexed (not the city pages), and
 * each category of the regular listing (the offer zone's categories change with the offers: not
 * listed).
 */
export function getSitemapPaths(): string[] {
  const hidden = new Set<string>([...noIndexPaths, ...cityPaths()]);
  return [
    ...getPrerenderPaths().filter((path) => !hidden.has(path)),
    ...getCategoryPages()
      .filter(({ path }) => path === '/premium-numbers')
      .map(({ path, category }) => `${path}?category=${category}`),
  ];
}
