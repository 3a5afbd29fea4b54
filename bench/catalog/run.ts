/**
 * Catalogue benchmark: a million numbers in PostgreSQL, listing queries through the HTTP API.
 *
 *   npm run bench:catalog
 *
 * Settings (environment): BENCH_DATABASE_URL (default the local store_bench database),
 * BENCH_COUNT (numbers, default 1000000), BENCH_SECONDS (per measurement, default 10),
 * BENCH_CACHE_SECONDS (the server's CATALOG_CACHE_SECONDS; unset: the server default).
 * See bench/catalog/README.md for what it measures and the figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareCatalogDatabase } from '../shared/catalog-database';
import { listingScenarios as scenarios } from '../shared/listing-paths';
import { freePort, load, percentile, startServer, stopServer } from '../shared/load';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/store_bench';
const count = Number(process.env.BENCH_COUNT ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const cacheSeconds = process.env.BENCH_CACHE_SECONDS;

/** The first request of each URL, one at a time: what a listing costs before the cache has it. */
async function coldFirstRequests(base: string, paths: string[]) {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const res = await fetch(base + path);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1]! };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-').padStart(7);

async function main() {
  const started = Date.now();
  console.log(`Catalogue benchmark: ${count} numbers, ${seconds} s per measurement`);
  const mix = await prepareCatalogDatabase(databaseUrl, count);
  console.log(`Inventory: ${mix}`);

  const port = await freePort();
  const env: Record<string, string> = { DATABASE_URL: databaseUrl, DEMO_DATA_COUNT: '0' };
  if (cacheSeconds !== undefined) env.CATALOG_CACHE_SECONDS = cacheSeconds;
  const server = await startServer(root, port, env, 60);
  const base = `http://127.0.0.1:${port}`;
  const rows: Record<string, unknown>[] = [];
  try {
    console.log(
      `Server on ${base} (pid ${server.pid}), CATALOG_CACHE_SECONDS=${cacheSeconds ?? 'default (30)'}\n`,
    );
    const header =
      'query                 urls | first request p50  p95    max |  10 clients p50    p95    p99   req/s  errors';
    console.log(header);
    console.log('-'.repeat(header.length));
    for (const scenario of scenarios) {
      const cold = await coldFirstRequests(base, scenario.paths);
      const warm = await load(base, scenario.paths, 10, seconds);
      rows.push({ query: scenario.name, urls: scenario.paths.length, cold, tenClients: warm });
      console.log(
        `${scenario.name.padEnd(20)} ${String(scenario.paths.length).padStart(5)} |       ${ms(cold.p50)}${ms(cold.p95)}${ms(cold.max)} |     ${ms(warm.p50)}${ms(warm.p95)}${ms(warm.p99)} ${warm.perSecond.toFixed(0).padStart(7)} ${String(warm.errors).padStart(7)}`,
      );
    }

    // Like each query above, the mixed run starts after one pass over its URLs.
    const everything = scenarios.flatMap((s) => s.paths);
    await coldFirstRequests(base, everything);
    const mixed = await load(base, everything, 50, seconds);
    const health = await load(base, ['/api/v1/health'], 50, seconds);
    rows.push({ query: 'all listings, 50 clients', fiftyClients: mixed });
    rows.push({ query: 'health, 50 clients', fiftyClients: health });
    console.log('\nThroughput with 50 clients:');
    console.log(
      `  all listing queries mixed: ${mixed.perSecond.toFixed(0)} req/s (p50 ${mixed.p50.toFixed(1)} ms, p95 ${mixed.p95.toFixed(1)} ms, errors ${mixed.errors})`,
    );
    console.log(
      `  GET /api/v1/health:        ${health.perSecond.toFixed(0)} req/s (p50 ${health.p50.toFixed(1)} ms, p95 ${health.p95.toFixed(1)} ms, errors ${health.errors})`,
    );
  } finally {
    await stopServer(server);
  }

  const results = join(root, 'bench/results');
  mkdirSync(results, { recursive: true });
  const file = join(results, `catalog-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ count, seconds, cacheSeconds: cacheSeconds ?? null, mix, rows }, null, 2),
  );
  console.log(
    `\nResults written to ${file}; total run time ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
