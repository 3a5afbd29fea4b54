import { describe, expect, it } from 'vitest';
import { documentTitle, pageTitleFromDocumentTitle, seo } from './seo';
import { siteConfig } from './site-config';

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
      href: `${siteConfig.publicBaseUrl}/offer-zone`,
    });
    expect(meta).toContainEqual({ property: 'og:locale', content: 'en_IN' });
    expect(meta).toContainEqual({ name: 'robots', content: 'index, follow' });
    expect(seo({ title: 'Cart', description: 'd', path: '/cart', noIndex: true })).toContainEqual({
      name: 'robots',
      content: 'noindex, nofollow',
    });
  });

  it('round-trips page titles', () => {
    expect(pageTitleFromDocumentTitle(documentTitle('Offer Zone'))).toBe('Offer Zone');
    expect(pageTitleFromDocumentTitle('Other')).toBe('Other');
  });
});
