import { describe, expect, it } from 'vitest';
import { categories, findCity, findState } from '@store/domain';
import { meta as cartMeta } from './features/cart/cart-page';
import { meta as cityMeta } from './features/locations/city-page';
import { meta as stateMeta } from './features/locations/state-page';
import { meta as numberPageMeta } from './features/numbers/number-page';
import {
  getCategoryPages,
  getPrerenderPaths,
  getSitemapPaths,
  noIndexPaths,
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
  });

  it('lists a page for each of the 36 states and union territories and their 227 cities', () => {
    const statePages = paths.filter((path) => /^\/vip-numbers\/[^/]+$/.test(path));
    const cityPages = paths.filter((path) => /^\/vip-numbers\/[^/]+\/[^/]+$/.test(path));
    expect(statePages).toHaveLength(36);
    expect(cityPages).toHaveLength(227);
    for (const path of statePages) expect(findState(path.split('/')[2]!)).toBeDefined();
    for (const path of cityPages) {
      const [, , state, city] = path.split('/');
      expect(findCity(state!, city!)).toBeDefined();
    }
  });

  it('lists every blog article', () => {
    expect(paths.filter((path) => path.startsWith('/blogs/')).sort()).toEqual([
      '/blogs/gst-on-vip-mobile-numbers',
      '/blogs/how-to-choose-a-vip-mobile-number',
      '/blogs/how-to-port-a-vip-number-with-a-upc',
      '/blogs/is-it-safe-to-buy-a-vip-number-online',
      '/blogs/mobile-number-numerology-sum-mid-and-total',
      '/blogs/vip-number-patterns-explained',
      '/blogs/vip-numbers-for-business',
    ]);
  });

  it('prerenders /cart, which guests use, but not pages that need a session', () => {
    expect(paths).toContain('/cart');
    expect(paths).not.toContain('/profile');
    expect(paths.some((path) => path.startsWith('/orders'))).toBe(false);
  });
});

describe('getSitemapPaths', () => {
  const paths = getSitemapPaths();

  const categoryPaths = paths.filter((path) => path.includes('?'));

  it('lists every prerendered page but the noindex ones and the city pages', () => {
    expect(noIndexPaths).toEqual(['/cart', '/numbers', '/numbers/not-found']);
    expect(getPrerenderPaths()).toContain('/numbers/not-found');
    expect(paths).not.toContain('/cart');
    expect(paths).not.toContain('/numbers');
    expect(paths).toContain('/numerology');
    expect(paths).not.toContain('/profile');
    expect(paths).toContain('/vip-numbers/maharashtra');
    const cityPages = getPrerenderPaths().filter((path) => path.split('/').length === 4);
    expect(cityPages).toContain('/vip-numbers/maharashtra/mumbai');
    const pagePaths = paths.filter((path) => !path.includes('?'));
    expect([...pagePaths, ...noIndexPaths, ...cityPages].sort()).toEqual(
      [...getPrerenderPaths()].sort(),
    );
  });

  it("lists each category's page of the premium numbers, not All and not the offer zone's", () => {
    expect(categoryPaths).toHaveLength(categories.length - 1);
    expect(categoryPaths).toContain('/premium-numbers?category=mirror-numbers');
    expect(categoryPaths).not.toContain('/premium-numbers?category=all');
    expect(categoryPaths.every((path) => path.startsWith('/premium-numbers?category='))).toBe(true);
    // Each has its page: the listing renders one for every category of both listings.
    const pages = getCategoryPages().map(({ path, category }) => `${path}?category=${category}`);
    expect(pages).toEqual(expect.arrayContaining(categoryPaths));
    expect(pages).toContain('/offer-zone?category=triple');
  });

  it('leaves out only pages whose metadata says noindex or names another page canonical', () => {
    for (const meta of [
      cartMeta({} as never),
      numberPageMeta({ data: { kind: 'lookup' } } as never),
      numberPageMeta({ data: { kind: 'not-a-number' } } as never),
    ]) {
      const robots = (meta ?? []).find((tag) => 'name' in tag && tag.name === 'robots');
      expect(robots).toEqual({ name: 'robots', content: 'noindex, nofollow' });
    }
    const canonical = (meta: ReturnType<typeof cityMeta>) =>
      (meta ?? []).find((tag) => 'rel' in tag && tag.rel === 'canonical');
    const location = { search: '' };
    const mumbai = { params: { stateSlug: 'maharashtra', citySlug: 'mumbai' }, location } as never;
    const maharashtra = { params: { stateSlug: 'maharashtra' }, location } as never;
    expect(canonical(cityMeta(mumbai))).toEqual(canonical(stateMeta(maharashtra)));
    expect(canonical(stateMeta(maharashtra))).toMatchObject({
      href: expect.stringMatching(/\/vip-numbers\/maharashtra$/),
    });
  });
});
