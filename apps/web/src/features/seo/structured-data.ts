import type { MetaDescriptor } from 'react-router';
import { siteConfig, type SiteConfig } from '../../lib/site-config';

/**
 * schema.org JSON-LD builders (spec §1, §9). Route modules do not call these directly for the
 * shared blocks: `seo(...)` in ./seo.ts adds the organisation and the local business to every
 * page, and a product offer to every page where numbers are sold. Page-specific blocks (an
 * article, an FAQ page, breadcrumbs) are passed to `seo({ jsonLd: [...] })`.
 */

/** Spec §9: default structured data. */
export const STRUCTURED_DATA_DEFAULTS = {
  currency: 'INR',
  price: 1600,
  bestRating: 5,
  worstRating: 1,
  lowPrice: 5000,
  highPrice: 15000,
} as const;

/** The default view-number picture (1200 × 630), used for link previews and products. */
export const DEFAULT_IMAGE = {
  path: '/images/view-number.jpg',
  width: 1200,
  height: 630,
  alt: 'A premium mobile number shown on a phone screen',
} as const;

/** Square logo for the Organization block (Google wants at least 112 × 112). */
const LOGO_PATH = '/images/logo.png';

type JsonLdValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonLdValue[]
  | { readonly [key: string]: JsonLdValue | undefined };

/** A top-level JSON-LD object: always carries @context and @type. */
export interface JsonLd {
  readonly '@context': 'https://schema.org';
  readonly '@type': string;
  readonly [key: string]: JsonLdValue | undefined;
}

type Config = Pick<
  SiteConfig,
  | 'storeName'
  | 'publicBaseUrl'
  | 'supportEmail'
  | 'supportPhone'
  | 'salesWhatsapp'
  | 'officeAddress'
  | 'socialLinks'
  | 'rating'
  | 'foundingYear'
>;

const CONTEXT = 'https://schema.org' as const;

function urlOn(config: Config, path: string): string {
  return `${config.publicBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

/** '9222000000' -> '+91-9222000000' (E.164 with a readable separator, as Google suggests). */
function internationalPhone(tenDigits: string): string {
  return `+91-${tenDigits}`;
}

/** The price range of spec §9: '₹5000 - ₹15000'. */
export function priceRange(): string {
  const { lowPrice, highPrice } = STRUCTURED_DATA_DEFAULTS;
  return `₹${lowPrice} - ₹${highPrice}`;
}

/** Profiles on social networks; the bare network home pages of the defaults are left out. */
export function socialProfiles(config: Config = siteConfig): string[] {
  return config.socialLinks
    .map((link) => link.href)
    .filter((href) => {
      try {
        return new URL(href).pathname.replace(/\/+$/, '') !== '';
      } catch {
        return false;
      }
    });
}

function organizationId(config: Config): string {
  return `${config.publicBaseUrl}/#organization`;
}

/** The store's rating (siteConfig.rating, spec §9's by default), when it has one. */
function aggregateRating(config: Config) {
  if (!config.rating) return {};
  const { bestRating, worstRating } = STRUCTURED_DATA_DEFAULTS;
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: String(config.rating.value),
      bestRating: String(bestRating),
      worstRating: String(worstRating),
      ratingCount: config.rating.count,
    },
  };
}

function postalAddress(config: Config) {
  return config.officeAddress
    ? { '@type': 'PostalAddress', streetAddress: config.officeAddress, addressCountry: 'IN' }
    : { '@type': 'PostalAddress', addressCountry: 'IN' };
}

/** The business behind the site: name, address, logo, founding year, contact point. */
export function organizationJsonLd(config: Config = siteConfig): JsonLd {
  const sameAs = socialProfiles(config);
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(config),
    name: config.storeName,
    url: `${config.publicBaseUrl}/`,
    logo: urlOn(config, LOGO_PATH),
    image: urlOn(config, DEFAULT_IMAGE.path),
    email: config.supportEmail,
    telephone: internationalPhone(config.supportPhone),
    foundingDate: String(config.foundingYear),
    address: postalAddress(config),
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: internationalPhone(config.supportPhone),
        email: config.supportEmail,
        areaServed: 'IN',
        availableLanguage: ['English', 'Hindi'],
      },
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        telephone: internationalPhone(config.salesWhatsapp),
        areaServed: 'IN',
        availableLanguage: ['English', 'Hindi'],
      },
    ],
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/**
 * The site itself (the home page): its name as search results show it, and the plain-words search
 * of the listing as its search action.
 */
export function websiteJsonLd(config: Config = siteConfig): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${config.publicBaseUrl}/#website`,
    name: config.storeName,
    url: `${config.publicBaseUrl}/`,
    inLanguage: 'en-IN',
    publisher: { '@id': organizationId(config) },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${urlOn(config, '/premium-numbers')}?text={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The shop as a local business: its rating (if any), price range, address. */
export function localBusinessJsonLd(config: Config = siteConfig): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Store',
    '@id': `${config.publicBaseUrl}/#store`,
    name: config.storeName,
    url: `${config.publicBaseUrl}/`,
    image: urlOn(config, DEFAULT_IMAGE.path),
    logo: urlOn(config, LOGO_PATH),
    telephone: internationalPhone(config.supportPhone),
    email: config.supportEmail,
    priceRange: priceRange(),
    currenciesAccepted: STRUCTURED_DATA_DEFAULTS.currency,
    paymentAccepted: 'UPI, Credit Card, Debit Card, Net Banking',
    foundingDate: String(config.foundingYear),
    address: postalAddress(config),
    areaServed: { '@type': 'Country', name: 'India' },
    ...aggregateRating(config),
    parentOrganization: { '@id': organizationId(config) },
  };
}

export interface ProductInput {
  /** 'VIP Numbers in Mumbai, Maharashtra'. */
  readonly name: string;
  readonly description: string;
  /** Root-relative path of the page offering it. */
  readonly path: string;
  /** Rupees; default 1600 (spec §9). */
  readonly price?: number;
  /** Root-relative or absolute image; default the view-number picture. */
  readonly image?: string;
  /** schema.org availability of the offer; default InStock. */
  readonly availability?: 'InStock' | 'OutOfStock' | 'SoldOut';
  /** The item's own code (a number's 10 digits). */
  readonly sku?: string;
}

/**
 * Numbers for sale on a page, as a Product with an Offer in INR (default price 1600). Valid for
 * Google's product snippets: name, image and an offer with price and priceCurrency.
 */
export function productJsonLd(input: ProductInput, config: Config = siteConfig): JsonLd {
  const url = urlOn(config, input.path);
  const image = input.image
    ? /^https?:\/\//.test(input.image)
      ? input.image
      : urlOn(config, input.image)
    : urlOn(config, DEFAULT_IMAGE.path);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: input.name,
    description: input.description,
    image: [image],
    url,
    category: 'Mobile phone numbers',
    ...(input.sku ? { sku: input.sku } : {}),
    brand: { '@type': 'Brand', name: config.storeName },
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: STRUCTURED_DATA_DEFAULTS.currency,
      price: String(input.price ?? STRUCTURED_DATA_DEFAULTS.price),
      // The page's price is before GST (it says "Plus 18% GST"): the markup says so too.
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: String(input.price ?? STRUCTURED_DATA_DEFAULTS.price),
        priceCurrency: STRUCTURED_DATA_DEFAULTS.currency,
        valueAddedTaxIncluded: false,
      },
      availability: `https://schema.org/${input.availability ?? 'InStock'}`,
      seller: { '@type': 'Organization', name: config.storeName },
    },
  };
}

export interface ArticleInput {
  readonly title: string;
  readonly description: string;
  readonly path: string;
  /** ISO date, 'YYYY-MM-DD'. */
  readonly datePublished: string;
  readonly dateModified?: string;
}

/** A blog article. */
export function articleJsonLd(input: ArticleInput, config: Config = siteConfig): JsonLd {
  const url = urlOn(config, input.path);
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: input.title,
    description: input.description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: [urlOn(config, DEFAULT_IMAGE.path)],
    datePublished: input.datePublished,
    dateModified: input.dateModified ?? input.datePublished,
    inLanguage: 'en-IN',
    author: { '@type': 'Organization', name: config.storeName, url: `${config.publicBaseUrl}/` },
    publisher: {
      '@type': 'Organization',
      name: config.storeName,
      logo: { '@type': 'ImageObject', url: urlOn(config, LOGO_PATH) },
    },
  };
}

export interface FaqItem {
  readonly question: string;
  /** Plain text. */
  readonly answer: string;
}

/** Questions and answers of an FAQ page. */
export function faqPageJsonLd(items: readonly FaqItem[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** Breadcrumbs: [{ name: 'Home', path: '/' }, { name: 'Blogs', path: '/blogs' }, ...]. */
export function breadcrumbJsonLd(
  items: readonly { name: string; path: string }[],
  config: Config = siteConfig,
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: urlOn(config, item.path),
    })),
  };
}

/** A service the business sells (the messaging products). */
export function serviceJsonLd(
  input: { name: string; description: string; path: string; serviceType: string },
  config: Config = siteConfig,
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Service',
    name: input.name,
    description: input.description,
    serviceType: input.serviceType,
    url: urlOn(config, input.path),
    areaServed: { '@type': 'Country', name: 'India' },
    provider: { '@type': 'Organization', name: config.storeName, url: `${config.publicBaseUrl}/` },
  };
}

/** The meta descriptor React Router renders as `<script type="application/ld+json">`. */
export function jsonLdMeta(data: JsonLd): MetaDescriptor {
  return { 'script:ld+json': data } as MetaDescriptor;
}

/** Whether numbers are sold on a page: home, the listings and every location page. */
export function sellsNumbers(path: string): boolean {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  return (
    clean === '/' ||
    clean === '/premium-numbers' ||
    clean === '/offer-zone' ||
    clean === '/vip-numbers' ||
    clean.startsWith('/vip-numbers/')
  );
}
