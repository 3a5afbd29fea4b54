/**
 * The sitemap of the prerendered pages and robots.txt, written into the build by
 * scripts/write-sitemap.ts after `react-router build`, from the prerendered paths and
 * PUBLIC_BASE_URL. robots.txt names sitemap.xml, the index the API serves: this file and the
 * number sitemaps it makes from the stock.
 */

/** The file name of the prerendered pages' sitemap (the API's sitemap index lists it). */
export const PAGES_SITEMAP = 'sitemap-pages.xml';

export interface SitemapEntry {
  /** Root-relative path: '/', "/faq's", '/blogs/how-to-port'. */
  readonly path: string;
  /** 'YYYY-MM-DD', when known. */
  readonly lastmod?: string;
}

/**
 * Paths robots are asked to leave alone: the profile, which needs a session, and the API. Not
 * /cart: every page links it, and a crawler barred from it could list its address without reading
 * the noindex it says (decision 0046).
 */
const DISALLOWED_PATHS = ['/profile', '/api/'] as const;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The sitemap protocol's XML for the entries, on the public base address. */
export function sitemapXml(entries: readonly SitemapEntry[], baseUrl: string): string {
  const base = withoutTrailingSlash(baseUrl);
  const urls = entries.map((entry) => {
    const loc = `    <loc>${escapeXml(`${base}${entry.path}`)}</loc>`;
    const lastmod = entry.lastmod ? `\n    <lastmod>${entry.lastmod}</lastmod>` : '';
    return `  <url>\n${loc}${lastmod}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything allowed except DISALLOWED_PATHS, and where the sitemap is. */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${withoutTrailingSlash(baseUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}
