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

/** The robots tag's words by the number's status, as the web's number-meta.ts writes them. */
const robotsOf = (status: string | undefined) =>
  status === 'available' || status === 'reserved'
    ? 'index, follow'
    : status === 'sold' || status === 'coming_soon'
      ? 'noindex, follow'
      : 'noindex, nofollow';

/**
 * A stand-in for the web build's renderer: what it was given, its robots tag, and 404 without
 * a number. It decodes the path first, as React Router's prerendering does (a bare % throws
 * URIError).
 */
function stubRenderer() {
  const calls: NumberPageData[] = [];
  const render = async (path: string, data: PageData) => {
    const page = data.number!;
    decodeURI(path);
    calls.push(page);
    return {
      status: page.number ? 200 : 404,
      html: `<html><meta name="robots" content="${robotsOf(page.number?.status)}"/>${path} ${JSON.stringify(page)}<script>window.page = ${JSON.stringify(path)}</script></html>`,
    };
  };
  return { calls, render };
}

/** A web build's client folder with the pages a number's address may be answered with. */
function webBuild() {
  const client = join(mkdtempSync(join(tmpdir(), 'web-')), 'client');
  mkdirSync(join(client, 'numbers', 'not-found'), { recursive: true });
  writeFileSync(join(client, '__spa-fallback.html'), '<html>app shell</html>');
  writeFileSync(join(client, 'numbers', 'not-found', 'index.html'), notFoundPage);
  writeFileSync(
    join(client, 'csp-hashes.json'),
    JSON.stringify({ 'numbers/not-found/index.html': ["'sha256-notfound'"] }),
  );
  return client;
}

const notFoundPage =
  '<html><meta name="robots" content="noindex, nofollow"/>We do not have that number</html>';

function numberPagesSuite(
  title: string,
  env: Record<string, string>,
  body: Parameters<typeof renderedPagesSuite<NumberPageData>>[2],
) {
  renderedPagesSuite(
    title,
    {
      webBuildDir: webBuild,
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

  it("marks a sold or hidden number noindex, and answers 404 (noindex) for one never in store, each header in its robots tag's words", async () => {
    for (const [digits, robots] of [
      ['9811223344', 'noindex, follow'],
      ['9512120345', 'noindex, nofollow'],
    ]) {
      const res = await get(`/numbers/${digits}`);
      expect(res.statusCode, digits).toBe(200);
      expect(res.headers['x-robots-tag'], digits).toBe(robots);
    }
    expect(ctx().calls.map((page) => page.number?.status)).toEqual(['sold', 'hidden']);
    const res = await get('/numbers/9000000001');
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('/numbers/9000000001');
    expect(ctx().calls[2]).toEqual({ digits: '9000000001', number: null });
  });

  it('answers an address that is no number with the prerendered not-found page, never rendered', async () => {
    // Rendered, the address's words were the page's heading, description and canonical link
    // ("We do not have Our store moved to …"), as link previews show them.
    for (const url of [
      '/numbers/Our%20store%20moved%20to%20evil-example.in%20pay%20there',
      '/numbers/not-a-number',
      '/numbers/12345',
      '/numbers/1234567890',
      '/numbers/98765987650',
      '/numbers/%3Cscript%3E',
      // The router decodes %25 to "%" (rendered, React Router's decodeURI threw: 503).
      '/numbers/%25',
      '/numbers/%23',
      '/numbers/%3F',
      '/numbers/98%2F76',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe(notFoundPage);
      expect(String(res.headers['content-security-policy']), url).toContain("'sha256-notfound'");
    }
    expect(ctx().calls).toEqual([]);
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

numberPagesSuite(
  'GET /numbers/{digits} past a client address its render limit',
  { CATALOG_CACHE_SECONDS: '30', PAGE_RENDERS_PER_MINUTE: '2' },
  (ctx) => {
    const from = (remoteAddress: string, digits: string) =>
      ctx().app.inject({ method: 'GET', url: `/numbers/${digits}`, remoteAddress });

    it('answers with the app shell (503, come back) once an address has had its renders', async () => {
      const rendered = () => ctx().calls.map((call) => call.digits);
      // Kept pages are sent as often as asked: one render.
      for (let i = 0; i < 5; i++) await from('203.0.113.31', '9876598765');
      expect((await from('203.0.113.31', '9811223344')).statusCode).toBe(200);
      // No number costs no render.
      expect((await from('203.0.113.31', 'not-a-number')).statusCode).toBe(404);
      expect(rendered()).toEqual(['9876598765', '9811223344']);

      const third = await from('203.0.113.31', '9512120345');
      expect(third.statusCode).toBe(503);
      expect(third.headers['retry-after']).toBe('300');
      expect(third.body).toBe('<html>app shell</html>');
      expect(rendered()).toHaveLength(2);
      expect(ctx().logs.map((line) => line.msg)).toContain(
        "number page over its client's render limit",
      );

      // Another address has its own renders.
      const other = await from('203.0.113.32', '9512120345');
      expect(other.statusCode).toBe(200);
      expect(rendered()).toEqual(['9876598765', '9811223344', '9512120345']);
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
