/**
 * Page quality: Lighthouse (mobile, simulated throttling) on the production web build.
 *
 *   npm run build && npm run bench:lighthouse
 *
 * Starts the store as the end-to-end tests do (e2e/support/store-server.ts: the API server with
 * a fresh data folder on a free port), in production mode, over the built web app (WEB_BUILD_DIR,
 * default apps/web/build/client). Audits one page of every public kind (home, listing, category,
 * state, city, a number's page, a content page, a blog post, the cart) in Debian's Chromium with
 * Lighthouse's default mobile settings: slow 4G and a 4x CPU slowdown, simulated; then again
 * with the CPU slowdown doubled (8x: a low-end phone, or a busy machine). Each page is audited
 * LIGHTHOUSE_RUNS times (default 3) at each slowdown and the run with the median performance
 * score is reported, as Lighthouse advises. Prints the four category scores and the key metrics
 * per page and slowdown against the targets of issue #19; full JSON reports of the median runs
 * go to bench/results/lighthouse/.
 *
 * Settings (environment): LIGHTHOUSE_RUNS, LIGHTHOUSE_SLOWDOWNS (default "4,8"), CHROME_PATH
 * (default /usr/bin/chromium), LIGHTHOUSE_PAGES (comma list of paths; `/numbers/first` is the
 * first number listed), WEB_BUILD_DIR. Exits 1 when a page misses a target.
 *
 * chrome-launcher is the launcher Lighthouse itself uses (a dependency of the lighthouse package,
 * the same version), listed in the root devDependencies because this script imports it.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStore } from '../../e2e/support/store-server';
import { benchMessaging } from '../shared/production-settings';

type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';
const categories: Category[] = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Issue #19: performance at least 98 at 4x (90 at 8x), every other category 100. */
function targetsAt(slowdown: number): Record<Category, number> {
  return {
    performance: slowdown > 4 ? 90 : 98,
    accessibility: 100,
    'best-practices': 100,
    seo: 100,
  };
}

/** Issue #19, at the default 4x slowdown: TBT under 100 ms, LCP under 2 s, CLS under 0.05. */
const metricTargets = { tbtMs: 100, lcpMs: 2_000, cls: 0.05 };

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const buildDir = process.env.WEB_BUILD_DIR ?? join(root, 'apps/web/build/client');
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const slowdowns = (process.env.LIGHTHOUSE_SLOWDOWNS ?? '4,8')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const pages = (
  process.env.LIGHTHOUSE_PAGES ??
  [
    '/',
    '/premium-numbers',
    '/premium-numbers?category=mirror-numbers',
    '/vip-numbers/maharashtra',
    '/vip-numbers/maharashtra/mumbai',
    '/numbers/first',
    '/why-us',
    '/blogs/how-to-port-a-vip-number-with-a-upc',
    '/cart',
  ].join(',')
)
  .split(',')
  .map((path) => path.trim())
  .filter(Boolean);
const reportDir = join(root, 'bench/results/lighthouse');
/** A run that fails (Lighthouse sometimes loses the trace: NO_NAVSTART, NO_FCP) is redone. */
const attemptsPerRun = 3;

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
}

interface PageRun {
  scores: Record<Category, number>;
  metrics: Metrics;
  failing: string[];
  json: string;
}

interface Metrics {
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  lcpMs: number;
  tbtMs: number;
  clsValue: number;
  /** Bytes over the network (compressed), all requests of the load. */
  transferBytes: number;
}

async function audit(url: string, port: number, slowdown: number): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    // Merged into the mobile preset's slow 4G: only the CPU slowdown changes.
    throttling: { cpuSlowdownMultiplier: slowdown },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, AuditResult>;
  const scores = Object.fromEntries(
    categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const shown = (id: string) => audits[id]?.displayValue ?? '?';
  const metrics: Metrics = {
    fcp: shown('first-contentful-paint'),
    lcp: shown('largest-contentful-paint'),
    tbt: shown('total-blocking-time'),
    cls: shown('cumulative-layout-shift'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    clsValue: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    transferBytes: audits['total-byte-weight']?.numericValue ?? Number.NaN,
  };
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

async function auditWithRetries(url: string, port: number, slowdown: number): Promise<PageRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port, slowdown);
    } catch (error) {
      if (attempt >= attemptsPerRun) throw error;
      console.log(`  (run failed, trying again: ${(error as Error).message.split('\n')[0]})`);
    }
  }
}

/** The run with the median performance score (the lower middle one for an even count). */
function median(runsOfPage: PageRun[]): PageRun {
  const sorted = [...runsOfPage].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  // Markdown, readable as it is: the page left-aligned, the figures right-aligned.
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

async function main() {
  if (!existsSync(join(buildDir, 'index.html'))) {
    console.error(`No web build at ${buildDir}: run "npm run build" first.`);
    process.exit(2);
  }
  console.log(`Starting the store (production mode) over ${buildDir} ...`);
  const store = await startStore({
    NODE_ENV: 'production',
    // Required in production; a throwaway one, the store's data folder is fresh too.
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...benchMessaging,
    // Required in production; same-origin calls pass the origin check whatever it says.
    PUBLIC_BASE_URL: 'http://127.0.0.1',
    WEB_BUILD_DIR: buildDir,
    LOG_LEVEL: 'error',
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  mkdirSync(reportDir, { recursive: true });
  const results: Array<{
    path: string;
    slowdown: number;
    run: PageRun;
    performanceRuns: number[];
  }> = [];
  try {
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        // No internet here: without it Chromium keeps trying Google services in the background.
        '--disable-background-networking',
      ],
    });
    // One unmeasured visit so the server's first-request work does not count.
    await fetch(`${store.url}/`).then((response) => response.text());
    const firstNumber = (
      (await (await fetch(`${store.url}/api/v1/numbers?pageSize=1`)).json()) as {
        data: { items: { number: string }[] };
      }
    ).data.items[0]!.number;
    for (const slowdown of slowdowns) {
      for (const page of pages) {
        const path = page === '/numbers/first' ? `/numbers/${firstNumber}` : page;
        const pageRuns: PageRun[] = [];
        for (let i = 0; i < runs; i += 1) {
          pageRuns.push(await auditWithRetries(`${store.url}${path}`, chrome.port, slowdown));
        }
        const run = median(pageRuns);
        const name = path === '/' ? 'home' : path.replace(/^\/+/, '').replace(/[^a-z0-9]+/gi, '-');
        writeFileSync(join(reportDir, `${name}-${slowdown}x.json`), run.json);
        const performanceRuns = pageRuns.map((r) => r.scores.performance);
        results.push({ path, slowdown, run, performanceRuns });
        console.log(
          `${path} at ${slowdown}x: ${categories.map((c) => `${c} ${run.scores[c]}`).join(', ')}` +
            (runs > 1 ? ` (performance of each run: ${performanceRuns.join(', ')})` : ''),
        );
      }
    }
  } finally {
    chrome?.kill();
    await store.stop();
  }

  const missed: string[] = [];
  for (const slowdown of slowdowns) {
    const targets = targetsAt(slowdown);
    const atSlowdown = results.filter((r) => r.slowdown === slowdown);
    console.log('');
    console.log(
      `Lighthouse ${runs > 1 ? `(median of ${runs} runs per page, by performance score)` : '(1 run per page)'}: mobile, simulated slow 4G and ${slowdown}x CPU slowdown, production build`,
    );
    console.log('');
    console.log(
      table([
        [
          'Page',
          'Performance',
          'Accessibility',
          'Best practices',
          'SEO',
          'FCP',
          'LCP',
          'TBT',
          'CLS',
          'Transfer',
        ],
        ...atSlowdown.map(({ path, run: { scores, metrics } }) => [
          `\`${path}\``,
          String(scores.performance),
          String(scores.accessibility),
          String(scores['best-practices']),
          String(scores.seo),
          metrics.fcp,
          metrics.lcp,
          metrics.tbt,
          metrics.cls,
          kib(metrics.transferBytes),
        ]),
      ]),
    );
    console.log('');
    console.log(
      `Targets at ${slowdown}x: performance >= ${targets.performance}, accessibility, best practices and SEO 100` +
        (slowdown === 4
          ? `; TBT < ${metricTargets.tbtMs} ms, LCP < ${metricTargets.lcpMs / 1000} s, CLS < ${metricTargets.cls}.`
          : '.'),
    );
    for (const { path, run } of atSlowdown) {
      const misses = categories
        .filter((c) => run.scores[c] < targets[c])
        .map((c) => `${c} ${run.scores[c]}`);
      if (slowdown === 4) {
        const m = run.metrics;
        if (!(m.tbtMs < metricTargets.tbtMs)) misses.push(`TBT ${m.tbt}`);
        if (!(m.lcpMs < metricTargets.lcpMs)) misses.push(`LCP ${m.lcp}`);
        if (!(m.clsValue < metricTargets.cls)) misses.push(`CLS ${m.cls}`);
      }
      if (misses.length > 0) missed.push(`${path} at ${slowdown}x: ${misses.join(', ')}`);
    }
  }
  const withFailures = results.filter(({ run }) => run.failing.length > 0);
  if (withFailures.length > 0) {
    console.log('\nAudits below full marks (median runs):');
    for (const { path, slowdown, run } of withFailures) {
      console.log(`${path} at ${slowdown}x`);
      for (const line of run.failing) console.log(`  - ${line}`);
    }
  }
  console.log(`\nReports: ${reportDir}`);
  if (missed.length > 0) {
    console.log(`\nBelow target:\n${missed.map((line) => `  ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
