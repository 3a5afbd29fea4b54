// Renders the static pictures in public/images from the HTML beside this script, with the
// system Chromium: `node apps/web/scripts/render-images.mjs`. The PNGs are committed; run this
// again only after changing the HTML.
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const here = (name) => new URL(name, import.meta.url);
const out = (name) => fileURLToPath(new URL(`../public/images/${name}`, import.meta.url));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const [source, target, width, height] of [
  ['view-number.html', 'view-number.png', 1200, 630],
  ['logo.html', 'logo.png', 512, 512],
]) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(here(source).href);
  await page.screenshot({ path: out(target), omitBackground: target === 'logo.png' });
  await page.close();
  console.log(`wrote public/images/${target}`);
}
await browser.close();
