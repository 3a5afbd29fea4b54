import type { MetaDescriptor } from 'react-router';
import { absoluteUrl, siteConfig } from './site-config';

export interface SeoInput {
  /** Page title without the store name; the store name is appended. */
  readonly title: string;
  readonly description: string;
  /** Root-relative path of the canonical page, e.g. '/offer-zone'. */
  readonly path: string;
  /** Keep the page out of search results (cart, profile, redirects). */
  readonly noIndex?: boolean;
}

/** Separator between a page title and the store name in <title>. */
export const TITLE_SEPARATOR = ' | ';

/** The full document title for a page title. */
export function documentTitle(title: string): string {
  return title ? `${title}${TITLE_SEPARATOR}${siteConfig.storeName}` : siteConfig.storeName;
}

/** The page title back out of a document title (inverse of documentTitle). */
export function pageTitleFromDocumentTitle(full: string): string {
  const suffix = `${TITLE_SEPARATOR}${siteConfig.storeName}`;
  return full.endsWith(suffix) ? full.slice(0, -suffix.length) : full;
}

/**
 * Meta descriptors for a route's `meta` export:
 * `export const meta: Route.MetaFunction = () => seo({ title, description, path });`
 */
export function seo({ title, description, path, noIndex = false }: SeoInput): MetaDescriptor[] {
  const fullTitle = documentTitle(title);
  const url = absoluteUrl(path);
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { name: 'robots', content: noIndex ? 'noindex, nofollow' : 'index, follow' },
    { name: 'revisit-after', content: '2 days' },
    { name: 'language', content: 'English' },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteConfig.storeName },
    { property: 'og:locale', content: 'en_IN' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ];
}
