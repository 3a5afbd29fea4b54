/**
 * Catalogue benchmark: listing queries through the HTTP API, side by side on two stores, each
 * with a bare health route measured in the same run:
 *
 * - postgres: a million numbers in a PostgreSQL database (BENCH_DATABASE_URL);
 * - embedded: the default store (`npm start`): its embedded PostgreSQL server in a fresh data
 *   folder with 20,000 demo numbers.
 *
 *   npm run bench:catalog
 *
 * Settings (environment): BENCH_TARGET (both, postgres or embedded; default both),
 * BENCH_DATABASE_URL (default the local store_bench database), BENCH_COUNT (numbers of the
 * postgres store, default 1000000), BENCH_EMBEDDED_COUNT (default 20000), BENCH_SECONDS (per
 * measurement, default 10), BENCH_CACHE_SECONDS (the servers' CATALOG_CACHE_SECONDS; unset: the
 * server default). See bench/catalog/README.md for what it measures and the figures.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareCatalogDatabase } from '../shared/catalog-database';
import { listingScenarios as scenarios } from '../shared/listing-paths';
import {
  freePort,
  load,
  percentile,
  startServer,
  stopServer,
  type Measurement,
} from '../shared/load';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/store_bench';
const count = Number(process.env.BENCH_COUNT ?? 1_000_000);
const embeddedCount = Number(process.env.BENCH_EMBEDDED_COUNT ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const cacheSeconds = process.env.BENCH_CACHE_SECONDS;
const target = process.env.BENCH_TARGET ?? 'both';

/** The first request of each URL, one at a time: what a listing costs before the cache has it. */
async function coldFirstRequests(base: string, paths: string[]) {
  const times: number[] = [];
  let slowest = { path: '', time: -1 };
  for (const path of paths) {
    const started = performance.now();
    const res = await fetch(base + path);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    const time = performance.now() - started;
    if (time > slowest.time) slowest = { path, time };
    times.push(time);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: slowest.time,
    slowest: slowest.path,
  };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-').padStart(7);

interface Cold {
  p50: number;
  p95: number;
  max: number;
  /** The URL that took `max`. */
  slowest: string;
}

interface TargetFigures {
  name: string;
  numbers: string;
  scenarios: { query: string; urls: number; cold: Cold; tenClients: Measurement }[];
  healthTenClients: Measurement;
  mixedFiftyClients: Measurement;
  healthFiftyClients: Measurement;
}

/** Every scenario (first requests, then 10 clients), then health and everything mixed. */
async function measure(name: string, numbers: string, base: string): Promise<TargetFigures> {
  console.log(`\n${name}: ${numbers}`);
  const header =
    'query                 urls | first request p50  p95    max |  10 clients p50    p95    p99   req/s  errors';
  console.log(header);
  console.log('-'.repeat(header.length));
  const rows: TargetFigures['scenarios'] = [];
  for (const scenario of scenarios) {
    const cold = await coldFirstRequests(base, scenario.paths);
    const warm = await load(base, scenario.paths, 10, seconds);
    rows.push({ query: scenario.name, urls: scenario.paths.length, cold, tenClients: warm });
    console.log(
      `${scenario.name.padEnd(20)} ${String(scenario.paths.length).padStart(5)} |       ${ms(cold.p50)}${ms(cold.p95)}${ms(cold.max)} |     ${ms(warm.p50)}${ms(warm.p95)}${ms(warm.p99)} ${warm.perSecond.toFixed(0).padStart(7)} ${String(warm.errors).padStart(7)}`,
    );
  }
  const health = await load(base, ['/api/v1/health'], 10, seconds);
  console.log(
    `${'GET /api/v1/health'.padEnd(20)} ${'1'.padStart(5)} |       ${ms(NaN)}${ms(NaN)}${ms(NaN)} |     ${ms(health.p50)}${ms(health.p95)}${ms(health.p99)} ${health.perSecond.toFixed(0).padStart(7)} ${String(health.errors).padStart(7)}`,
  );

  console.log('The slowest first request of each query:');
  for (const row of rows)
    console.log(`  ${row.query}: ${row.cold.max.toFixed(1)} ms ${row.cold.slowest}`);

  // Like each query above, the mixed run starts after one pass over its URLs.
  const everything = scenarios.flatMap((s) => s.paths);
  await coldFirstRequests(base, everything);
  const mixed = await load(base, everything, 50, seconds);
  const healthFifty = await load(base, ['/api/v1/health'], 50, seconds);
  console.log(
    `50 clients: all listing queries mixed ${mixed.perSecond.toFixed(0)} req/s (p50 ${mixed.p50.toFixed(1)} ms, p95 ${mixed.p95.toFixed(1)} ms, errors ${mixed.errors}); GET /api/v1/health ${healthFifty.perSecond.toFixed(0)} req/s (p50 ${healthFifty.p50.toFixed(1)} ms, p95 ${healthFifty.p95.toFixed(1)} ms, errors ${healthFifty.errors})`,
  );
  return {
    name,
    numbers,
    scenarios: rows,
    healthTenClients: health,
    mixedFiftyClients: mixed,
    healthFiftyClients: healthFifty,
  };
}

async function onPostgres(env: Record<string, string>): Promise<TargetFigures> {
  const mix = await prepareCatalogDatabase(databaseUrl, count);
  const port = await freePort();
  const server = await startServer(
    root,
    port,
    { ...env, DATABASE_URL: databaseUrl, DEMO_DATA_COUNT: '0' },
    60,
  );
  try {
    return await measure('PostgreSQL', `${count} numbers (${mix})`, `http://127.0.0.1:${port}`);
  } finally {
    await stopServer(server);
  }
}

async function onEmbedded(env: Record<string, string>): Promise<TargetFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-'));
  const port = await freePort();
  const server = await startServer(root, port, {
    ...env,
    DATA_DIR: dataDir,
    DEMO_DATA_COUNT: String(embeddedCount),
  });
  try {
    return await measure(
      'Embedded (npm start)',
      `${embeddedCount} demo numbers`,
      `http://127.0.0.1:${port}`,
    );
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The p95s of both stores next to each other, and each store's health route. */
function printSideBySide(targets: TargetFigures[]) {
  console.log('\nSide by side, p95 in ms (first request, cache cold | 10 clients):');
  console.log(`${'query'.padEnd(20)}${targets.map((t) => ` | ${t.name.padEnd(28)}`).join('')}`);
  for (const [index, scenario] of scenarios.entries()) {
    const cells = targets.map((t) => {
      const row = t.scenarios[index]!;
      return ` | ${ms(row.cold.p95)} |${ms(row.tenClients.p95)}             `;
    });
    console.log(`${scenario.name.padEnd(20)}${cells.join('')}`);
  }
  const health = targets.map((t) => ` |         |${ms(t.healthTenClients.p95)}             `);
  console.log(`${'GET /api/v1/health'.padEnd(20)}${health.join('')}`);
}

async function main() {
  const started = Date.now();
  console.log(
    `Catalogue benchmark: ${seconds} s per measurement, CATALOG_CACHE_SECONDS=${cacheSeconds ?? 'default (30)'}`,
  );
  const env: Record<string, string> = {};
  if (cacheSeconds !== undefined) env.CATALOG_CACHE_SECONDS = cacheSeconds;
  const targets: TargetFigures[] = [];
  if (target !== 'embedded') targets.push(await onPostgres(env));
  if (target !== 'postgres') targets.push(await onEmbedded(env));
  printSideBySide(targets);

  const results = join(root, 'bench/results');
  mkdirSync(results, { recursive: true });
  const file = join(results, `catalog-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ seconds, cacheSeconds: cacheSeconds ?? null, targets }, null, 2),
  );
  console.log(
    `\nResults written to ${file}; total run time ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
