/**
 * Page quality: Lighthouse (mobile, simulated throttling) on the production web build.
 *
 *   npm run build && npm run bench:lighthouse
 *
 * Starts the store on a free port (as the end-to-end tests do) over the built web app
 * (WEB_BUILD_DIR, default apps/web/build/client), audits the home page, /premium-numbers, a city
 * page and a blog article in Debian's Chromium, and prints the four category scores. Each page
 * is audited LIGHTHOUSE_RUNS times (default 3) and the median run is reported, as Lighthouse
 * advises for performance. Full JSON reports go to bench/results/lighthouse/.
 *
 * Settings (environment): LIGHTHOUSE_RUNS, CHROME_PATH (default /usr/bin/chromium),
 * LIGHTHOUSE_PAGES (comma list of paths), WEB_BUILD_DIR. Exits 1 when a page misses a target.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStore } from '../../e2e/support/store-server';

type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';
const categories: Category[] = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The targets of the page-quality issue. */
export const targets: Record<Category, number> = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
  seo: 100,
};

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const buildDir = process.env.WEB_BUILD_DIR ?? join(root, 'apps/web/build/client');
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const pages = (
  process.env.LIGHTHOUSE_PAGES ??
  '/,/premium-numbers,/vip-numbers/maharashtra/mumbai,/blogs/how-to-port-a-vip-number-with-a-upc'
)
  .split(',')
  .map((path) => path.trim())
  .filter(Boolean);
const reportDir = join(root, 'bench/results/lighthouse');

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}

interface PageRun {
  scores: Record<Category, number>;
  metrics: Record<string, string>;
  failing: string[];
  json: string;
}

const metricIds = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

async function audit(url: string, port: number): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, AuditResult>;
  const scores = Object.fromEntries(
    categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(metricIds.map((id) => [id, audits[id]?.displayValue ?? '?']));
  // Audits that cost points outside performance, and performance audits that failed.
  const failing = categories.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 || category === 'performance')
      .map((ref) => audits[ref.id])
      .filter(
        (a): a is AuditResult =>
          !!a &&
          a.score !== null &&
          a.score < (category === 'performance' ? 0.9 : 1) &&
          ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode),
      )
      .map(
        (a) => `${category}: ${a.id} (${a.title}${a.displayValue ? `: ${a.displayValue}` : ''})`,
      ),
  );
  return { scores, metrics, failing: [...new Set(failing)], json: result.report as string };
}

function median(runsOfPage: PageRun[]): PageRun {
  const sorted = [...runsOfPage].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

async function main() {
  if (!existsSync(join(buildDir, 'index.html'))) {
    console.error(`No web build at ${buildDir}: run "npm run build" first.`);
    process.exit(2);
  }
  console.log(`Starting the store over ${buildDir} ...`);
  const store = await startStore({ WEB_BUILD_DIR: buildDir, LOG_LEVEL: 'error' });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
    ],
  });
  mkdirSync(reportDir, { recursive: true });
  const results: Array<{ path: string; run: PageRun }> = [];
  try {
    // One unmeasured visit so the server's first-request work does not count.
    await fetch(`${store.url}/`).then((response) => response.text());
    for (const path of pages) {
      const pageRuns: PageRun[] = [];
      for (let i = 0; i < runs; i += 1) {
        pageRuns.push(await audit(`${store.url}${path}`, chrome.port));
      }
      const run = median(pageRuns);
      const name = path === '/' ? 'home' : path.replace(/^\/+/, '').replace(/[^a-z0-9]+/gi, '-');
      writeFileSync(join(reportDir, `${name}.json`), run.json);
      results.push({ path, run });
      console.log(
        `${path}: ${categories.map((c) => `${c} ${run.scores[c]}`).join(', ')}` +
          (runs > 1
            ? ` (performance runs: ${pageRuns.map((r) => r.scores.performance).join(', ')})`
            : ''),
      );
    }
  } finally {
    chrome.kill();
    await store.stop();
  }

  const width = Math.max(...results.map((r) => r.path.length), 4) + 2;
  console.log('');
  console.log(
    `Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}— mobile, simulated throttling`,
  );
  console.log('');
  console.log(`| ${pad('Page', width)} | Performance | Accessibility | Best practices | SEO |`);
  console.log(`| ${'-'.repeat(width)} | ----------- | ------------- | -------------- | --- |`);
  for (const { path, run } of results) {
    const s = run.scores;
    console.log(
      `| ${pad(`\`${path}\``, width)} | ${pad(String(s.performance), 11)} | ${pad(String(s.accessibility), 13)} | ${pad(String(s['best-practices']), 14)} | ${pad(String(s.seo), 3)} |`,
    );
  }
  console.log('');
  console.log(
    `Targets: performance >= ${targets.performance}, accessibility >= ${targets.accessibility}, best practices >= ${targets['best-practices']}, SEO ${targets.seo}.`,
  );
  console.log('');
  for (const { path, run } of results) {
    console.log(
      `${path}: ${Object.entries(run.metrics)
        .map(([id, value]) => `${id} ${value}`)
        .join(', ')}`,
    );
    for (const line of run.failing) console.log(`  - ${line}`);
  }
  console.log(`\nReports: ${reportDir}`);

  const missed = results.filter(({ run }) => categories.some((c) => run.scores[c] < targets[c]));
  if (missed.length > 0) {
    console.log(`\nBelow target: ${missed.map((m) => m.path).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
