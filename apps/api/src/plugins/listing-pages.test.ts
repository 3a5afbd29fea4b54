import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { logLines, type LogLine } from '../../test-support/log-lines';
import { insertTestNumbers } from '../../test-support/numbers';
import { buyerWithOrder, lapseHold, staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { resetDatabase, sharedDatabase, testConfig } from '../../test-support/test-app';
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
    'vip-numbers/maharashtra/mumbai/index.html': '<html>prerendered mumbai</html>',
    'csp-hashes.json': '{}',
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(client, name)), { recursive: true });
    writeFileSync(join(client, name), text);
  }
  return client;
}

/**
 * A stand-in for the web build's renderer: what it was given, and a page with a link per number
 * of the listing (as the listing's cards are links to the numbers' pages).
 */
function stubRenderer(fail = false) {
  const calls: { path: string; listing: ListingPageData }[] = [];
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
  body: (
    ctx: () => { app: App; calls: ReturnType<typeof stubRenderer>['calls']; logs: LogLine[] },
  ) => void,
) {
  describe(title, () => {
    let app: App;
    const stub = stubRenderer(options.fail);
    const log = logLines();
    beforeAll(async () => {
      app = await buildApp(
        testConfig({ WEB_BUILD_DIR: webBuild(), LOG_LEVEL: 'warn', ...options.env }),
        { database: await sharedDatabase(), renderPage: stub.render, logStream: log.stream },
      );
      await app.ready();
    });
    beforeEach(async () => {
      await resetDatabase(app.database);
      stub.calls.length = 0;
      log.lines.length = 0;
      await insertTestNumbers(app, [
        { number: '9876598765', basePrice: 50_000, finalPrice: 45_000 },
        { number: '9811223344', basePrice: 5_000 },
        { number: '9512120345', basePrice: 9_500, status: 'sold' },
      ]);
    });
    afterAll(() => app.close());
    body(() => ({ app, calls: stub.calls, logs: log.lines }));
  });
}

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

  it('serves the listing, a further page, the offer zone and a city with their numbers', async () => {
    expect(numberLinks((await get('/premium-numbers')).body).sort()).toEqual([
      '9811223344',
      '9876598765',
    ]);
    expect(numberLinks((await get('/offer-zone')).body)).toEqual(['9876598765']);
    expect(numberLinks((await get('/vip-numbers/maharashtra/mumbai')).body)).toHaveLength(2);
    const second = await get('/premium-numbers?page=2&category=mirror-numbers');
    expect(second.statusCode).toBe(200);
    expect(ctx().calls.map(({ path, listing }) => [path, listing.page.page])).toEqual([
      ['/premium-numbers', 1],
      ['/offer-zone', 1],
      ['/vip-numbers/maharashtra/mumbai', 1],
      ['/premium-numbers?category=mirror-numbers&page=2', 2],
    ]);
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
    expect((await get('/vip-numbers/nowhere/at-all')).body).toBe('<html>app shell</html>');
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
