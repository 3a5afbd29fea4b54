import { gunzipSync } from 'node:zlib';
import { beforeEach, expect, it } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import { describeEachDatabase } from '../../test-support/test-app';

const hour = 3600 * 1000;

describeEachDatabase('the sitemaps', (ctx) => {
  beforeEach(async () => {
    await insertTestNumbers(ctx().app, [
      { number: '9876598765', basePrice: 50_000 },
      { number: '9811223344', basePrice: 5_000, status: 'sold' },
      { number: '9512120345', basePrice: 9_500, status: 'hidden' },
      {
        number: '9559900590',
        basePrice: 11_000,
        status: 'reserved',
        reservedUntil: new Date(Date.now() + hour),
      },
    ]);
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'GET', url, headers });

  it('indexes the pages sitemap and the number sitemaps that have numbers', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'http://store.test/sitemap-pages.xml',
      'http://store.test/sitemaps/numbers-1.xml',
    ]);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('answers as a page whatever the query string holds, a NUL character too', async () => {
    const res = await get('/sitemap.xml?utm_source=a%00b');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<sitemapindex');
  });

  it('lists the numbers on sale (held ones too), never a sold or hidden one', async () => {
    const res = await get('/sitemaps/numbers-1.xml', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const xml = gunzipSync(res.rawPayload).toString();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual([
      'http://store.test/numbers/9559900590',
      'http://store.test/numbers/9876598765',
    ]);
  });

  it('puts at most 50,000 numbers in a sitemap, by id', async () => {
    await ctx().database.query(
      `insert into numbers (id, number, base_price, final_price, category, categories, digit_sum, mid, total)
       overriding system value values (50001, '9000000012', 100, 100, 'septa', '{septa}', 12, 3, 3),
                                     (100001, '9000000013', 100, 100, 'septa', '{septa}', 13, 4, 4)`,
    );
    const index = (await get('/sitemap.xml')).body;
    for (const n of [1, 2, 3]) expect(index).toContain(`/sitemaps/numbers-${n}.xml`);
    expect((await get('/sitemaps/numbers-2.xml')).body).toContain('/numbers/9000000012');
    expect((await get('/sitemaps/numbers-2.xml')).body).not.toContain('/numbers/9876598765');
    expect((await get('/sitemaps/numbers-3.xml')).body).toContain('/numbers/9000000013');
  });

  it('answers 404 for a sitemap that does not exist', async () => {
    for (const file of ['numbers-4.xml', 'numbers-0.xml', 'other.xml', 'numbers-1.txt']) {
      expect((await get(`/sitemaps/${file}`)).statusCode, file).toBe(404);
    }
  });
});
