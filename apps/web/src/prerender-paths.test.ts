import { describe, expect, it } from 'vitest';
import { states } from '@store/domain';
import { meta as cartMeta } from './features/cart/cart-page';
import { meta as numberPageMeta } from './features/numbers/number-page';
import {
  getPrerenderPaths,
  getSitemapPaths,
  noIndexPaths,
  readBlogPostMetas,
} from './prerender-paths';

describe('getPrerenderPaths', () => {
  const paths = getPrerenderPaths();

  it('lists every public page once', () => {
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/premium-numbers',
      '/offer-zone',
      '/vip-numbers',
      '/products/smart-ivr',
      '/products/sms-solutions',
      '/products/whatsapp',
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
      '/vip-numbers/maharashtra',
      '/vip-numbers/maharashtra/mumbai',
    ]) {
      expect(paths).toContain(path);
    }
    for (const state of states) {
      expect(paths).toContain(`/vip-numbers/${state.slug}`);
      for (const city of state.cities) {
        expect(paths).toContain(`/vip-numbers/${state.slug}/${city.slug}`);
      }
    }
  });

  it('lists every blog article, at least six', () => {
    const posts = readBlogPostMetas();
    expect(posts.length).toBeGreaterThanOrEqual(6);
    for (const post of posts) expect(paths).toContain(`/blogs/${post.slug}`);
  });

  it('prerenders /cart, which guests use, but not pages that need a session', () => {
    expect(paths).toContain('/cart');
    expect(paths).not.toContain('/profile');
    expect(paths.some((path) => path.startsWith('/orders'))).toBe(false);
  });
});

describe('getSitemapPaths', () => {
  const paths = getSitemapPaths();

  it('lists every prerendered page but the noindex ones', () => {
    expect(noIndexPaths).toEqual(['/cart', '/numbers']);
    expect(paths).not.toContain('/cart');
    expect(paths).not.toContain('/numbers');
    expect(paths).toContain('/numerology');
    expect(paths).not.toContain('/profile');
    expect([...paths, ...noIndexPaths].sort()).toEqual([...getPrerenderPaths()].sort());
  });

  it('leaves out only pages whose metadata says noindex', () => {
    for (const meta of [
      cartMeta({} as never),
      numberPageMeta({ data: { kind: 'lookup' } } as never),
    ]) {
      const robots = (meta ?? []).find((tag) => 'name' in tag && tag.name === 'robots');
      expect(robots).toEqual({ name: 'robots', content: 'noindex, nofollow' });
    }
  });
});
