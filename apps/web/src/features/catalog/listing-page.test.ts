import { describe, expect, it } from 'vitest';
import { absoluteUrl, siteConfig } from '../../lib/site-config';
import { listingSeo } from './listing-page';

/** The descriptor whose `key` is `value` (`rel` `canonical`), as a plain record. */
const tag = (meta: ReturnType<typeof listingSeo>, key: string, value: string) =>
  meta.find((descriptor) => (descriptor as Record<string, unknown>)[key] === value) as
    Record<string, unknown> | undefined;

describe('listingSeo', () => {
  it("gives a category's listing its own title, description and canonical address", () => {
    const meta = listingSeo('regular', '?utm_source=ads&category=%20Mirror-Numbers&q=98');
    const url = absoluteUrl('/premium-numbers?category=mirror-numbers');
    expect(meta).toContainEqual({
      title: `Mirror Numbers - Premium Numbers | ${siteConfig.storeName}`,
    });
    expect(tag(meta, 'rel', 'canonical')).toEqual({ tagName: 'link', rel: 'canonical', href: url });
    expect(tag(meta, 'property', 'og:url')).toEqual({ property: 'og:url', content: url });
    expect(tag(meta, 'name', 'description')?.content).toBe(
      `Mirror Numbers: first five repeat, as in 98765 98765. Premium VIP mobile numbers at ${siteConfig.storeName}, each sold once, with guided porting to your operator.`,
    );
    expect(tag(meta, 'name', 'robots')).toEqual({ name: 'robots', content: 'index, follow' });

    const offer = listingSeo('offer-zone', '?category=triple');
    expect(offer).toContainEqual({ title: `Triple - Offer Zone | ${siteConfig.storeName}` });
    expect(tag(offer, 'rel', 'canonical')?.href).toBe(absoluteUrl('/offer-zone?category=triple'));
  });

  it('gives the listing itself for no category, All or an unknown one', () => {
    const plain = listingSeo('regular', '');
    expect(plain).toContainEqual({ title: `Premium Numbers | ${siteConfig.storeName}` });
    expect(tag(plain, 'rel', 'canonical')?.href).toBe(absoluteUrl('/premium-numbers'));
    for (const search of ['?category=all', '?category=__proto__', '?q=786']) {
      expect(listingSeo('regular', search), search).toEqual(plain);
    }
  });

  it('makes each further page its own canonical, in the listing order and with its category', () => {
    const second = listingSeo('regular', '?category=mirror-numbers&page=2');
    expect(tag(second, 'rel', 'canonical')?.href).toBe(
      absoluteUrl('/premium-numbers?category=mirror-numbers&page=2'),
    );
    expect(second).toContainEqual({
      title: `Mirror Numbers - Premium Numbers - Page 2 | ${siteConfig.storeName}`,
    });
    expect(tag(second, 'name', 'robots')?.content).toBe('index, follow');
    expect(tag(listingSeo('offer-zone', '?page=3'), 'rel', 'canonical')?.href).toBe(
      absoluteUrl('/offer-zone?page=3'),
    );
    // Page 1 is the listing; a sorted or filtered page is its category's variant.
    expect(tag(listingSeo('regular', '?page=1'), 'rel', 'canonical')?.href).toBe(
      absoluteUrl('/premium-numbers'),
    );
    for (const search of [
      '?category=mirror-numbers&page=2&sort=price_asc',
      '?category=mirror-numbers&q=98&page=4',
    ]) {
      expect(tag(listingSeo('regular', search), 'rel', 'canonical')?.href, search).toBe(
        absoluteUrl('/premium-numbers?category=mirror-numbers'),
      );
    }
  });

  it('keeps a search in plain words out of search results, its links followed', () => {
    const searched = listingSeo('regular', '?text=ending%20786');
    expect(tag(searched, 'name', 'robots')?.content).toBe('noindex, follow');
    expect(tag(searched, 'rel', 'canonical')?.href).toBe(absoluteUrl('/premium-numbers'));
    expect(
      tag(listingSeo('regular', '?sort=price_asc&minPrice=5000'), 'name', 'robots')?.content,
    ).toBe('index, follow');
  });
});
