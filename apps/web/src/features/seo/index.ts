/** Search metadata: every route module's `meta` is `seo({ title, description, path })`. */
export { pageTitleFromDocumentTitle } from './search-result-text';
export { seo } from './seo';
export { PAGES_SITEMAP, robotsTxt, sitemapXml, type SitemapEntry } from './sitemap';
export {
  articleJsonLd,
  breadcrumbJsonLd,
  faqPageJsonLd,
  serviceJsonLd,
  websiteJsonLd,
  type FaqItem,
} from './structured-data';
