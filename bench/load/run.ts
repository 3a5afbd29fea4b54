/**
 * Mixed-traffic load benchmark (issue #16 item 14): shoppers browse listings, search in plain
 * words, open number pages, change their carts and check out, all at once, against the store
 * as it runs in production: the embedded default with one process, and PostgreSQL with
 * BENCH_WORKERS processes (npm run start:cluster).
 *
 *   npm run bench:load
 *
 * Settings (environment): BENCH_TARGET (embedded, postgres or both; default both),
 * BENCH_DATABASE_URL (default the local store_bench database), BENCH_COUNT (numbers; default
 * 20000 embedded, 1000000 on PostgreSQL), BENCH_WORKERS (default 2), BENCH_SECONDS (default
 * 30), BENCH_CONNECTIONS (default 10 embedded, 50 on PostgreSQL). See bench/load/README.md.
 */
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../../apps/api/src/auth/password-hashing';
import { openCommandServices } from '../../apps/api/src/cli/command-services';
import { loadConfig, type Config } from '../../apps/api/src/config/config';
import { prepareCatalogDatabase, redact } from '../shared/catalog-database';
import { listingScenarios } from '../shared/listing-paths';
import { freePort, percentile, startServer, stopServer } from '../shared/load';
import { startMessageSinks } from '../shared/message-sinks';
import {
  allPostgresPids,
  childPids,
  cpuSecondsBetween,
  cpuSecondsOf,
  memoryOf,
  postgresPids,
} from '../shared/process-memory';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const target = process.env.BENCH_TARGET ?? 'both';
const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/store_bench';
const workers = Number(process.env.BENCH_WORKERS ?? 2);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const countSetting = process.env.BENCH_COUNT;
const connectionsSetting = process.env.BENCH_CONNECTIONS;

type Kind = 'listing' | 'search' | 'number page' | 'cart' | 'checkout';

/** The billing name and address every checkout of the run gives. */
const LOAD_BILLING = {
  name: 'Load Buyer',
  line1: '14 Residency Road',
  city: 'New Delhi',
  state: 'Delhi',
  pinCode: '110001',
};

/** Each kind's share of the requests, and the statuses it may answer that are not errors. */
const kinds: { kind: Kind; weight: number; expected: number[] }[] = [
  { kind: 'listing', weight: 45, expected: [200] },
  { kind: 'search', weight: 15, expected: [200] },
  { kind: 'number page', weight: 15, expected: [200] },
  // 409: the number is held or sold by another buyer, or already in this cart.
  { kind: 'cart', weight: 15, expected: [200, 409] },
  // 201 a new order, 200 the open order of the same cart, 409 another buyer holds a number.
  { kind: 'checkout', weight: 10, expected: [200, 201, 409] },
];

const searchPhrases = [
  'ending 786 under 20k',
  '7 ka total',
  'between 10k and 50k',
  'starting 98 ending 786',
  '786 wala',
  'mirror numbers',
  'total 9 under 15000',
  '98 se start',
  'ending 0000',
  'without 4',
  'under 5000',
  'vip number 9999',
];

const BUYER_PASSWORD = 'load-bench-buyer-password';
const BUYER_DOMAIN = 'load-bench.invalid';
const CART_LIMIT = 3;
/** Numbers the carts and checkouts pick from: few enough that buyers sometimes want the same. */
const HELD_POOL = 2_000;

/** A deterministic generator, so every run sends the same sequence of choices. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Buyer {
  mobile: string;
  /** Its own client address (X-Forwarded-For), as shoppers come from many networks. */
  address: string;
  cookie: string;
  cart: { itemId: string; numberId: number }[];
}

interface Shop {
  /** Buyers with no request in flight: a buyer sends one request at a time, like a browser. */
  idle: Buyer[];
  numberIds: number[];
  digits: string[];
  postgresVersion: string;
}

/**
 * Creates `buyerCount` new buyer accounts with a password through the store's own user service
 * (new ones every run: a buyer may not hold a number again soon after holding it), and picks
 * the numbers the run asks for: any status for number pages, available ones for carts.
 */
async function prepareShop(config: Config, buyerCount: number): Promise<Shop> {
  const { services, database, close } = await openCommandServices(config);
  try {
    const [version] = await database.query<{ v: string }>(
      "select current_setting('server_version') as v",
    );
    const [existing] = await database.query<{ n: number }>(
      'select count(*)::int as n from users where email like $1',
      [`%@${BUYER_DOMAIN}`],
    );
    const passwordHash = await hashPassword(BUYER_PASSWORD);
    const idle: Buyer[] = [];
    for (let i = 0; i < buyerCount; i++) {
      const n = (existing?.n ?? 0) + i;
      const mobile = String(6_000_000_000 + n);
      await services.users.createCustomer(database.db, {
        name: `Load Buyer ${n}`,
        email: `buyer-${n}@${BUYER_DOMAIN}`,
        mobile,
        passwordHash,
        accountType: 'Individual',
        getWhatsappUpdate: false,
        acceptTermsAndConditions: true,
      });
      idle.push({
        mobile,
        address: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        cookie: '',
        cart: [],
      });
    }
    const available = await database.query<{ id: number }>(
      "select id from numbers where status = 'available' order by random() limit $1",
      [HELD_POOL],
    );
    const pages = await database.query<{ number: string }>(
      'select number from numbers where id % greatest(1, (select max(id) from numbers) / 500) = 0 limit 500',
    );
    return {
      idle,
      numberIds: available.map((row) => row.id),
      digits: pages.map((row) => row.number),
      postgresVersion: version?.v ?? 'unknown',
    };
  } finally {
    await close();
  }
}

/** Signs every buyer in with the store's password sign-in, keeping its access cookie. */
async function signIn(base: string, buyers: Buyer[]) {
  for (const buyer of buyers) {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': buyer.address },
      body: JSON.stringify({ contact: buyer.mobile, password: BUYER_PASSWORD }),
    });
    const access = res.headers.getSetCookie().find((c) => c.startsWith('access_token='));
    if (res.status !== 200 || !access) {
      throw new Error(`Signing in ${buyer.mobile} answered ${res.status}: ${await res.text()}`);
    }
    buyer.cookie = access.split(';')[0]!;
  }
}

/**
 * Each listing and search URL once per server process (each has its own listing cache; the
 * cluster hands connections round), one at a time, so the run starts with the caches warm.
 */
async function warmUp(base: string, paths: string[], processes: number) {
  for (const path of Array.from({ length: processes }, () => paths).flat()) {
    const res = await fetch(base + path);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
}

const listingPaths = listingScenarios.flatMap((s) => s.paths);
const searchPaths = searchPhrases.map((p) => `/api/v1/numbers?text=${encodeURIComponent(p)}`);

interface Planned {
  kind: Kind;
  buyer?: Buyer;
  /** The reply is the buyer's cart. */
  readsCart?: boolean;
  method: string;
  path: string;
  body?: string;
}

/** The next request of the mix. */
function plan(shop: Shop, random: () => number): Planned {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  let roll = random() * 100;
  const kind = kinds.find((k) => (roll -= k.weight) < 0)?.kind ?? 'listing';
  if (kind === 'search') return { kind, method: 'GET', path: pick(searchPaths) };
  if (kind === 'number page') {
    return { kind, method: 'GET', path: `/api/v1/numbers/by-number/${pick(shop.digits)}` };
  }
  // Every buyer busy (only when a request was lost to a timeout): browse instead.
  const buyer = kind === 'listing' ? undefined : shop.idle.shift();
  if (!buyer) return { kind: 'listing', method: 'GET', path: pick(listingPaths) };
  const { cart } = buyer;
  if (kind === 'checkout') {
    // A buyer with a cart checks it out; one without buys one number now. Billed to an address,
    // as the web's billing form does: an order of ₹50,000 or more needs one (decision 0106).
    const body = {
      billing: LOAD_BILLING,
      ...(cart.length > 0 ? {} : { numberId: pick(shop.numberIds) }),
    };
    return {
      kind,
      buyer,
      method: 'POST',
      path: '/api/v1/cart/checkout',
      body: JSON.stringify(body),
    };
  }
  const action =
    cart.length === 0
      ? 'add'
      : pick(cart.length < CART_LIMIT ? ['read', 'add', 'remove'] : ['read', 'remove']);
  if (action === 'add') {
    return {
      kind,
      buyer,
      readsCart: true,
      method: 'POST',
      path: `/api/v1/cart/add/${pick(shop.numberIds)}`,
    };
  }
  if (action === 'remove') {
    return {
      kind,
      buyer,
      readsCart: true,
      method: 'DELETE',
      path: `/api/v1/cart/item/${pick(cart).itemId}`,
    };
  }
  return { kind, buyer, readsCart: true, method: 'GET', path: '/api/v1/cart' };
}

interface KindFigures {
  latencies: number[];
  expectedNon2xx: number;
  errors: number;
  statuses: Record<number, number>;
}

/** Requests, rate and latency percentiles of one kind (or of all), ms. */
function summarize(figures: KindFigures[]) {
  const latencies = figures.flatMap((f) => f.latencies).sort((a, b) => a - b);
  const statuses: Record<number, number> = {};
  for (const f of figures) {
    for (const [status, n] of Object.entries(f.statuses)) {
      statuses[Number(status)] = (statuses[Number(status)] ?? 0) + n;
    }
  }
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    expectedNon2xx: figures.reduce((n, f) => n + f.expectedNon2xx, 0),
    errors: figures.reduce((n, f) => n + f.errors, 0),
    statuses,
  };
}

/**
 * `connections` clients send the mix for `seconds` while the memory of `serverPids()` is
 * sampled every second; the CPU time the server, database (`databasePids()`) and this load
 * tool use in the window is measured too.
 */
async function measureMix(
  base: string,
  shop: Shop,
  connections: number,
  serverPids: () => number[],
  databasePids: () => number[],
) {
  const figures = new Map(
    kinds.map((k) => [
      k.kind,
      { latencies: [], expectedNon2xx: 0, errors: 0, statuses: {} } as KindFigures,
    ]),
  );
  const random = seededRandom(connections * 7919 + shop.numberIds.length);
  // autocannon calls onResponse and then, at once and for the same reply, emits 'response'
  // with its latency: the kind and status are handed over in between.
  let reply: { kind: Kind; status: number } | undefined;
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request, context) => {
          const next = plan(shop, random);
          context.next = next;
          const address =
            next.buyer?.address ??
            `10.66.${Math.floor(random() * 4)}.${Math.floor(random() * 250) + 1}`;
          const headers: Record<string, string> = { 'x-forwarded-for': address };
          if (next.buyer) headers.cookie = next.buyer.cookie;
          if (next.body !== undefined) headers['content-type'] = 'application/json';
          return { ...request, method: next.method, path: next.path, headers, body: next.body };
        },
        onResponse: (status, body, context) => {
          const next = context.next as Planned;
          if (next.buyer) {
            if (next.readsCart && status === 200) {
              const { data } = JSON.parse(body) as {
                data: { items: { id: string; productId: number }[] };
              };
              next.buyer.cart = data.items.map((item) => ({
                itemId: item.id,
                numberId: item.productId,
              }));
            }
            shop.idle.push(next.buyer);
          }
          reply = { kind: next.kind, status };
        },
      },
    ],
  });
  instance.on('response', (_client, _statusCode, _bytes, responseTime) => {
    const { kind, status } = reply!;
    const f = figures.get(kind)!;
    f.latencies.push(responseTime);
    f.statuses[status] = (f.statuses[status] ?? 0) + 1;
    if (!kinds.find((k) => k.kind === kind)!.expected.includes(status)) f.errors++;
    else if (status >= 300) f.expectedNon2xx++;
  });
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(serverPids()).rss);
  }, 1000);
  const cpuBefore = { server: cpuSecondsOf(serverPids()), database: cpuSecondsOf(databasePids()) };
  const loadToolBefore = process.cpuUsage();
  const result = await instance;
  const loadTool = process.cpuUsage(loadToolBefore);
  const cpu = {
    server: cpuSecondsBetween(cpuBefore.server, cpuSecondsOf(serverPids())),
    database: cpuSecondsBetween(cpuBefore.database, cpuSecondsOf(databasePids())),
    loadTool: (loadTool.user + loadTool.system) / 1e6,
  };
  clearInterval(sampler);
  const endRss = memoryOf(serverPids()).rss;
  return {
    kinds: kinds.map((k) => ({ kind: k.kind, ...summarize([figures.get(k.kind)!]) })),
    all: summarize([...figures.values()]),
    timeouts: result.timeouts,
    connectionErrors: result.errors - result.timeouts,
    memory: { peakRss: Math.max(peakRss, endRss), endRss },
    cpu,
  };
}

type Measured = Awaited<ReturnType<typeof measureMix>>;

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-').padStart(8);

function printFigures(m: Measured) {
  const header = `${'kind'.padEnd(12)} requests    req/s     p50     p95     p99  expected non-2xx  errors`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const row of [...m.kinds, { kind: 'all', ...m.all }]) {
    console.log(
      `${row.kind.padEnd(12)} ${String(row.requests).padStart(8)} ${row.perSecond.toFixed(0).padStart(8)}${ms(row.p50)}${ms(row.p95)}${ms(row.p99)} ${String(row.expectedNon2xx).padStart(17)} ${String(row.errors).padStart(7)}`,
    );
  }
  console.log(
    `Statuses: ${Object.entries(m.all.statuses)
      .map(([status, n]) => `${status} ${n}`)
      .join(', ')}; timeouts ${m.timeouts}, connection errors ${m.connectionErrors}`,
  );
  const perRequest = (cpuSeconds: number) => ((cpuSeconds * 1000) / m.all.requests).toFixed(1);
  console.log(
    `CPU in the window: server ${m.cpu.server.toFixed(1)} s, database ${m.cpu.database.toFixed(1)} s, load tool ${m.cpu.loadTool.toFixed(1)} s, of ${(cpus().length * seconds).toFixed(0)} s on ${cpus().length} cores; per request: server ${perRequest(m.cpu.server)} ms, database ${perRequest(m.cpu.database)} ms`,
  );
}

const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');

/** What every run's server is given besides the production settings of startServer. */
const benchServerEnv = {
  // Each virtual shopper sends its own client address (X-Forwarded-For), as behind a proxy.
  TRUST_PROXY: 'true',
  // Sessions signed in before the run outlive it.
  ACCESS_TOKEN_TTL_SECONDS: String(seconds + 3600),
};

async function runEmbedded(messaging: Record<string, string>) {
  const count = Number(countSetting ?? 20_000);
  const connections = Number(connectionsSetting ?? 10);
  console.log(
    `\n== Embedded default, 1 process: ${count} numbers, ${connections} connections, ${seconds} s`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'store-load-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(root, port, {
    ...benchServerEnv,
    ...messaging,
    DATA_DIR: dataDir,
    DEMO_DATA_COUNT: String(count),
  });
  try {
    const shop = await prepareShop(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
      Math.max(20, 2 * connections),
    );
    await signIn(base, shop.idle);
    await warmUp(base, [...listingPaths, ...searchPaths], 1);
    console.log(
      `PostgreSQL ${shop.postgresVersion} (embedded); ${shop.idle.length} buyers signed in\n`,
    );
    const m = await measureMix(
      base,
      shop,
      connections,
      () => [server.pid!],
      () => postgresPids(dataDir),
    );
    printFigures(m);
    const database = memoryOf(postgresPids(dataDir));
    console.log(
      `Server memory (RSS): API process peak ${m.memory.peakRss} MB, at end ${m.memory.endRss} MB; embedded database server at end ${database.rss} MB over ${database.processes} processes`,
    );
    const listing = m.kinds.find((k) => k.kind === 'listing')!;
    const asGoal = count === 20_000;
    console.log(
      `Goal: at least 2,500 listing requests/s with p95 under 10 ms at 20,000 numbers, one process ` +
        `(measured alone by npm run bench:embedded; here the listings inside the mix): ` +
        `${listing.perSecond.toFixed(0)} req/s, p95 ${listing.p95.toFixed(1)} ms: ` +
        `${verdict(listing.perSecond >= 2_500 && listing.p95 < 10)}` +
        (asGoal ? '' : ` (at ${count} numbers, not the goal's 20,000)`),
    );
    return {
      target: 'embedded',
      count,
      processes: 1,
      connections,
      seconds,
      ...m,
      databaseRss: database.rss,
    };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runPostgres(messaging: Record<string, string>) {
  const count = Number(countSetting ?? 1_000_000);
  const connections = Number(connectionsSetting ?? 50);
  console.log(
    `\n== PostgreSQL ${redact(databaseUrl)}, ${workers} processes: ${count} numbers, ${connections} connections, ${seconds} s`,
  );
  const inventory = await prepareCatalogDatabase(databaseUrl, count);
  console.log(`Inventory: ${inventory}`);
  const shop = await prepareShop(
    loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
    Math.max(20, 2 * connections),
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    root,
    port,
    {
      ...benchServerEnv,
      ...messaging,
      DATABASE_URL: databaseUrl,
      DEMO_DATA_COUNT: '0',
      WORKERS: String(workers),
    },
    120,
    'cluster',
  );
  try {
    const serverPids = () => childPids(server.pid!);
    while (serverPids().length < workers) await new Promise((r) => setTimeout(r, 250));
    await signIn(base, shop.idle);
    await warmUp(base, [...listingPaths, ...searchPaths], workers);
    console.log(`PostgreSQL ${shop.postgresVersion}; ${shop.idle.length} buyers signed in\n`);
    const m = await measureMix(base, shop, connections, serverPids, allPostgresPids);
    printFigures(m);
    console.log(
      `Server memory (RSS, the ${workers} workers together): peak ${m.memory.peakRss} MB, at end ${m.memory.endRss} MB`,
    );
    const errors = m.all.errors + m.timeouts + m.connectionErrors;
    const asGoal = count >= 1_000_000 && workers === 2;
    console.log(
      `Goal: at least 1,500 mixed requests/s with p95 under 100 ms and no errors, 1,000,000 numbers, 2 processes: ` +
        `${m.all.perSecond.toFixed(0)} req/s, p95 ${m.all.p95.toFixed(1)} ms, ${errors} errors: ` +
        `${verdict(m.all.perSecond >= 1_500 && m.all.p95 < 100 && errors === 0)}` +
        (asGoal
          ? ''
          : ` (at ${count} numbers and ${workers} processes, not the goal's conditions)`),
    );
    return { target: 'postgres', count, processes: workers, connections, seconds, inventory, ...m };
  } finally {
    await stopServer(server);
  }
}

async function main() {
  if (!['embedded', 'postgres', 'both'].includes(target)) {
    throw new Error(`BENCH_TARGET must be embedded, postgres or both, not "${target}"`);
  }
  const machine = {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    node: process.version,
  };
  console.log(
    `Mixed load benchmark. Machine: ${machine.cores} cores (${machine.cpu}), Node ${machine.node}`,
  );
  console.log(
    `Mix: ${kinds.map((k) => `${k.weight}% ${k.kind}`).join(', ')}; latencies in ms, per kind and over all`,
  );
  const sinks = await startMessageSinks();
  const runs = [];
  try {
    if (target !== 'postgres') runs.push(await runEmbedded(sinks.env));
    if (target !== 'embedded') runs.push(await runPostgres(sinks.env));
  } finally {
    await sinks.close();
  }
  const { emails, sms } = sinks.received();
  console.log(
    `\nMessages delivered to the loopback SMTP and SMS sinks: ${emails} e-mails, ${sms} SMS`,
  );

  const results = join(root, 'bench/results');
  mkdirSync(results, { recursive: true });
  const file = join(results, `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ machine, runs }, null, 2));
  console.log(`\nResults written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
