import { expect, test, type Page } from '@playwright/test';
import { jsonLdBlocks, meta, publicBase, clickWhenHydrated } from '../support/store-pages';

/**
 * Search metadata in the HTML the server sends (no JavaScript), sitemap and robots, no analytics
 * without an id (analytics.spec.ts has a build with one), and campaign tracking.
 */

interface Sample {
  path: string;
  title: RegExp;
  types: string[];
  /** Kept out of search results (and the sitemap), like /cart. */
  noIndex?: boolean;
  /** Another page that stands for this one in search results (and the sitemap). */
  canonical?: string;
}

const samples: Sample[] = [
  { path: '/', title: /VIP/, types: ['Organization', 'Store', 'Product', 'WebSite'] },
  {
    path: '/premium-numbers',
    title: /Premium Numbers/,
    types: ['Organization', 'Store', 'Product'],
  },
  // A category's listing is a page of its own, served with its metadata and heading.
  {
    path: '/premium-numbers?category=mirror-numbers',
    title: /^Mirror Numbers - Premium Numbers \| /,
    types: ['Organization', 'Store', 'Product'],
  },
  {
    path: '/vip-numbers/maharashtra',
    title: /Maharashtra/,
    types: ['Organization', 'Store', 'Product', 'BreadcrumbList'],
  },
  {
    path: '/vip-numbers/maharashtra/mumbai',
    title: /Mumbai/,
    types: ['Organization', 'Store', 'BreadcrumbList'],
    canonical: '/vip-numbers/maharashtra',
  },
  {
    path: '/blogs/how-to-port-a-vip-number-with-a-upc',
    title: /How to Port Your VIP Number with a UPC/,
    types: ['Organization', 'Store', 'BlogPosting', 'BreadcrumbList'],
  },
  { path: "/faq's", title: /FAQ/, types: ['Organization', 'Store', 'FAQPage'] },
  {
    path: '/contact-us',
    title: /Contact Us/,
    // No breadcrumb is shown, so none is marked up (QA 24 F10).
    types: ['Organization', 'Store'],
  },
  {
    path: '/products/smart-ivr',
    title: /Smart IVR/,
    types: ['Organization', 'Store', 'Service', 'FAQPage'],
  },
  // Prerendered for guests: header, footer and metadata at once, the items on hydration.
  { path: '/cart', title: /^Cart \| /, types: ['Organization', 'Store'], noIndex: true },
];

test.describe('metadata in the served HTML, with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const sample of samples) {
    test(`${sample.path} has title, description, canonical, social tags and valid JSON-LD`, async ({
      page,
    }) => {
      const response = await page.goto(sample.path);
      expect(response?.status()).toBe(200);
      const own = `${publicBase}${sample.path}`;
      const canonical = `${publicBase}${sample.canonical ?? sample.path}`;

      await expect(page).toHaveTitle(sample.title);
      const description = await meta(page, 'meta[name="description"]');
      // A page kept out of search results needs no search snippet, only a description.
      expect(description?.length ?? 0).toBeGreaterThan(50);
      // Whole in search results (QA 24 F7): 160 characters, a title 70.
      expect(description!.length).toBeLessThanOrEqual(160);
      expect((await page.title()).length).toBeLessThanOrEqual(70);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
      expect(await meta(page, 'meta[property="og:url"]')).toBe(canonical);
      expect(await meta(page, 'meta[property="og:title"]')).toBe(await page.title());
      expect(await meta(page, 'meta[property="og:description"]')).toBe(description);
      expect(await meta(page, 'meta[property="og:locale"]')).toBe('en_IN');
      expect(await meta(page, 'meta[property="og:image"]')).toBe(
        `${publicBase}/images/view-number.jpg`,
      );
      expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
      await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
      expect(await meta(page, 'meta[name="robots"]')).toBe(
        sample.noIndex ? 'noindex, nofollow' : 'index, follow',
      );
      expect(await meta(page, 'meta[name="revisit-after"]')).toBe('2 days');
      expect(await meta(page, 'meta[name="language"]')).toBe('English');
      await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
      // The page itself, not the app shell: header with its links, and footer.
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Premium Numbers' }).first()).toBeVisible();
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Career' }),
      ).toHaveAttribute('href', '/career');
      await expect(page.locator('h1')).toHaveCount(1);

      const blocks = await jsonLdBlocks(page);
      for (const block of blocks) expect(block['@context']).toBe('https://schema.org');
      expect(blocks.map((block) => block['@type'])).toEqual(sample.types);

      const org = blocks.find((block) => block['@type'] === 'Organization')!;
      expect(org).toMatchObject({ foundingDate: '2010', url: `${publicBase}/` });
      expect(org.contactPoint).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            '@type': 'ContactPoint',
            telephone: expect.stringMatching(/^\+91-/),
          }),
        ]),
      );
      const store = blocks.find((block) => block['@type'] === 'Store')!;
      expect(store.aggregateRating).toMatchObject({
        ratingValue: '4.5',
        bestRating: '5',
        ratingCount: 1080,
      });
      expect(store.priceRange).toBe('₹5000 - ₹15000');
      // A visible breadcrumb's pages are in the breadcrumb list, at their absolute addresses;
      // the list may end with the page itself.
      const breadcrumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList');
      const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
      if (breadcrumbs && (await nav.count()) > 0) {
        const visible = await nav
          .locator('a, [aria-current="page"]')
          .evaluateAll((crumbs) =>
            crumbs.map((crumb) => [crumb.textContent, crumb.getAttribute('href')]),
          );
        const listed = (breadcrumbs.itemListElement as { name: string; item: string }[]).map(
          (item) => [item.name, item.item],
        );
        expect(visible.length).toBeGreaterThan(1);
        expect(listed.slice(0, visible.length)).toEqual(
          visible.map(([name, href]) => [name, href ? `${publicBase}${href}` : own]),
        );
        expect(listed.at(-1)![1]).toBe(own);
      }
      const product = blocks.find((block) => block['@type'] === 'Product');
      if (product) {
        expect(product.name).toEqual(expect.any(String));
        expect(product.offers).toMatchObject({
          '@type': 'Offer',
          priceCurrency: 'INR',
          price: '1600',
          url: canonical,
        });
      }
    });
  }

  test('the app shell of pages that are not prerendered says noindex', async ({ page }) => {
    for (const path of [
      '/no-such-page/at-all',
      '/profile',
      '/orders/2f6c1c2e-0000-4000-8000-000000000000',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['x-robots-tag'], path).toBe('noindex');
      await expect(page.locator('meta[name="robots"]'), path).toHaveCount(1);
      expect(await meta(page, 'meta[name="robots"]'), path).toBe('noindex');
      await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(0);
    }
  });

  test('the default view-number picture is a JPEG small enough for WhatsApp previews', async ({
    request,
  }) => {
    const response = await request.get('/images/view-number.jpg');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/jpeg');
    // WhatsApp often shows no picture for a preview image above about 300 kB.
    expect((await response.body()).length).toBeLessThan(150_000);
  });

  test('the icon is where browsers look for it; a missing file is a plain 404', async ({
    request,
  }) => {
    for (const [path, type] of [
      ['/favicon.ico', /^image\/(x-icon|vnd\.microsoft\.icon)$/],
      ['/apple-touch-icon.png', /^image\/png$/],
      ['/favicon.svg', /^image\/svg\+xml/],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(type);
    }
    for (const path of ['/manifest.webmanifest', '/images/missing.jpg', '/assets/missing.js']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type'], path).toBe('text/plain; charset=utf-8');
      expect(await response.text(), path).toBe('Not found');
    }
    for (const [path, location] of [
      ['/sitemap.xml/', '/sitemap.xml'],
      ['/favicon.ico/', '/favicon.ico'],
    ] as const) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers()['location'], path).toBe(location);
    }
  });
});

test.describe('robots tags in the browser', () => {
  test('a search in plain words and a page past the end say noindex in one robots tag', async ({
    page,
  }) => {
    for (const [path, status] of [
      ['/premium-numbers?text=786', 200],
      ['/premium-numbers?text=ending%20786&category=mirror-numbers', 200],
      ['/premium-numbers?page=999', 404],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      // The header says what the tag says (QA 25 F6).
      expect(response?.headers()['x-robots-tag'], path).toBe('noindex, follow');
      // As served, and once the listing has run in the browser (JavaScript on here).
      expect((await response!.text()).match(/<meta name="robots"[^>]*>/g), path).toEqual([
        '<meta name="robots" content="noindex, follow"/>',
      ]);
      // A page past the end shows both (the listing's count and its note): either will do.
      await expect(
        page.getByTestId('listing-count').or(page.getByText('past the end')).first(),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('meta[name="robots"]'), path).toHaveCount(1);
      expect(await meta(page, 'meta[name="robots"]'), path).toBe('noindex, follow');
    }
  });
});

test.describe('sitemap.xml and robots.txt', () => {
  test('the sitemap lists every public page on the public address', async ({ request }) => {
    // sitemap.xml is an index (number-pages.spec.ts): the public pages are in its first sitemap.
    const index = await (await request.get('/sitemap.xml')).text();
    expect(index).toContain(`<loc>${publicBase}/sitemap-pages.xml</loc>`);
    const response = await request.get('/sitemap-pages.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const sample of samples.filter((each) => !each.noIndex && !each.canonical)) {
      expect(xml).toContain(`<loc>${`${publicBase}${sample.path}`.replace(/'/g, '&apos;')}</loc>`);
    }
    for (const path of [
      '/offer-zone',
      '/vip-numbers/goa',
      '/blogs',
      '/terms-and-conditions',
      '/numerology',
    ]) {
      expect(xml).toContain(`<loc>${publicBase}${path}</loc>`);
    }
    expect(xml).not.toContain('/cart<');
    expect(xml).not.toContain('/vip-numbers/maharashtra/mumbai<');
    expect(xml).not.toContain('/profile<');
    expect(xml).not.toContain('/numbers<');
    expect((xml.match(/<url>/g) ?? []).length).toBeGreaterThan(80);
  });

  test('every page of the pages sitemap, and a sample of the number sitemap, is whole in search results', async ({
    request,
  }) => {
    const pages = sitemapPaths(await (await request.get('/sitemap-pages.xml')).text());
    const numbers = sitemapPaths(await (await request.get('/sitemaps/numbers-1.xml')).text());
    expect(pages.length).toBeGreaterThan(80);
    const sample = [numbers[0]!, numbers[Math.floor(numbers.length / 2)]!, numbers.at(-1)!];
    // QA 25 F2: a page's description 160 characters at most, its title 70 (decision 0088 F7).
    for (const path of [...pages, ...sample]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const description = htmlText(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]);
      const title = htmlText(/<title>([^<]*)<\/title>/.exec(html)?.[1]);
      expect(description.length, `${path}: ${description}`).toBeGreaterThan(50);
      expect(description.length, `${path}: ${description}`).toBeLessThanOrEqual(160);
      expect(title.length, `${path}: ${title}`).toBeGreaterThan(0);
      expect(title.length, `${path}: ${title}`).toBeLessThanOrEqual(70);
    }
  });

  test('robots.txt allows all but the profile and API, and names the sitemap', async ({
    request,
  }) => {
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Allow: /');
    for (const path of ['/profile', '/api/']) expect(text).toContain(`Disallow: ${path}`);
    // The cart says noindex itself; a crawler must be let in to read it.
    expect(text).not.toContain('Disallow: /cart');
    expect(text).toContain(`Sitemap: ${publicBase}/sitemap.xml`);
  });
});

test.describe('without an analytics id or a chat token', () => {
  test('no analytics or chat script is requested', async ({ page }) => {
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      const host = new URL(request.url()).hostname;
      if (!['127.0.0.1', 'localhost'].includes(host)) thirdParty.push(request.url());
    });
    await page.goto('/');
    const blogs = page.getByRole('contentinfo').getByRole('link', { name: 'Blogs' });
    await clickWhenHydrated(blogs);
    await expect(page).toHaveURL(/\/blogs$/);
    await page.waitForTimeout(2500);
    expect(thirdParty).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window || 'gtag' in window)).toBe(false);
    await expect(page.locator('script[src*="googletagmanager"], #chat-widget-script')).toHaveCount(
      0,
    );
    await expect(page.getByRole('region', { name: 'Cookie choice' })).toHaveCount(0);
  });
});

test.describe('campaign tracking', () => {
  const KEY = 'campaign_tracking';
  const DAY_MS = 24 * 3600 * 1000;

  async function saved(page: Page): Promise<Record<string, string | null> | null> {
    const raw = await page.evaluate((key) => window.localStorage.getItem(key), KEY);
    return raw ? (JSON.parse(raw) as Record<string, string | null>) : null;
  }

  test('saves gclid, utm_source and utm_campaign from the landing address for 90 days', async ({
    page,
  }) => {
    const before = Date.now();
    await page.goto('/?utm_source=google&utm_campaign=x&gclid=abc');
    await expect.poll(() => saved(page)).not.toBeNull();
    const record = (await saved(page))!;
    expect(record).toMatchObject({
      gclid: 'abc',
      utm_source: 'google',
      utm_campaign: 'x',
      landing_page: '/?utm_source=google&utm_campaign=x&gclid=abc',
    });
    const landed = Date.parse(record.timestamp!);
    expect(landed).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(record.expires_at!) - landed).toBe(90 * DAY_MS);

    // Browsing on without campaign parameters keeps it.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    expect(await saved(page)).toEqual(record);
  });

  test('saves an untagged visit from another site as a referral, never over a campaign', async ({
    page,
  }) => {
    await page.goto('/why-us', { referer: 'https://www.google.co.in/' });
    await expect
      .poll(() => saved(page))
      .toMatchObject({
        gclid: null,
        utm_source: null,
        referrer: 'www.google.co.in',
        referrer_medium: 'organic',
        landing_page: '/why-us',
      });
    // Moving on inside the store is not a new landing.
    const record = await saved(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    expect(await saved(page)).toEqual(record);

    await page.goto('/offer-zone?utm_source=newsletter');
    await expect.poll(async () => (await saved(page))?.utm_source).toBe('newsletter');
    await page.goto('/contact-us', { referer: 'https://blog.example.org/post' });
    await page.waitForTimeout(500);
    expect(await saved(page)).toMatchObject({ utm_source: 'newsletter' });
    expect(await saved(page)).not.toHaveProperty('referrer');
  });

  test('ignores and removes an expired record', async ({ page }) => {
    await page.goto('/contact-us');
    await page.evaluate((key) => {
      const past = Date.now() - 91 * 24 * 3600 * 1000;
      window.localStorage.setItem(
        key,
        JSON.stringify({
          gclid: 'old',
          utm_source: 'google',
          utm_campaign: 'spring',
          timestamp: new Date(past).toISOString(),
          landing_page: '/?gclid=old',
          expires_at: new Date(past + 90 * 24 * 3600 * 1000).toISOString(),
        }),
      );
    }, KEY);
    await page.reload();
    await expect.poll(() => saved(page)).toBeNull();

    // A new campaign visit saves a fresh record.
    await page.goto('/offer-zone?utm_source=newsletter');
    await expect.poll(async () => (await saved(page))?.utm_source).toBe('newsletter');
    expect((await saved(page))?.gclid).toBeNull();
  });
});

/** The root-relative paths a sitemap lists (its addresses are on the public base). */
function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    htmlText(match[1]).slice(publicBase.length),
  );
}

/** Text as written in HTML or XML, its character references read (as a browser counts it). */
function htmlText(written: string | undefined): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return (written ?? '').replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (reference, name: string) => {
    if (name.startsWith('#')) {
      const hex = name[1]?.toLowerCase() === 'x';
      return String.fromCodePoint(parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return named[name] ?? reference;
  });
}
