import type { MetaDescriptor } from 'react-router';
import { absoluteUrl, siteConfig } from '../../lib/site-config';
import { documentTitle, fittedDescription } from './search-result-text';
import {
  DEFAULT_IMAGE,
  jsonLdMeta,
  localBusinessJsonLd,
  organizationJsonLd,
  productJsonLd,
  sellsNumbers,
  type JsonLd,
  type ProductInput,
} from './structured-data';

interface SeoImage {
  /** Root-relative ('/images/x.png') or absolute URL of a PNG or JPEG. */
  readonly url: string;
  readonly alt: string;
  readonly width?: number;
  readonly height?: number;
}

export interface SeoInput {
  /** Page title without the store name; the store name is appended. */
  readonly title: string;
  readonly description: string;
  /** Root-relative path of the canonical page, e.g. '/offer-zone'. */
  readonly path: string;
  /** Keep the page out of search results (cart, profile, redirects). */
  readonly noIndex?: boolean;
  /** A page kept out of results whose links still count (a sold number's similar numbers). */
  readonly followLinks?: boolean;
  /** Link-preview image; default the view-number picture (spec §9). */
  readonly image?: SeoImage;
  /** og:type; default 'website'. */
  readonly type?: 'website' | 'article';
  /** For articles: ISO dates for article:published_time and article:modified_time. */
  readonly publishedTime?: string;
  readonly modifiedTime?: string;
  /** Extra JSON-LD blocks for this page (article, FAQ page, breadcrumbs...). */
  readonly jsonLd?: readonly JsonLd[];
  /**
   * The product offer of the page. By default pages where numbers are sold (home, listings,
   * location pages) get one named after the page, unless noindex; `false` leaves it out; an
   * object overrides it (and is kept on a noindex page: a sold number's page says SoldOut).
   */
  readonly product?: false | Partial<Omit<ProductInput, 'path'>>;
}

/** Spec §9: search metadata. */
const SEO_DEFAULTS = {
  locale: 'en_IN',
  language: 'English',
  revisitAfter: '2 days',
} as const;

function absolute(url: string): string {
  return /^https?:\/\//.test(url) ? url : absoluteUrl(url);
}

/**
 * Meta descriptors for a route's `meta` export:
 * `export const meta: Route.MetaFunction = () => seo({ title, description, path });`
 *
 * Yields the title, description, canonical link (PUBLIC_BASE_URL + path), robots, revisit-after,
 * language, Open Graph and Twitter tags with the default view-number image, and JSON-LD: the
 * organisation and the local business on every page, a product offer where numbers are sold,
 * plus the page's own `jsonLd` blocks. All of it is in the prerendered HTML.
 */
export function seo(input: SeoInput): MetaDescriptor[] {
  const { title, path, noIndex = false, type = 'website' } = input;
  const description = fittedDescription(input.description);
  const fullTitle = documentTitle(title);
  const url = absoluteUrl(path);
  const image = input.image ?? {
    url: DEFAULT_IMAGE.path,
    alt: DEFAULT_IMAGE.alt,
    width: DEFAULT_IMAGE.width,
    height: DEFAULT_IMAGE.height,
  };
  const imageUrl = absolute(image.url);

  const meta: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    {
      name: 'robots',
      content: noIndex ? `noindex, ${input.followLinks ? 'follow' : 'nofollow'}` : 'index, follow',
    },
    { name: 'revisit-after', content: SEO_DEFAULTS.revisitAfter },
    { name: 'language', content: SEO_DEFAULTS.language },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: siteConfig.storeName },
    { property: 'og:locale', content: SEO_DEFAULTS.locale },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:alt', content: image.alt },
  ];
  if (image.width && image.height) {
    meta.push(
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
    );
  }
  if (type === 'article') {
    if (input.publishedTime) {
      meta.push({ property: 'article:published_time', content: input.publishedTime });
    }
    if (input.modifiedTime ?? input.publishedTime) {
      meta.push({
        property: 'article:modified_time',
        content: (input.modifiedTime ?? input.publishedTime)!,
      });
    }
  }
  meta.push(
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
    { name: 'twitter:image:alt', content: image.alt },
  );

  const blocks: JsonLd[] = [organizationJsonLd(), localBusinessJsonLd()];
  if (input.product || (input.product !== false && !noIndex && sellsNumbers(path))) {
    blocks.push(
      productJsonLd({
        name: title || siteConfig.storeName,
        description,
        path,
        ...(input.product || {}),
      }),
    );
  }
  blocks.push(...(input.jsonLd ?? []));
  meta.push(...blocks.map(jsonLdMeta));
  return meta;
}
