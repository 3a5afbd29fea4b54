import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { buildApp, type App } from '../app';
import { renderedPagesSuite } from '../../test-support/rendered-pages';
import { sharedDatabase, testConfig } from '../../test-support/test-app';
import type { NumberPageData, PageData } from './page-renderer';

/**
 * A stand-in for the web build's renderer: what it was given, and 404 without a number. It
 * decodes the path first, as React Router's prerendering does (a bare % throws URIError).
 */
function stubRenderer() {
  const calls: NumberPageData[] = [];
  const render = async (path: string, data: PageData) => {
    const page = data.number!;
    decodeURI(path);
    calls.push(page);
    return {
      status: page.number ? 200 : 404,
      html: `<html>${path} ${JSON.stringify(page)}<script>window.page = ${JSON.stringify(path)}</script></html>`,
    };
  };
  return { calls, render };
}

function numberPagesSuite(
  title: string,
  env: Record<string, string>,
  body: Parameters<typeof renderedPagesSuite<NumberPageData>>[2],
) {
  renderedPagesSuite(
    title,
    {
      webBuildDir: () => join(mkdtempSync(join(tmpdir(), 'no-web-')), 'client'),
      env,
      stub: stubRenderer(),
      numbers: [
        { number: '9876598765', basePrice: 50_000, finalPrice: 45_000 },
        { number: '9811223344', basePrice: 5_000, status: 'sold' },
        { number: '9512120345', basePrice: 9_500, status: 'hidden' },
      ],
    },
    body,
  );
}

numberPagesSuite('GET /numbers/{digits}: a number page', {}, (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'GET', url, headers });

  it('renders a number on sale with its data, indexable, compressed when asked', async () => {
    const res = await get('/numbers/9876598765', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('/numbers/9876598765');
    // Its inline script, and no other, is admitted by the answer's policy (by hash).
    const script = `window.page = ${JSON.stringify('/numbers/9876598765')}`;
    const hash = createHash('sha256').update(script).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(ctx().calls[0]).toMatchObject({
      digits: '9876598765',
      number: { number: '9876598765', status: 'available', saving: 5_000 },
    });
  });

  it('redirects a number written with +91, 0, spaces or hyphens to its page', async () => {
    for (const [url, location] of [
      ['/numbers/+919876598765', '/numbers/9876598765'],
      ['/numbers/%2B91%2098765%2098765?utm_source=sms', '/numbers/9876598765?utm_source=sms'],
      ['/numbers/09876598765', '/numbers/9876598765'],
      ['/numbers/98765-98765', '/numbers/9876598765'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    expect(ctx().calls).toEqual([]);
  });

  it('redirects a trailing slash to the page, keeping the query, whatever the client accepts', async () => {
    for (const [url, location] of [
      ['/numbers/9876598765/', '/numbers/9876598765'],
      ['/numbers/9876598765/?utm_source=sms&a=1', '/numbers/9876598765?utm_source=sms&a=1'],
      ['/numbers/+919876598765/', '/numbers/+919876598765'],
      ['/numbers/not-a-number/', '/numbers/not-a-number'],
    ]) {
      for (const headers of [{}, { 'accept-encoding': 'gzip, br' }]) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await ctx().app.inject({ method, url: url!, headers });
          expect(res.statusCode, `${method} ${url}`).toBe(301);
          expect(res.headers.location, url).toBe(location);
        }
      }
    }
    expect(ctx().calls).toEqual([]);
  });

  it('marks a sold or hidden number noindex, and answers 404 (noindex) for one never in store', async () => {
    for (const digits of ['9811223344', '9512120345']) {
      const res = await get(`/numbers/${digits}`);
      expect(res.statusCode, digits).toBe(200);
      expect(res.headers['x-robots-tag'], digits).toBe('noindex');
    }
    expect(ctx().calls.map((page) => page.number?.status)).toEqual(['sold', 'hidden']);
    for (const digits of ['9000000001', 'not-a-number', '12345']) {
      const res = await get(`/numbers/${digits}`);
      expect(res.statusCode, digits).toBe(404);
      expect(res.headers['x-robots-tag'], digits).toBe('noindex');
      expect(res.body).toContain(`/numbers/${digits}`);
    }
    expect(
      ctx()
        .calls.slice(2)
        .map((page) => page.number),
    ).toEqual([null, null, null]);
  });

  it('answers digits the address decodes to %, # or ? as no number: 404, nothing logged', async () => {
    // The router decodes %25 to "%": rendered as /numbers/%, React Router's decodeURI threw
    // and the page answered 503 with an error logged.
    for (const [url, digits] of [
      ['/numbers/%25', '%'],
      ['/numbers/%23', '#'],
      ['/numbers/%3F', '?'],
      ['/numbers/98%2F76', '98/76'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain(url);
      expect(ctx().calls.at(-1), url).toEqual({ digits, number: null });
    }
    expect(ctx().logs).toEqual([]);
  });
});

numberPagesSuite(
  'GET /numbers/{digits} with the page cache on',
  { CATALOG_CACHE_SECONDS: '30' },
  (ctx) => {
    it('renders a page once, and again after the catalogue changes', async () => {
      const get = () => ctx().app.inject({ method: 'GET', url: '/numbers/9876598765' });
      await get();
      await get();
      expect(ctx().calls).toHaveLength(1);
      const [row] = await ctx().app.database.query<{ id: number }>(
        "select id from numbers where number = '9876598765'",
      );
      await ctx().app.services.catalog.reprice(row!.id, { finalPrice: 40_000_00 });
      await get();
      expect(ctx().calls).toHaveLength(2);
      expect(ctx().calls[1]?.number?.pricing?.nwFinalPrice).toBe(40_000);
    });
  },
);

describe('GET /numbers/{digits} when the web build cannot render it', () => {
  let app: App;
  beforeAll(async () => {
    const client = join(mkdtempSync(join(tmpdir(), 'web-')), 'client');
    mkdirSync(client);
    writeFileSync(join(client, '__spa-fallback.html'), '<html>app shell</html>');
    app = await buildApp(testConfig({ WEB_BUILD_DIR: client }), {
      database: await sharedDatabase(),
      renderPage: () => Promise.reject(new Error('the build exports no numberPageContext')),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 503 with the app shell, which renders the page in the browser', async () => {
    const res = await app.inject({ method: 'GET', url: '/numbers/9876598765' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('300');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('<html>app shell</html>');
  });
});
