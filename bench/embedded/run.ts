/**
 * The default store as `npm start` runs it: the API with its embedded PostgreSQL server in a
 * fresh data folder, 20,000 demo numbers, 10 clients, the listing cache at its default.
 *
 *   npm run bench:embedded
 *
 * Settings (environment): BENCH_COUNT (demo numbers, default 20000), BENCH_SECONDS (per
 * measurement, default 10), BENCH_CLIENTS (default 10). Prints requests a second and latency
 * percentiles of the health route and three listings, and the memory of the API and of the
 * database server's processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, load, startServer, stopServer } from '../shared/load';
import { memoryOf, postgresPids } from '../shared/process-memory';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const count = Number(process.env.BENCH_COUNT ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 10);

const listing = (query: string) => `/api/v1/numbers${query}`;
const sorts = ['newest', 'price_asc', 'price_desc'];
const scenarios: { name: string; paths: string[] }[] = [
  { name: 'GET /api/v1/health', paths: ['/api/v1/health'] },
  {
    name: 'listing, all',
    paths: sorts.flatMap((sort) => [1, 2, 3].map((page) => listing(`?sort=${sort}&page=${page}`))),
  },
  {
    name: 'listing, digits anywhere 786',
    paths: sorts.map((sort) => listing(`?q=786&match=anywhere&sort=${sort}`)),
  },
  {
    name: 'listing, category + price sort',
    paths: ['unique-numbers', 'mirror-numbers', '786-numbers', 'doubling-numbers'].flatMap(
      (category) =>
        ['price_asc', 'price_desc'].map((sort) => listing(`?category=${category}&sort=${sort}`)),
    ),
  },
];

const ms = (n: number) => n.toFixed(1).padStart(7);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-'));
  const port = await freePort();
  console.log(
    `Embedded store benchmark: ${count} demo numbers, ${clients} clients, ${seconds} s each`,
  );
  const started = Date.now();
  const server = await startServer(root, port, {
    DATA_DIR: dataDir,
    DEMO_DATA_COUNT: String(count),
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    console.log(`Store ready in ${((Date.now() - started) / 1000).toFixed(1)} s (first start)\n`);
    const header = `${'route'.padEnd(32)}   req/s     p50     p95   p97.5     p99  errors`;
    console.log(header);
    console.log('-'.repeat(header.length));
    for (const scenario of scenarios) {
      for (const path of scenario.paths) await (await fetch(base + path)).arrayBuffer();
      const m = await load(base, scenario.paths, clients, seconds);
      console.log(
        `${scenario.name.padEnd(32)} ${m.perSecond.toFixed(0).padStart(7)}${ms(m.p50)}${ms(m.p95)}${ms(m.p975)}${ms(m.p99)} ${String(m.errors).padStart(7)}`,
      );
    }
    const api = memoryOf([server.pid!]);
    const database = memoryOf(postgresPids(dataDir));
    console.log(
      `\nMemory after the run: API ${api.rss} MB resident; database server ${database.rss} MB resident over ${database.processes} processes (${database.pss} MB counting shared pages once); together ${api.pss + database.pss} MB proportional`,
    );
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
