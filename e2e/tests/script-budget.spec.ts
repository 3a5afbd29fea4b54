import { expect, test } from '@playwright/test';
import {
  FIRST_LOAD_JS_BUDGET,
  firstLoadScripts,
  pageKinds,
} from '../../apps/web/scripts/first-load-js';

/**
 * The JavaScript each kind of public page loads as it opens, as the server sends it (Brotli),
 * stays within the budget: a change that drags forms, validation or the console into a
 * storefront page's first load fails here.
 */
for (const { name, path } of pageKinds) {
  test(`the ${name} page's first-load JavaScript is within the budget`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const scripts = firstLoadScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    let bytes = 0;
    for (const script of scripts) {
      const response = await request.get(script, { headers: { 'accept-encoding': 'br' } });
      expect(response.status(), script).toBe(200);
      // What travels: the Brotli file, or the script itself when it is too small to compress.
      const encoding = response.headers()['content-encoding'];
      expect([undefined, 'br'], script).toContain(encoding);
      const length = Number(response.headers()['content-length']);
      bytes += encoding ? length : (await response.body()).length;
    }
    console.log(`${name} (${path}): ${(bytes / 1000).toFixed(1)} kB of first-load JavaScript`);
    expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
  });
}
