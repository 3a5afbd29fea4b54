// Renders the static pictures in public/ from the HTML and the icon beside this script, with the
// system Chromium: `node apps/web/scripts/render-images.mjs`. The pictures (and favicon.ico) are
// committed; run this again only after changing the HTML or public/favicon.svg. The link-preview
// picture is a JPEG: WhatsApp often shows no preview for an image above about 300 kB, and the
// gradient made a 460 kB PNG.
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (name) => new URL(name, import.meta.url);
const out = (name) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

/**
 * A screenshot of `url` at width × height, as PNG bytes (JPEG for a .jpg `target`): on the page's
 * own background, none ('transparent') or a colour painted behind it.
 */
async function render(url, width, height, background, target = '.png') {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(url);
  if (background && background !== 'transparent') {
    await page.evaluate(
      `document.documentElement.style.background = ${JSON.stringify(background)}`,
    );
  }
  const picture = await page.screenshot(
    target.endsWith('.jpg')
      ? { type: 'jpeg', quality: 85 }
      : { omitBackground: background === 'transparent' },
  );
  await page.close();
  return picture;
}

/** An .ico file holding one PNG (as browsers have read it since Windows Vista's format). */
function icoOf(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6); // width
  header.writeUInt8(size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // size of the image
  header.writeUInt32LE(22, 18); // where it starts
  return Buffer.concat([header, png]);
}

for (const [source, target, width, height] of [
  ['view-number.html', 'images/view-number.jpg', 1200, 630],
  ['logo.html', 'images/logo.png', 512, 512],
]) {
  const background = target === 'images/logo.png' ? 'transparent' : undefined;
  writeFileSync(out(target), await render(here(source).href, width, height, background, target));
  console.log(`wrote public/${target}`);
}

// The icon where browsers and phones look for it without a link: /favicon.ico (48 px) and
// /apple-touch-icon.png (180 px, opaque, the icon's blue to the edges: iOS rounds the corners).
const icon = new URL('../public/favicon.svg', import.meta.url).href;
writeFileSync(out('favicon.ico'), icoOf(await render(icon, 48, 48, 'transparent'), 48));
console.log('wrote public/favicon.ico');
writeFileSync(out('apple-touch-icon.png'), await render(icon, 180, 180, '#1d4ed8'));
console.log('wrote public/apple-touch-icon.png');

await browser.close();
