// Writes sitemap-pages.xml and robots.txt into the client build (run by `npm run build` after
// `react-router build`): node --import tsx scripts/write-sitemap.ts <build/client>
// It lists the prerendered pages that may be indexed (not /cart). The API serves sitemap.xml, an
// index of this file and of the number sitemaps it makes from the stock (docs/decisions/0013).
// The public address is PUBLIC_BASE_URL, read the way Vite reads it (environment, then .env files).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { checkBuildEnv } from '../src/lib/site-config';
import { PAGES_SITEMAP, robotsTxt, sitemapXml, type SitemapEntry } from '../src/features/seo';
import { getSitemapPaths, readBlogPostMetas } from '../src/prerender-paths';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.argv[2] ?? join(webRoot, 'build/client'));
const env = loadEnv('production', webRoot, 'PUBLIC_');
const baseUrl = (env.PUBLIC_BASE_URL?.trim() || 'http://localhost:3000').replace(/\/+$/, '');
// NODE_ENV as the build was run (Vite sets production inside the build, not here).
for (const warning of checkBuildEnv(env, process.env.NODE_ENV).warnings) {
  console.warn(`\nWARNING: ${warning}\n`);
}

const updated = new Map(readBlogPostMetas().map((post) => [`/blogs/${post.slug}`, post.updated]));
const entries: SitemapEntry[] = getSitemapPaths().map((path) => ({
  path,
  lastmod: updated.get(path),
}));

writeFileSync(join(outDir, PAGES_SITEMAP), sitemapXml(entries, baseUrl));
writeFileSync(join(outDir, 'robots.txt'), robotsTxt(baseUrl));
console.log(`${PAGES_SITEMAP} (${entries.length} pages) and robots.txt written for ${baseUrl}`);
