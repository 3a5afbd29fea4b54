import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { renderedPagesSuite } from '../../test-support/rendered-pages';
import { buyerWithOrder, lapseHold, staffMember } from '../../test-support/sales';
import { insertTestNumbers } from '../../test-support/numbers';
import { api } from '../../test-support/session-client';
import type { ListingPageData, PageData } from './page-renderer';

/** A web build's client folder with the prerendered pages the listing addresses fall back to. */
function webBuild() {
  const client = join(mkdtempSync(join(tmpdir(), 'web-')), 'client');
  const files: Record<string, string> = {
    'index.html': '<html>home</html>',
    '__spa-fallback.html': '<html>app shell</html>',
    'premium-numbers/index.html': '<html>prerendered listing</html>',
    'premium-numbers/category/mirror-numbers.html': '<html>prerendered mirror numbers</html>',
    'offer-zone/index.html': '<html>prerendered offer zone</html>',
    'vip-numbers/maharashtra/mumbai/index.html':
      '<html><meta name="robots" content="index, follow"/>prerendered mumbai</html>',
    'csp-hashes.json': '{}',
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(client, name)), { recursive: true });
    writeFileSync(join(client, name), text);
  }
  return client;
}

interface ListingCall {
  path: string;
  listing: ListingPageData;
}

/**
 * A stand-in for the web build's renderer: what it was given, and a page with a link per number
 * of the listing (as the listing's cards are links to the numbers' pages).
 */
function stubRenderer(fail = false) {
  const calls: ListingCall[] = [];
  const render = async (path: string, data: PageData) => {
    if (fail) throw new Error('the build exports no listingPageContext');
    const listing = data.listing!;
    calls.push({ path, listing });
    const links = listing.page.items.map((item) => `<a href="/numbers/${item.number}">`);
    return { status: 200, html: `<html>${path} ${links.join('')}</html>` };
  };
  return { calls, render };
}

function listingPagesSuite(
  title: string,
  options: { env?: Record<string, string>; fail?: boolean },
  body: Parameters<typeof renderedPagesSuite<ListingCall>>[2],
) {
  renderedPagesSuite(
    title,
    {
      webBuildDir: webBuild,
      env: options.env,
      stub: stubRenderer(options.fail),
      numbers: [
        { number: '9876598765', basePrice: 50_000, finalPrice: 45_000 },
        { number: '9811223344', basePrice: 5_000 },
        { number: '9512120345', basePrice: 9_500, status: 'sold' },
      ],
    },
    body,
  );
}

/** `count` numbers on sale, none of them in the suite's own. */
const moreNumbers = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    number: `70000${String(10_000 + i * 37).padStart(5, '0')}`,
    basePrice: 3_000 + i,
  }));

const numberLinks = (html: string) =>
  [...html.matchAll(/href="\/numbers\/(\d+)"/g)].map((m) => m[1]);

listingPagesSuite('Listing pages served with their numbers', {}, (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'GET', url, headers });

  it("serves a category's page with its numbers' links, as GET /numbers lists them", async () => {
    const res = await get('/premium-numbers?category=mirror-numbers', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(numberLinks(brotliDecompressSync(res.rawPayload).toString())).toEqual(['9876598765']);
    const listed = await get('/api/v1/numbers?category=mirror-numbers');
    expect(ctx().calls).toEqual([
      {
        path: '/premium-numbers?category=mirror-numbers',
        listing: { search: 'category=mirror-numbers', page: listed.json().data },
      },
    ]);
  });

  it('serves the listing, a further page, the offer zone, a city and the home page with their numbers', async () => {
    expect(numberLinks((await get('/premium-numbers')).body).sort()).toEqual([
      '9811223344',
      '9876598765',
    ]);
    expect(numberLinks((await get('/offer-zone')).body)).toEqual(['9876598765']);
    expect(numberLinks((await get('/vip-numbers/maharashtra/mumbai')).body)).toHaveLength(2);
    // The home page's offers: four numbers on offer at most, at its own address only.
    expect(numberLinks((await get('/')).body)).toEqual(['9876598765']);
    expect(ctx().calls.at(-1)?.listing).toMatchObject({ search: '', page: { pageSize: 4 } });
    expect((await get('/?utm_source=ads')).body).toBe('<html>home</html>');
    // 24 numbers more: the listing has a second page.
    await insertTestNumbers(ctx().app, moreNumbers(24));
    const second = await get('/premium-numbers?page=2');
    expect(second.statusCode).toBe(200);
    // 26 on sale (one of the suite's is sold): 2 on the second page.
    expect(numberLinks(second.body)).toHaveLength(2);
    expect(ctx().calls.map(({ path, listing }) => [path, listing.page.page])).toEqual([
      ['/premium-numbers', 1],
      ['/offer-zone', 1],
      ['/vip-numbers/maharashtra/mumbai', 1],
      ['/', 1],
      ['/premium-numbers?page=2', 2],
    ]);
  });

  it('answers a page past the end 404 and noindex, follow with its prerendered page, rendering nothing', async () => {
    for (const [url, body] of [
      ['/premium-numbers?page=99999', 'prerendered listing'],
      ['/premium-numbers?page=2', 'prerendered listing'],
      ['/premium-numbers?category=mirror-numbers&page=500', 'prerendered mirror numbers'],
      [
        '/vip-numbers/maharashtra/mumbai?page=3',
        // Its one robots tag says what its header says (the built page's says index).
        '<meta name="robots" content="noindex, follow"/>prerendered mumbai',
      ],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(404);
      // The same words as its robots tag (QA 25 F6).
      expect(res.headers['x-robots-tag'], url).toBe('noindex, follow');
      expect(res.body, url).toBe(`<html>${body}</html>`);
    }
    expect(ctx().calls).toEqual([]);
  });

  it('sends the prerendered page for every other query, a search marked noindex, follow', async () => {
    for (const [url, body] of [
      ['/premium-numbers?sort=price_asc', 'prerendered listing'],
      ['/premium-numbers?page=1', 'prerendered listing'],
      ['/premium-numbers?page=abc', 'prerendered listing'],
      ['/premium-numbers?category=Mirror-Numbers', 'prerendered mirror numbers'],
      ['/premium-numbers?category=mirror-numbers&utm_source=ads', 'prerendered mirror numbers'],
      [
        '/premium-numbers?category=mirror-numbers&category=mirror-numbers',
        'prerendered mirror numbers',
      ],
      ['/offer-zone?text=ending%20786', 'prerendered offer zone'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(`<html>${body}</html>`);
    }
    expect((await get('/premium-numbers?text=ending%20786')).headers['x-robots-tag']).toBe(
      'noindex, follow',
    );
    expect((await get('/premium-numbers?sort=price_asc')).headers['x-robots-tag']).toBeUndefined();
    // An unknown place is no page: the app shell (it moves on in the browser), 404, not rendered.
    const nowhere = await get('/vip-numbers/nowhere/at-all');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.body).toBe('<html>app shell</html>');
    expect(ctx().calls).toEqual([]);
  });
});

listingPagesSuite(
  'Listing pages with the page cache on',
  { env: { CATALOG_CACHE_SECONDS: '30' } },
  (ctx) => {
    const links = async () =>
      numberLinks((await ctx().app.inject({ method: 'GET', url: '/premium-numbers' })).body).sort();

    it('renders a page once, and drops a number held or sold a moment ago on the next request', async () => {
      const { app } = ctx();
      const [row] = await app.database.query<{ id: number }>(
        "select id from numbers where number = '9876598765'",
      );
      expect(await links()).toEqual(['9811223344', '9876598765']);
      expect(await links()).toEqual(['9811223344', '9876598765']);
      expect(ctx().calls).toHaveLength(1);

      // Held by a checkout: gone from the next page.
      const { order } = await buyerWithOrder(app, [row!.id]);
      expect(await links()).toEqual(['9811223344']);

      // The hold lapses (nothing is told: listed again once the page is rendered again, here
      // after a price change), then the late payment sells it: gone from the next page.
      await lapseHold(app.database, order.id);
      await app.services.catalog.reprice(row!.id, { finalPrice: 44_000_00 });
      expect(await links()).toEqual(['9811223344', '9876598765']);
      const staff = await staffMember(app, 'admin');
      const paid = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
        reference: 'UPI-556677',
      });
      expect(paid.statusCode).toBe(200);
      expect(await links()).toEqual(['9811223344']);
      expect(ctx().calls).toHaveLength(4);
    });
  },
);

listingPagesSuite(
  'Listing pages past a client address its render limit',
  { env: { CATALOG_CACHE_SECONDS: '30', PAGE_RENDERS_PER_MINUTE: '2' } },
  (ctx) => {
    const from = (remoteAddress: string, url: string) =>
      ctx().app.inject({ method: 'GET', url, remoteAddress });

    it('sends the prerendered page once an address has had its renders; pages kept are not counted', async () => {
      const rendered = () => ctx().calls.map((call) => call.path);
      // Kept pages are sent as often as asked: one render.
      for (let i = 0; i < 5; i++) await from('203.0.113.21', '/premium-numbers');
      expect((await from('203.0.113.21', '/offer-zone')).statusCode).toBe(200);
      expect(rendered()).toEqual(['/premium-numbers', '/offer-zone']);

      const third = await from('203.0.113.21', '/vip-numbers/maharashtra/mumbai');
      expect(third.statusCode).toBe(200);
      expect(third.body).toBe(
        '<html><meta name="robots" content="index, follow"/>prerendered mumbai</html>',
      );
      // A page past the end is no render either: it still answers 404.
      expect((await from('203.0.113.21', '/premium-numbers?page=40')).statusCode).toBe(404);
      // A page another address had rendered is kept: sent as rendered.
      expect(numberLinks((await from('203.0.113.21', '/premium-numbers')).body)).toHaveLength(2);
      expect(rendered()).toHaveLength(2);
      expect(ctx().logs.map((line) => line.msg)).toContain(
        "listing page over its client's render limit",
      );

      // Another address has its own renders.
      const other = await from('203.0.113.22', '/vip-numbers/maharashtra/mumbai');
      expect(numberLinks(other.body)).toHaveLength(2);
      expect(rendered()).toEqual([
        '/premium-numbers',
        '/offer-zone',
        '/vip-numbers/maharashtra/mumbai',
      ]);
    });
  },
);

listingPagesSuite('Listing pages when the web build cannot render them', { fail: true }, (ctx) => {
  it('sends the prerendered page with 200 and logs the error', async () => {
    for (const [url, body] of [
      ['/premium-numbers?category=mirror-numbers', 'prerendered mirror numbers'],
      ['/premium-numbers', 'prerendered listing'],
    ]) {
      const res = await ctx().app.inject({ method: 'GET', url: url! });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(`<html>${body}</html>`);
    }
    const errors = ctx().logs.filter((line) => line.level >= 50);
    expect(errors.map((line) => line.msg)).toEqual([
      'listing page not rendered: its prerendered page answers',
      'listing page not rendered: its prerendered page answers',
    ]);
  });
});
