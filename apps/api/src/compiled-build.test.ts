import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApi, killServers, ready, startServer } from '../test-support/server-process';

/**
 * The production build (`npm run build`): the server compiled into dist/ and run by plain node,
 * without tsx, finding its migrations, its password list and the web build from there.
 */
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'store-compiled-'));

afterAll(() => {
  killServers();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the compiled API', () => {
  it('runs with plain node from dist/: migrates, serves the catalogue and the web build', async () => {
    buildApi();
    const bundles = readdirSync(join(apiDir, 'dist'), { recursive: true }).map(String);
    expect(bundles).toEqual(expect.arrayContaining(['server.js', 'cli/seed.js']));
    // The workspace's TypeScript package is compiled in, not imported at run time.
    const code = bundles
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(apiDir, 'dist', file), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/from ["']@store\/domain["']|from ["']tsx["']/);

    const webBuildDir = join(scratch, 'web');
    mkdirSync(webBuildDir);
    writeFileSync(join(webBuildDir, 'index.html'), '<html>home page</html>');
    const server = startServer(
      join(scratch, 'data'),
      { WEB_BUILD_DIR: webBuildDir, DEMO_DATA_COUNT: '3' },
      { compiled: true },
    );
    const base = await ready(server);
    expect(server.child.spawnargs.slice(1)).toEqual(['dist/server.js']);

    const health = await fetch(`${base}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ data: { status: 'ok' } });
    const listing = await fetch(`${base}/api/v1/numbers`);
    expect(listing.status).toBe(200);
    expect(((await listing.json()) as { data: { total: number } }).data.total).toBe(3);
    const page = await fetch(`${base}/`);
    expect(await page.text()).toBe('<html>home page</html>');

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
