/**
 * A number's own page (/numbers/{digits}) and a listing's canonical addresses (each category's
 * page, further pages, the offer zone, a city: decision 0044), rendered on request by the API
 * with the web app's server build: their server time on a store of BENCH_COUNT numbers,
 * rendered every time (no page cache, CATALOG_CACHE_SECONDS=0) and with the page cache at its
 * default, beside the calls the pages make in the browser (a number's data and its similar
 * numbers; a listing's GET /numbers).
 *
 *   npm run build && npm run bench:number-pages
 *
 * Settings (environment): BENCH_DATABASE_URL (a PostgreSQL database; loaded with the demo
 * inventory up to BENCH_COUNT numbers), BENCH_COUNT (default 20000), BENCH_SECONDS (per
 * measurement, default 10), BENCH_CLIENTS (default 10), BENCH_PAGES (distinct numbers, default
 * 200), BENCH_PAGE_KINDS (`numbers,listings`, the default, or one of them). Prints the first
 * request of each page one at a time, then BENCH_CLIENTS clients.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { patternCategories } from '@store/domain';
import { openCommandServices } from '../../apps/api/src/cli/command-services';
import { loadConfig } from '../../apps/api/src/config/config';
import { freePort, load, percentile, startServer, stopServer } from '../shared/load';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const databaseUrl = process.env.BENCH_DATABASE_URL;
const count = Number(process.env.BENCH_COUNT ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 10);
const pageCount = Number(process.env.BENCH_PAGES ?? 200);
const kinds = (process.env.BENCH_PAGE_KINDS ?? 'numbers,listings').split(',');

/** A listing's canonical addresses (served with their numbers) and their GET /numbers queries. */
const listings: { path: string; query: string }[] = [
  { path: '/premium-numbers', query: '' },
  ...[2, 3, 4, 5, 6].map((page) => ({
    path: `/premium-numbers?page=${page}`,
    query: `page=${page}`,
  })),
  ...patternCategories.map(({ slug }) => ({
    path: `/premium-numbers?category=${slug}`,
    query: `category=${slug}`,
  })),
  { path: '/offer-zone', query: 'offer=true' },
  { path: '/vip-numbers/maharashtra/mumbai', query: '' },
];

/** Loads the demo inventory up to `count` numbers and picks `pageCount` of them, spread out. */
async function prepare(): Promise<string[]> {
  const { services, database, close } = await openCommandServices(
    loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
  );
  try {
    await services.catalog.classifyUnclassified((line) => console.log(`  ${line}`));
    const held = await services.catalog.count();
    if (held < count) {
      console.log(`Loading ${count} numbers (${held} there)...`);
      await services.catalog.loadDemoInventory({ count, log: (line) => console.log(`  ${line}`) });
    }
    const rows = await database.query<{ number: string }>(
      `select number from numbers where id % greatest(1, (select max(id) from numbers) / $1) = 0
       order by id limit $1`,
      [pageCount],
    );
    return rows.map((row) => row.number);
  } finally {
    await close();
  }
}

/** Each URL once, one at a time: what a page costs when nothing is cached. */
async function firstRequests(base: string, paths: string[]) {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const res = await fetch(base + path, { headers: { 'accept-encoding': 'br' } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };
}

const ms = (n: number) => n.toFixed(1).padStart(7);

async function measure(label: string, env: Record<string, string>, numbers: string[]) {
  const port = await freePort();
  const server = await startServer(root, port, {
    DATABASE_URL: databaseUrl!,
    DEMO_DATA_COUNT: '0',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const scenarios = [
      ...(kinds.includes('numbers')
        ? [
            { name: 'page /numbers/{digits}', paths: numbers.map((n) => `/numbers/${n}`) },
            {
              name: 'GET by-number (data)',
              paths: numbers.map((n) => `/api/v1/numbers/by-number/${n}`),
            },
            {
              name: 'GET similar',
              paths: numbers.map((n) => `/api/v1/numbers/by-number/${n}/similar`),
            },
          ]
        : []),
      ...(kinds.includes('listings')
        ? [
            { name: 'listing pages', paths: listings.map(({ path }) => path) },
            {
              name: 'GET /numbers (data)',
              paths: listings.map(({ query }) => `/api/v1/numbers?${query}`),
            },
          ]
        : []),
    ];
    console.log(`\n${label}`);
    console.log(
      `call                       first request p50    p95    max | ${clients} clients p50    p95    p99   req/s  errors`,
    );
    for (const { name, paths } of scenarios) {
      const cold = await firstRequests(base, paths);
      const warm = await load(base, paths, clients, seconds);
      console.log(
        `${name.padEnd(26)}      ${ms(cold.p50)}${ms(cold.p95)}${ms(cold.max)} |      ${ms(warm.p50)}${ms(warm.p95)}${ms(warm.p99)} ${warm.perSecond.toFixed(0).padStart(7)} ${String(warm.errors).padStart(7)}`,
      );
    }
  } finally {
    await stopServer(server);
  }
}

async function main() {
  if (!databaseUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL database.');
  if (!existsSync(join(root, 'apps/web/build/page-server/index.js'))) {
    throw new Error('No web build with its page server: run "npm run build" first.');
  }
  console.log(
    `Pages rendered on request (${kinds.join(', ')}): ${count} numbers, ${pageCount} number pages, ${listings.length} listing addresses, ${seconds} s per measurement`,
  );
  const numbers = await prepare();
  await measure(
    'Rendered on every request (CATALOG_CACHE_SECONDS=0)',
    { CATALOG_CACHE_SECONDS: '0' },
    numbers,
  );
  await measure(
    'With the page cache at its default (30 s, forgotten on every change)',
    {},
    numbers,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
