import { describe, expect, it } from 'vitest';
import type { MetaDescriptor } from 'react-router';
import { siteConfig } from '../../lib/site-config';
import { documentTitle, fittedDescription, pageTitleFromDocumentTitle } from './search-result-text';
import { seo } from './seo';
import { faqPageJsonLd } from './structured-data';

const base = siteConfig.publicBaseUrl;

function jsonLdTypes(meta: MetaDescriptor[]): string[] {
  return meta
    .filter((m): m is { 'script:ld+json': { '@type': string } } => 'script:ld+json' in m)
    .map((m) => m['script:ld+json']['@type']);
}

describe('seo', () => {
  it('builds title, description, canonical and social metadata', () => {
    const meta = seo({
      title: 'Offer Zone',
      description: 'Numbers on offer.',
      path: '/offer-zone',
    });
    expect(meta).toContainEqual({ title: `Offer Zone | ${siteConfig.storeName}` });
    expect(meta).toContainEqual({ name: 'description', content: 'Numbers on offer.' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: `${base}/offer-zone`,
    });
    expect(meta).toContainEqual({ property: 'og:locale', content: 'en_IN' });
    expect(meta).toContainEqual({ property: 'og:url', content: `${base}/offer-zone` });
    expect(meta).toContainEqual({ property: 'og:type', content: 'website' });
    expect(meta).toContainEqual({ property: 'og:site_name', content: siteConfig.storeName });
    expect(meta).toContainEqual({ name: 'robots', content: 'index, follow' });
    expect(meta).toContainEqual({ name: 'revisit-after', content: '2 days' });
    expect(meta).toContainEqual({ name: 'language', content: 'English' });
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(seo({ title: 'Cart', description: 'd', path: '/cart', noIndex: true })).toContainEqual({
      name: 'robots',
      content: 'noindex, nofollow',
    });
  });

  it('uses the view-number picture as the default image', () => {
    const meta = seo({ title: 'Blogs', description: 'd', path: '/blogs' });
    expect(meta).toContainEqual({
      property: 'og:image',
      content: `${base}/images/view-number.jpg`,
    });
    expect(meta).toContainEqual({ property: 'og:image:width', content: '1200' });
    expect(meta).toContainEqual({ property: 'og:image:height', content: '630' });
    expect(meta).toContainEqual({
      name: 'twitter:image',
      content: `${base}/images/view-number.jpg`,
    });
    const custom = seo({
      title: 't',
      description: 'd',
      path: '/x',
      image: { url: '/images/other.png', alt: 'Other' },
    });
    expect(custom).toContainEqual({ property: 'og:image', content: `${base}/images/other.png` });
    expect(custom.some((m) => 'property' in m && m.property === 'og:image:width')).toBe(false);
  });

  it('adds the organisation and the local business to every page', () => {
    expect(jsonLdTypes(seo({ title: 'Blogs', description: 'd', path: '/blogs' }))).toEqual([
      'Organization',
      'Store',
    ]);
  });

  it('adds a product offer where numbers are sold', () => {
    for (const path of ['/', '/premium-numbers', '/offer-zone', '/vip-numbers/goa/panaji']) {
      const meta = seo({ title: 'VIP Numbers', description: 'd', path });
      expect(jsonLdTypes(meta), path).toEqual(['Organization', 'Store', 'Product']);
    }
    const product = seo({
      title: 'VIP Numbers in Goa',
      description: 'Goa numbers',
      path: '/vip-numbers/goa',
    })
      .map((m) => ('script:ld+json' in m ? m['script:ld+json'] : undefined))
      .find((block) => (block as { '@type'?: string } | undefined)?.['@type'] === 'Product');
    expect(product).toMatchObject({
      name: 'VIP Numbers in Goa',
      description: 'Goa numbers',
      offers: { priceCurrency: 'INR', price: '1600', url: `${base}/vip-numbers/goa` },
    });
    expect(jsonLdTypes(seo({ title: 't', description: 'd', path: '/', product: false }))).toEqual([
      'Organization',
      'Store',
    ]);
    expect(
      jsonLdTypes(seo({ title: 't', description: 'd', path: '/vip-numbers/x', noIndex: true })),
    ).toEqual(['Organization', 'Store']);
  });

  it('adds page blocks and article tags', () => {
    const meta = seo({
      title: 'A',
      description: 'd',
      path: '/blogs/a',
      type: 'article',
      publishedTime: '2025-02-01',
      jsonLd: [faqPageJsonLd([])],
    });
    expect(jsonLdTypes(meta)).toEqual(['Organization', 'Store', 'FAQPage']);
    expect(meta).toContainEqual({ property: 'og:type', content: 'article' });
    expect(meta).toContainEqual({ property: 'article:published_time', content: '2025-02-01' });
    expect(meta).toContainEqual({ property: 'article:modified_time', content: '2025-02-01' });
  });

  it('round-trips page titles', () => {
    expect(pageTitleFromDocumentTitle(documentTitle('Offer Zone'))).toBe('Offer Zone');
    expect(pageTitleFromDocumentTitle('Other')).toBe('Other');
  });

  it('keeps titles and descriptions to what search results show whole (QA 24 F7)', () => {
    const long = 'Why a VIP Number Is One of the Cheapest Marketing Tools for a Business';
    expect(documentTitle(long)).toBe(long);
    expect(documentTitle('Offer Zone')).toBe(`Offer Zone | ${siteConfig.storeName}`);
    const first = 'A first sentence, rated 4.5 of 5 by buyers, that says what the page is about.';
    const second = 'A second one that fits as well.';
    const third = 'A third sentence that would make the description longer than results show.';
    expect(fittedDescription(`${first} ${second} ${third}`)).toBe(`${first} ${second}`);
    // A short description is as it is; a first sentence too long for results (a store with a
    // long name) is cut at its last whole word that fits, with an ellipsis.
    const words = 'Premium VIP mobile numbers at The Very Long Name Of A Store,';
    const cut = fittedDescription(`${words.repeat(4)} each sold once. More.`);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toBe(`${words.repeat(2)}Premium VIP mobile numbers at The Very…`);
    expect(fittedDescription('Short. Two.')).toBe('Short. Two.');
    const meta = seo({
      title: long,
      description: `${first} ${second} ${third}`,
      path: '/x',
    });
    expect(meta).toContainEqual({ title: long });
    expect(meta).toContainEqual({ name: 'description', content: `${first} ${second}` });
  });
});
