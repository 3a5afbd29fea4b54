import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { logLines } from '../../test-support/log-lines';
import { sharedDatabase, testConfig } from '../../test-support/test-app';

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const listingScript = 'window.__reactRouterContext = {}';
const listingPage = `<html><meta name="robots" content="index, follow"/><script>${listingScript}</script>listing</html>`;
const mirrorScript = 'window.__reactRouterContext = { mirror: true }';
const mirrorPage = `<html><script>${mirrorScript}</script>mirror numbers</html>`;

/** The sources of one directive of a Content-Security-Policy header. */
const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1) ?? [];

describe('serving the built web app', () => {
  let app: App;
  let buildDir: string;
  beforeAll(async () => {
    buildDir = mkdtempSync(join(tmpdir(), 'web-build-'));
    writeFileSync(join(buildDir, 'index.html'), '<html>home page</html>');
    writeFileSync(join(buildDir, '__spa-fallback.html'), '<html>app shell</html>');
    mkdirSync(join(buildDir, 'vip-numbers/uttar-pradesh/noida'), { recursive: true });
    writeFileSync(
      join(buildDir, 'vip-numbers/uttar-pradesh/noida/index.html'),
      '<html>noida</html>',
    );
    mkdirSync(join(buildDir, 'blogs/a-post'), { recursive: true });
    writeFileSync(join(buildDir, 'blogs/a-post/index.html'), '<html>a post</html>');
    mkdirSync(join(buildDir, "faq's"));
    writeFileSync(join(buildDir, "faq's/index.html"), '<html>faq</html>');
    mkdirSync(join(buildDir, 'premium-numbers'));
    writeFileSync(join(buildDir, 'premium-numbers/index.html'), listingPage);
    writeFileSync(join(buildDir, 'premium-numbers/index.html.br'), brotliCompressSync(listingPage));
    mkdirSync(join(buildDir, 'premium-numbers/category'));
    writeFileSync(join(buildDir, 'premium-numbers/category/mirror-numbers.html'), mirrorPage);
    writeFileSync(
      join(buildDir, 'premium-numbers/category/mirror-numbers.html.br'),
      brotliCompressSync(mirrorPage),
    );
    writeFileSync(
      join(buildDir, 'csp-hashes.json'),
      JSON.stringify({
        'premium-numbers/index.html': [hashOf(listingScript)],
        'premium-numbers/category/mirror-numbers.html': [hashOf(mirrorScript)],
        '__spa-fallback.html': [hashOf('window.shell = 1')],
      }),
    );
    mkdirSync(join(buildDir, 'assets'));
    writeFileSync(join(buildDir, 'assets/app-123.js'), 'console.log(1)');
    writeFileSync(join(buildDir, 'assets/app-123.js.br'), brotliCompressSync('console.log(1)'));
    app = await buildApp(testConfig({ WEB_BUILD_DIR: buildDir }), {
      database: await sharedDatabase(),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('redirects an address with a trailing slash to the page, whatever the client accepts', async () => {
    const cases: [string, string][] = [
      ['/premium-numbers/', '/premium-numbers'],
      [
        '/vip-numbers/uttar-pradesh/noida//?page=2&q=1',
        '/vip-numbers/uttar-pradesh/noida?page=2&q=1',
      ],
      ['//evil.example/', '/evil.example'],
      ['/no-such-page/', '/no-such-page'],
    ];
    for (const [url, location] of cases) {
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(301);
        expect(res.headers.location, url).toBe(location);
      }
    }
    const head = await app.inject({ method: 'HEAD', url: '/premium-numbers/' });
    expect(head.statusCode).toBe(301);
    // The API keeps its own rules (a trailing slash is ignored there), and "/" is the home page.
    expect((await get('/api/v1/health/')).statusCode).toBe(200);
    expect((await get('/')).statusCode).toBe(200);
  });

  it("redirects a built page's file name to the page's own address", async () => {
    const cases: [string, string][] = [
      ['/index.html', '/'],
      ['/premium-numbers/index.html', '/premium-numbers'],
      ['/premium-numbers/index%2Ehtml?page=2', '/premium-numbers?page=2'],
      ["/faq's/index.html", "/faq's"],
      ['/faq%27s/index.html', "/faq's"],
      ['//evil.example/index.html', '/evil.example'],
      ['/%2F%2Fevil.example/index.html', '/evil.example'],
      ['/premium-numbers/category/mirror-numbers.html', '/premium-numbers?category=mirror-numbers'],
      [
        '/premium-numbers/category/mirror-numbers.html?utm_source=ads',
        '/premium-numbers?category=mirror-numbers&utm_source=ads',
      ],
    ];
    for (const [url, location] of cases) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, `${method} ${url}`).toBe(301);
        expect(res.headers.location, url).toBe(location);
      }
    }
    // Other built .html files are no page: the app shell, marked noindex, as for unknown paths.
    for (const url of [
      '/__spa-fallback.html',
      '/premium-numbers/category/no-such-category.html',
      '/premium-numbers/category/all.html',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<html>app shell</html>');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
  });

  it('sends a prerendered page for its path, with or without a query', async () => {
    expect((await get('/')).body).toBe('<html>home page</html>');
    expect((await get('/vip-numbers/uttar-pradesh/noida')).body).toBe('<html>noida</html>');
    expect((await get('/vip-numbers/uttar-pradesh/noida?utm_source=x')).body).toBe(
      '<html>noida</html>',
    );
    expect((await get("/faq's")).body).toBe('<html>faq</html>');
    expect((await get('/faq%27s')).body).toBe('<html>faq</html>');
  });

  it('sends a page rebuilt while the store runs with its new hashes, without a restart', async () => {
    const page = join(buildDir, 'premium-numbers/index.html');
    const newScript = 'window.__reactRouterContext = { v: 2 }';
    const hashes = join(buildDir, 'csp-hashes.json');
    const before = readFileSync(hashes, 'utf8');
    try {
      writeFileSync(page, `<html><script>${newScript}</script>listing v2</html>`);
      rmSync(`${page}.br`);
      writeFileSync(
        hashes,
        JSON.stringify({
          ...JSON.parse(before),
          'premium-numbers/index.html': [hashOf(newScript)],
        }),
      );
      const res = await get('/premium-numbers');
      expect(res.body).toContain('listing v2');
      const scripts = directive(res.headers['content-security-policy'], 'script-src');
      expect(scripts).toContain(hashOf(newScript));
      expect(scripts).not.toContain(hashOf(listingScript));
    } finally {
      writeFileSync(page, listingPage);
      writeFileSync(`${page}.br`, brotliCompressSync(listingPage));
      writeFileSync(hashes, before);
    }
  });

  it("sends a category's own page for every address naming it, and the listing otherwise", async () => {
    for (const url of [
      '/premium-numbers?category=mirror-numbers',
      '/premium-numbers?utm_source=ads&category=%20Mirror-Numbers&q=98',
    ]) {
      const res = await get(url);
      expect(res.body, url).toBe(mirrorPage);
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
      const scripts = directive(res.headers['content-security-policy'], 'script-src');
      expect(scripts, url).toContain(hashOf(mirrorScript));
      expect(scripts, url).not.toContain(hashOf(listingScript));
    }
    const compressed = await app.inject({
      method: 'GET',
      url: '/premium-numbers?category=mirror-numbers',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload).toEqual(brotliCompressSync(mirrorPage));
    // All, an unknown category, one without a page of its own, a path the query cannot leave.
    for (const url of [
      '/premium-numbers?category=all',
      '/premium-numbers?category=__proto__',
      '/premium-numbers?category=octa',
      '/premium-numbers?category=..%2F..%2Findex',
      '/premium-numbers?q=98&category=',
    ]) {
      expect((await get(url)).body, url).toBe(listingPage);
    }
    expect((await get('/?category=mirror-numbers')).body).toBe('<html>home page</html>');
  });

  it('sends the app shell, marked noindex, for paths that are not prerendered', async () => {
    // %25 is a bare % once decoded: no page either (the number pages render it as no number).
    for (const path of [
      '/profile',
      '/orders/2f6c1c2e-0000-4000-8000-000000000000',
      '/no/page',
      '/%25',
      '/premium-numbers/%25',
    ]) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<html>app shell</html>');
      expect(res.headers['cache-control']).toBe('no-cache');
      // A soft 404 must never be indexed.
      expect(res.headers['x-robots-tag'], path).toBe('noindex');
    }
  });

  it("sends a search in plain words its listing's page with one robots tag, noindex, as its header", async () => {
    const res = await get('/premium-numbers?text=ending%20786');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, follow');
    expect(res.body).toBe(
      listingPage.replace('content="index, follow"', 'content="noindex, follow"'),
    );
    expect(directive(res.headers['content-security-policy'], 'script-src')).toContain(
      hashOf(listingScript),
    );
    // Any other query is the page as built.
    expect((await get('/premium-numbers?sort=price_asc')).body).toBe(listingPage);
  });

  it('answers an unknown place or blog post 404 with the app shell, marked noindex; a known one 200', async () => {
    for (const path of [
      '/vip-numbers/narnia',
      '/vip-numbers/uttar-pradesh/atlantis',
      '/vip-numbers/narnia?category=mirror-numbers',
      '/vip-numbers/%25',
      '/blogs/no-such-post',
      '/blogs/%25',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      // The app itself moves on in the browser, as for any unknown address (spec).
      expect(res.body, path).toBe('<html>app shell</html>');
      expect(res.headers['x-robots-tag'], path).toBe('noindex');
    }
    const noida = await get('/vip-numbers/uttar-pradesh/noida');
    expect(noida.statusCode).toBe(200);
    expect(noida.body).toBe('<html>noida</html>');
    const post = await get('/blogs/a-post');
    expect(post.statusCode).toBe(200);
    expect(post.body).toBe('<html>a post</html>');
    // In other letters, a known place still moves to its page.
    expect((await get('/VIP-Numbers/Uttar-Pradesh/Noida')).statusCode).toBe(301);
  });

  it('redirects an address in other letter cases, or a common guess, to its page', async () => {
    for (const [from, to] of [
      ['/Premium-Numbers', '/premium-numbers'],
      ['/PREMIUM-NUMBERS?category=Mirror-Numbers', '/premium-numbers?category=Mirror-Numbers'],
      ['/VIP-Numbers/Uttar-Pradesh/Noida', '/vip-numbers/uttar-pradesh/noida'],
      ['/Numbers/9876598765', '/numbers/9876598765'],
      ['/faq', "/faq's"],
      ['/FAQ', "/faq's"],
      ['/contact?utm_source=card', '/contact-us?utm_source=card'],
      ['/about-us', '/why-us'],
    ]) {
      const res = await get(from!);
      expect(res.statusCode, from).toBe(301);
      expect(decodeURIComponent(res.headers.location as string), from).toBe(to);
    }
    // An unknown address in capitals has no page to go to: the app shell, as before.
    const unknown = await get('/No/Page');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe('<html>app shell</html>');
  });

  it('answers a missing file with a small plain 404, not the app shell', async () => {
    for (const url of [
      '/favicon.ico',
      '/apple-touch-icon.png',
      '/apple-touch-icon-precomposed.png',
      '/manifest.webmanifest',
      '/images/none.JPG',
      '/assets/app-000.js',
      '/assets/app-123.js.map',
      '/styles/site.css?v=2',
      '/.well-known/security.txt',
      '/browserconfig.xml',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toBe('text/plain; charset=utf-8');
        expect(res.headers['x-robots-tag'], url).toBe('noindex');
        if (method === 'GET') expect(res.body, url).toBe('Not found');
      }
    }
    // Paths that look like pages keep the app shell (it moves on in the browser).
    for (const url of ['/no/page', '/numbers.of.2024/x', '/v1.2']) {
      expect((await get(url)).body, url).toBe('<html>app shell</html>');
    }
  });

  it('redirects a file address with a trailing slash as it does a page', async () => {
    for (const [url, location] of [
      ['/sitemap.xml/', '/sitemap.xml'],
      ['/favicon.ico/', '/favicon.ico'],
      ['/robots.txt/?x=1', '/robots.txt?x=1'],
    ] as const) {
      for (const headers of [{}, { 'accept-encoding': 'gzip' }]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(301);
        expect(res.headers.location, url).toBe(location);
      }
    }
  });

  it('leaves prerendered pages indexable', async () => {
    for (const path of ['/', '/vip-numbers/uttar-pradesh/noida', "/faq's"]) {
      expect((await get(path)).headers['x-robots-tag'], path).toBeUndefined();
    }
  });

  it('lets Google Analytics 4 load and report under the content security policy', async () => {
    const csp = (await get('/')).headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toContain('https://*.googletagmanager.com');
    expect(directive(csp, 'connect-src')).toEqual(
      expect.arrayContaining([
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ]),
    );
    expect(directive(csp, 'img-src')).toEqual(
      expect.arrayContaining(['https://*.google-analytics.com', 'https://*.googletagmanager.com']),
    );
    // Nothing broader than needed where it matters: scripts and connections stay listed.
    expect(directive(csp, 'script-src')).not.toContain('https:');
    expect(directive(csp, 'connect-src')).not.toContain('https:');
  });

  it("admits a page's own inline scripts by hash, and no other inline script anywhere", async () => {
    const scripts = async (url: string, headers: Record<string, string> = {}) =>
      directive(
        (await app.inject({ method: 'GET', url, headers })).headers['content-security-policy'],
        'script-src',
      );
    for (const answer of [
      await scripts('/premium-numbers'),
      await scripts('/premium-numbers?utm_source=x'),
      await scripts('/premium-numbers', { 'accept-encoding': 'br' }),
    ]) {
      expect(answer).toContain(hashOf(listingScript));
      expect(answer).not.toContain(hashOf('window.shell = 1'));
    }
    expect(await scripts('/profile')).toContain(hashOf('window.shell = 1'));
    for (const url of ['/', '/api/v1/health', '/assets/app-123.js', '/profile']) {
      const sources = await scripts(url);
      expect(sources, url).not.toContain("'unsafe-inline'");
      expect(sources, url).not.toContain(hashOf(listingScript));
      expect(sources, url).toContain("'self'");
    }
  });

  it('admits the chat widget vendor only when a chat widget token is configured', async () => {
    const cspOf = async (settings: Record<string, string>) => {
      const withToken = await buildApp(testConfig(settings), {
        database: await sharedDatabase(),
      });
      try {
        return String(
          (await withToken.inject({ method: 'GET', url: '/api/v1/health' })).headers[
            'content-security-policy'
          ],
        );
      } finally {
        await withToken.close();
      }
    };
    const on = await cspOf({ PUBLIC_CHAT_WIDGET_TOKEN: '5f1a2b3c4d5e6f7a8b9c0d1e/1h2i3j4k5' });
    for (const directive of ['script-src', 'connect-src', 'frame-src', 'style-src', 'media-src']) {
      expect(on, directive).toMatch(new RegExp(`${directive} [^;]*https://\\*\\.tawk\\.to`));
    }
    expect(on).toMatch(/connect-src [^;]*wss:\/\/\*\.tawk\.to/);
    expect(await cspOf({})).not.toContain('tawk.to');
  });

  it('serves assets as immutable files and never leaves the build folder', async () => {
    const asset = await get('/assets/app-123.js');
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['vary']).toBe('accept-encoding');
    const compressed = await app.inject({
      method: 'GET',
      url: '/assets/app-123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toContain('immutable');
    expect(compressed.headers['vary']).toBe('accept-encoding');
    expect(compressed.rawPayload).toEqual(brotliCompressSync('console.log(1)'));
    const escape = await get('/..%2f..%2fetc%2fpasswd');
    expect(escape.body).not.toContain('root:');
  });

  it('answers unknown API paths with JSON, not the shell', async () => {
    const res = await get('/api/v2/anything');
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});

/** The warnings about its web build of a server (these settings) on a build whose home page is `html`. */
async function warningsOn(html: string, settings: Record<string, string>) {
  const buildDir = mkdtempSync(join(tmpdir(), 'web-build-'));
  writeFileSync(join(buildDir, 'index.html'), html);
  writeFileSync(join(buildDir, 'csp-hashes.json'), '{}');
  const log = logLines();
  const app = await buildApp(
    testConfig({ WEB_BUILD_DIR: buildDir, LOG_LEVEL: 'warn', ...settings }),
    {
      database: await sharedDatabase(),
      logStream: log.stream,
    },
  );
  await app.ready();
  await app.close();
  rmSync(buildDir, { recursive: true, force: true });
  return log.lines
    .filter((line) => line.level === 40 && String(line.msg).startsWith('The web build'))
    .map((line) => line.msg);
}

describe('a web build made for another address', () => {
  const homeFor = (origin: string) =>
    `<html><head><link rel="canonical" href="${origin}/"/></head>home</html>`;

  it('is said at start-up, naming both addresses', async () => {
    const warnings = await warningsOn(homeFor('http://localhost:3000'), {
      PUBLIC_BASE_URL: 'https://shop.example.in',
    });
    expect(warnings).toContainEqual(
      expect.stringContaining(
        'was made for http://localhost:3000, not PUBLIC_BASE_URL https://shop.example.in',
      ),
    );
    expect(
      await warningsOn(homeFor('https://shop.example.in'), {
        PUBLIC_BASE_URL: 'https://shop.example.in/',
      }),
    ).toEqual([]);
  });
});

describe("a web build showing the demo store's contacts", () => {
  /** A home page as the web build writes it (the parts that show the store's contacts). */
  const home = (store: {
    name: string;
    sales: string;
    phone: string;
    email: string;
    address: string;
    rating?: [string, number];
  }) =>
    '<html><head><link rel="canonical" href="https://shop.example.in/"/>' +
    `<meta property="og:site_name" content="${store.name}"/>` +
    '<script type="application/ld+json">' +
    JSON.stringify({
      '@type': 'Store',
      name: store.name,
      address: store.address,
      ...(store.rating && {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: store.rating[0],
          bestRating: '5',
          worstRating: '1',
          ratingCount: store.rating[1],
        },
      }),
    }) +
    '</script></head><body>' +
    `<a href="https://wa.me/91${store.sales}?text=Hi">WhatsApp</a>` +
    `<a href="mailto:${store.email}">${store.email}</a>` +
    `<a href="tel:+91${store.phone}">+91 ${store.phone}</a><p>${store.address}</p></body></html>`;
  const demo = {
    name: 'VIP Number Store',
    sales: '9222000000',
    phone: '9222000000',
    email: 'support@example.com',
    address: 'Connaught Place, New Delhi, Delhi 110001',
    rating: ['4.5', 1080] as [string, number],
  };
  const own = {
    name: 'Shubh Numbers',
    sales: '9812329329',
    phone: '9812329330',
    email: 'help@shubh.in',
    address: '12 Janpath, New Delhi, Delhi 110001',
    rating: ['4.7', 37] as [string, number],
  };
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 's'.repeat(32),
    PUBLIC_BASE_URL: 'https://shop.example.in',
  };

  it('is said once at a production start, naming each demo setting', async () => {
    const warnings = await warningsOn(home(demo), production);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      "shows the demo store's PUBLIC_STORE_NAME, PUBLIC_SALES_WHATSAPP, PUBLIC_SUPPORT_PHONE, " +
        'PUBLIC_SUPPORT_EMAIL, PUBLIC_OFFICE_ADDRESS and PUBLIC_RATING_VALUE and ' +
        'PUBLIC_RATING_COUNT on every page',
    );
    expect(warnings[0]).toContain('node scripts/with-env-file.mjs /etc/store.env npm run build');
    const some = await warningsOn(
      home({ ...own, phone: demo.sales, email: 'sales@mail.example.org' }),
      production,
    );
    expect(some).toEqual([
      expect.stringContaining(
        "shows the demo store's PUBLIC_SUPPORT_PHONE and PUBLIC_SUPPORT_EMAIL on every page",
      ),
    ]);
  });

  it("is not said of the store's own contacts, a store without a rating, or outside production", async () => {
    expect(await warningsOn(home(own), production)).toEqual([]);
    expect(await warningsOn(home({ ...own, rating: undefined }), production)).toEqual([]);
    expect(await warningsOn(home(demo), { PUBLIC_BASE_URL: 'https://shop.example.in' })).toEqual(
      [],
    );
  });
});
