import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { webBuildDir } from '../support/store-server';

/** The harness itself: the store under test serves the web build this run made. */

const repo = resolve(import.meta.dirname, '../..');

test('the build folder follows WEB_BUILD_OUT, and WEB_BUILD_DIR wins', () => {
  expect(webBuildDir({})).toBe(join(repo, 'apps/web/build/client'));
  expect(webBuildDir({ WEB_BUILD_OUT: 'build-d' })).toBe(join(repo, 'apps/web/build-d/client'));
  expect(webBuildDir({ WEB_BUILD_OUT: '/tmp/web-out' })).toBe('/tmp/web-out/client');
  expect(webBuildDir({ WEB_BUILD_OUT: 'build-d', WEB_BUILD_DIR: '/srv/web' })).toBe('/srv/web');
  expect(webBuildDir({ WEB_BUILD_DIR: 'apps/web/build-x/client' })).toBe(
    join(repo, 'apps/web/build-x/client'),
  );
});

test('the store serves the files of the build in WEB_BUILD_OUT', async ({ request }) => {
  const dir = webBuildDir(process.env);
  // A page that is never rendered on request (the listings are: decision 0044) is its file.
  const served = await request.get('/why-us');
  expect(served.status()).toBe(200);
  expect(await served.text()).toBe(readFileSync(join(dir, 'why-us', 'index.html'), 'utf8'));
  // Asset names carry content hashes: the build's own scripts are there, byte for byte.
  const scripts = readdirSync(join(dir, 'assets')).filter((name) => /^root-.*\.js$/.test(name));
  expect(scripts.length).toBeGreaterThan(0);
  for (const name of scripts) {
    const asset = await request.get(`/assets/${name}`);
    expect(asset.status(), name).toBe(200);
    expect(await asset.text()).toBe(readFileSync(join(dir, 'assets', name), 'utf8'));
  }
});
