import { describe, expect, it } from 'vitest';
import { siteConfig } from '../../lib/site-config';
import {
  articleJsonLd,
  breadcrumbJsonLd,
  faqPageJsonLd,
  jsonLdMeta,
  localBusinessJsonLd,
  organizationJsonLd,
  priceRange,
  productJsonLd,
  sellsNumbers,
  serviceJsonLd,
  socialProfiles,
  STRUCTURED_DATA_DEFAULTS,
  websiteJsonLd,
  type JsonLd,
} from './structured-data';

const base = siteConfig.publicBaseUrl;

/** No undefined, NaN or functions anywhere: the block survives JSON unchanged. */
function expectPlainJson(block: JsonLd) {
  expect(JSON.parse(JSON.stringify(block))).toEqual(block);
  expect(block['@context']).toBe('https://schema.org');
  expect(typeof block['@type']).toBe('string');
}

describe('organizationJsonLd', () => {
  it('names the business, founded 2010, with a contact point', () => {
    const org = organizationJsonLd();
    expectPlainJson(org);
    expect(org).toMatchObject({
      '@type': 'Organization',
      name: siteConfig.storeName,
      url: `${base}/`,
      logo: `${base}/images/logo.png`,
      foundingDate: '2010',
      email: siteConfig.supportEmail,
    });
    expect(org.contactPoint).toContainEqual(
      expect.objectContaining({
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: `+91-${siteConfig.supportPhone}`,
        email: siteConfig.supportEmail,
      }),
    );
  });

  it('lists only real social profiles in sameAs', () => {
    const config = {
      ...siteConfig,
      socialLinks: [
        { name: 'Facebook', href: 'https://www.facebook.com/' },
        { name: 'Instagram', href: 'https://www.instagram.com/our.store' },
        { name: 'X', href: 'not a url' },
      ],
    } as const;
    expect(socialProfiles(config)).toEqual(['https://www.instagram.com/our.store']);
    expect(organizationJsonLd(config).sameAs).toEqual(['https://www.instagram.com/our.store']);
    expect(organizationJsonLd({ ...config, socialLinks: [] }).sameAs).toBeUndefined();
  });
});

describe('localBusinessJsonLd', () => {
  it('carries the rating 4.5 of 5 from 1080 ratings and the price range', () => {
    const store = localBusinessJsonLd();
    expectPlainJson(store);
    expect(store['@type']).toBe('Store');
    expect(store.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.5',
      bestRating: '5',
      worstRating: '1',
      ratingCount: 1080,
    });
    expect(store.priceRange).toBe('₹5000 - ₹15000');
    expect(priceRange()).toBe('₹5000 - ₹15000');
    expect(store.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'IN' });
    expect(store.name).toBe(siteConfig.storeName);
    expect(store.telephone).toMatch(/^\+91-[6-9]\d{9}$/);
  });

  it("carries the store's own rating and founding year, and no rating when it has none", () => {
    const own = { ...siteConfig, rating: { value: 4.8, count: 212 }, foundingYear: 2018 };
    expect(localBusinessJsonLd(own)).toMatchObject({
      aggregateRating: { ratingValue: '4.8', ratingCount: 212 },
      foundingDate: '2018',
    });
    expect(organizationJsonLd(own).foundingDate).toBe('2018');
    expect(localBusinessJsonLd({ ...siteConfig, rating: null })).not.toHaveProperty(
      'aggregateRating',
    );
  });

  it('uses the configured office address', () => {
    const store = localBusinessJsonLd({ ...siteConfig, officeAddress: '12 MG Road, Pune 411001' });
    expect(store.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '12 MG Road, Pune 411001',
      addressCountry: 'IN',
    });
  });
});

describe('productJsonLd', () => {
  it('offers numbers in INR at the default price 1600', () => {
    const product = productJsonLd({
      name: 'VIP Numbers in Pune',
      description: 'Fancy numbers in Pune.',
      path: '/vip-numbers/maharashtra/pune',
    });
    expectPlainJson(product);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'VIP Numbers in Pune',
      description: 'Fancy numbers in Pune.',
      image: [`${base}/images/view-number.jpg`],
      offers: {
        '@type': 'Offer',
        priceCurrency: 'INR',
        price: '1600',
        url: `${base}/vip-numbers/maharashtra/pune`,
        availability: 'https://schema.org/InStock',
      },
    });
    expect(STRUCTURED_DATA_DEFAULTS.price).toBe(1600);
  });

  it('takes another price and image', () => {
    const product = productJsonLd({
      name: 'n',
      description: 'd',
      path: '/offer-zone',
      price: 2499,
      image: 'https://cdn.example/x.png',
    });
    expect(product.offers).toMatchObject({ price: '2499', priceCurrency: 'INR' });
    expect(product.image).toEqual(['https://cdn.example/x.png']);
  });
});

describe('page-specific blocks', () => {
  it('builds an article, an FAQ page, breadcrumbs and a service', () => {
    const article = articleJsonLd({
      title: 'How porting works',
      description: 'Steps',
      path: '/blogs/how-porting-works',
      datePublished: '2025-01-10',
    });
    expectPlainJson(article);
    expect(article).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'How porting works',
      datePublished: '2025-01-10',
      dateModified: '2025-01-10',
      mainEntityOfPage: { '@id': `${base}/blogs/how-porting-works` },
    });

    const faq = faqPageJsonLd([{ question: 'Q?', answer: 'A.' }]);
    expectPlainJson(faq);
    expect(faq.mainEntity).toEqual([
      { '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } },
    ]);

    const crumbs = breadcrumbJsonLd([
      { name: 'Home', path: '/' },
      { name: 'Blogs', path: '/blogs' },
    ]);
    expectPlainJson(crumbs);
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/` },
      { '@type': 'ListItem', position: 2, name: 'Blogs', item: `${base}/blogs` },
    ]);

    const service = serviceJsonLd({
      name: 'Smart IVR',
      description: 'd',
      path: '/products/smart-ivr',
      serviceType: 'IVR',
    });
    expectPlainJson(service);
    expect(service.provider).toMatchObject({ name: siteConfig.storeName });
  });

  it('wraps a block as a React Router ld+json meta descriptor', () => {
    const block = faqPageJsonLd([]);
    expect(jsonLdMeta(block)).toEqual({ 'script:ld+json': block });
  });
});

describe('sellsNumbers', () => {
  it('is true on home, listings and location pages only', () => {
    for (const path of [
      '/',
      '/premium-numbers',
      '/offer-zone',
      '/vip-numbers',
      '/vip-numbers/maharashtra',
      '/vip-numbers/maharashtra/pune/',
      '/premium-numbers?category=mirror-numbers',
    ]) {
      expect(sellsNumbers(path), path).toBe(true);
    }
    for (const path of ['/blogs', '/contact-us', '/products/smart-ivr', "/faq's", '/cart']) {
      expect(sellsNumbers(path), path).toBe(false);
    }
  });
});

describe('websiteJsonLd', () => {
  it("names the site and searches it with the listing's plain-words search", () => {
    expect(websiteJsonLd()).toMatchObject({
      '@type': 'WebSite',
      name: siteConfig.storeName,
      url: `${base}/`,
      inLanguage: 'en-IN',
      publisher: { '@id': `${base}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          urlTemplate: `${base}/premium-numbers?text={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});
