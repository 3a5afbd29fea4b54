import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { sharedDatabase, testConfig } from '../test/test-app';

describe('serving the built web app', () => {
  let app: App;
  beforeAll(async () => {
    const buildDir = mkdtempSync(join(tmpdir(), 'web-build-'));
    writeFileSync(join(buildDir, 'index.html'), '<html>home page</html>');
    writeFileSync(join(buildDir, '__spa-fallback.html'), '<html>app shell</html>');
    mkdirSync(join(buildDir, 'vip-numbers/uttar-pradesh/noida'), { recursive: true });
    writeFileSync(
      join(buildDir, 'vip-numbers/uttar-pradesh/noida/index.html'),
      '<html>noida</html>',
    );
    mkdirSync(join(buildDir, "faq's"));
    writeFileSync(join(buildDir, "faq's/index.html"), '<html>faq</html>');
    mkdirSync(join(buildDir, 'assets'));
    writeFileSync(join(buildDir, 'assets/app-123.js'), 'console.log(1)');
    writeFileSync(join(buildDir, 'assets/app-123.js.br'), brotliCompressSync('console.log(1)'));
    app = await buildApp(testConfig({ WEB_BUILD_DIR: buildDir }), {
      database: await sharedDatabase('pglite'),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('sends a prerendered page for its path, with or without a query', async () => {
    expect((await get('/')).body).toBe('<html>home page</html>');
    expect((await get('/vip-numbers/uttar-pradesh/noida')).body).toBe('<html>noida</html>');
    expect((await get('/vip-numbers/uttar-pradesh/noida?utm_source=x')).body).toBe(
      '<html>noida</html>',
    );
    expect((await get("/faq's")).body).toBe('<html>faq</html>');
    expect((await get('/faq%27s')).body).toBe('<html>faq</html>');
  });

  it('sends the app shell for paths that are not prerendered', async () => {
    for (const path of ['/cart', '/profile', '/no/such/page']) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<html>app shell</html>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
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
