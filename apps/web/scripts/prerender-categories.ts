// Writes a page for each category of each listing (run by `npm run build` after the pages are
// prerendered, before their hashes and compressed copies are made):
//   node --import tsx scripts/prerender-categories.ts <build/client>
// `/premium-numbers?category=mirror-numbers` is a page of its own for buyers and search engines:
// its own title, description, canonical address and heading in the served HTML. React Router
// prerenders paths, not query strings, so each is rendered here with the server build the web
// build keeps (page-server/, as the API renders a number's page) and written where the API looks
// for it (categoryPageFile); the API sends it for every address naming that category.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { categoryPageFile } from '../../api/src/http/category-pages';
import { getCategoryPages } from '../src/prerender-paths';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.argv[2] ?? join(webRoot, 'build/client'));

const serverBuild = join(outDir, '..', 'page-server', 'index.js');
const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
const handle = createRequestHandler(build, 'production');

const pages = getCategoryPages();
for (const { path, category } of pages) {
  // As React Router prerenders a path: with its trailing slash.
  const response = await handle(new Request(`http://localhost${path}/?category=${category}`));
  if (response.status !== 200) {
    throw new Error(`${path}?category=${category}: the server build answered ${response.status}`);
  }
  const file = join(outDir, categoryPageFile(path, category));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await response.text());
}
console.log(`Category pages: ${pages.length} written`);
