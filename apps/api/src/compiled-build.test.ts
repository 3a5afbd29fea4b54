import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrl as testDatabaseUrl } from '../test-support/database-server';
import { newCustomer } from '../test-support/session-client';
import { signedInPeople } from '../test-support/signed-in-people';
import { START_REFUSED_EXIT_CODE } from './start-failure';
import { openDatabase } from './db/database';
import {
  buildApi,
  killServers,
  ready,
  startServer,
  waitFor,
  type ServerProcess,
} from '../test-support/server-process';

/**
 * The production build (`npm run build`): the server compiled into dist/ and run by plain node,
 * without tsx, finding its migrations, its password list and the web build from there; and
 * `npm run start:cluster`, several of them on one port and one PostgreSQL. One file, because
 * the build replaces dist/ (two files building at once would pull it from under each other).
 */
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'store-compiled-'));
const { admin } = inject('testDatabaseServer');
const name = `store_cluster_${process.pid}`;
const pairName = `store_pair_${process.pid}`;
const sharedName = `store_shared_${process.pid}`;
const nginxName = `store_nginx_${process.pid}`;

beforeAll(buildApi);
afterAll(async () => {
  killServers();
  await adminQuery(admin, `drop database if exists ${name} with (force)`);
  await adminQuery(admin, `drop database if exists ${pairName} with (force)`);
  await adminQuery(admin, `drop database if exists ${sharedName} with (force)`);
  await adminQuery(admin, `drop database if exists ${nginxName} with (force)`);
  rmSync(scratch, { recursive: true, force: true });
});

describe('the compiled API', () => {
  it('runs with plain node from dist/: migrates, serves the catalogue and the web build', async () => {
    const bundles = readdirSync(join(apiDir, 'dist'), { recursive: true }).map(String);
    expect(bundles).toEqual(expect.arrayContaining(['server.js', 'cli/seed.js']));
    // The workspace's TypeScript package is compiled in, not imported at run time.
    const code = bundles
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(apiDir, 'dist', file), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/from ["']@store\/domain["']|from ["']tsx["']/);

    const webBuildDir = join(scratch, 'web');
    mkdirSync(webBuildDir);
    writeFileSync(join(webBuildDir, 'index.html'), '<html>home page</html>');
    const server = startServer(
      join(scratch, 'data'),
      { WEB_BUILD_DIR: webBuildDir, DEMO_DATA_COUNT: '3' },
      { compiled: true },
    );
    const base = await ready(server);
    expect(server.child.spawnargs.slice(1)).toEqual(['dist/server.js']);

    const health = await fetch(`${base}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ data: { status: 'ok' } });
    const listing = await fetch(`${base}/api/v1/numbers`);
    expect(listing.status).toBe(200);
    expect(((await listing.json()) as { data: { total: number } }).data.total).toBe(3);
    const page = await fetch(`${base}/`);
    expect(await page.text()).toBe('<html>home page</html>');

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
  }, 120_000);
});

/** The database as a URL (the test server may be reached through a socket folder). */
const databaseUrl = (database = name) => testDatabaseUrl(admin, database);

/** One request on a connection of its own: the cluster hands each connection to the next worker. */
function onNewConnection(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; body: string; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: text,
            cookies: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const readyCount = (server: ServerProcess) =>
  server.output().match(/Store ready at http:\/\/\S+/g)?.length ?? 0;
const workerPids = (server: ServerProcess) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);

describe('the cluster command', () => {
  it('refuses the embedded database, which one process owns', async () => {
    const server = startServer(
      join(scratch, 'embedded'),
      { WEB_BUILD_DIR: scratch },
      {
        compiled: true,
        entry: 'cluster',
      },
    );
    expect(await server.exited, server.output()).toEqual({
      code: START_REFUSED_EXIT_CODE,
      signal: null,
    });
    expect(server.output()).toContain('set DATABASE_URL');
  });

  it('starts WORKERS servers on one port, replaces one that dies, and stops them all', async () => {
    await adminQuery(admin, `create database ${name}`);
    const webBuildDir = join(scratch, 'cluster-web');
    mkdirSync(webBuildDir);
    const server = startServer(
      join(scratch, 'unused'),
      { WEB_BUILD_DIR: webBuildDir, DATABASE_URL: databaseUrl(), WORKERS: '2' },
      { compiled: true, entry: 'cluster' },
    );
    await waitFor('two servers', () => {
      if (server.hasExited()) throw new Error(`the cluster exited:\n${server.output()}`);
      return readyCount(server) === 2 ? true : undefined;
    });
    const addresses = new Set(server.output().match(/Store ready at (http:\/\/\S+)/g));
    // Both on the same address (both migrated the new database, one after the other).
    expect(addresses.size).toBe(1);
    const base = /http:\/\/\S+/.exec([...addresses][0]!)![0];
    const workers = workerPids(server);
    expect(workers).toHaveLength(2);
    for (let i = 0; i < 4; i++) expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);

    // One session secret for all (none is set): a buyer whose codes one worker sent is signed
    // in by whichever worker takes the next connection, and every worker honours the session.
    const details = newCustomer();
    expect((await onNewConnection(base, 'POST', '/api/v1/auth/register', details)).status).toBe(
      200,
    );
    const code = async (to: string) => {
      const res = await onNewConnection(
        base,
        'GET',
        `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`,
      );
      return (JSON.parse(res.body) as { data: { messages: { otp: string }[] } }).data.messages[0]!
        .otp;
    };
    const verified = await onNewConnection(base, 'POST', '/api/v1/auth/verify-otp', {
      email: details.email,
      mobile: details.mobile,
      otp: await code(details.mobile),
      emailOtp: await code(details.email),
    });
    expect(verified.status, verified.body).toBe(200);
    const cookie = verified.cookies.map((line) => line.split(';')[0]).join('; ');
    for (let i = 0; i < 4; i++) {
      const profile = await onNewConnection(base, 'GET', '/api/v1/user/profile', undefined, cookie);
      expect(profile.status, profile.body).toBe(200);
    }

    process.kill(workers[0]!, 'SIGKILL');
    await waitFor('a replacement', () => (readyCount(server) === 3 ? true : undefined));
    expect(server.output()).toContain(`Server process ${workers[0]} stopped (SIGKILL)`);
    expect(workerPids(server)).toHaveLength(2);
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
  }, 120_000);
});

describe('two server processes on one database', () => {
  it('show the catalogue changes of any process at once, cached listings and all', async () => {
    await adminQuery(admin, `create database ${pairName}`);
    const env = {
      WEB_BUILD_DIR: scratch,
      DATABASE_URL: databaseUrl(pairName),
      // Long enough that only being told of the change can show it.
      CATALOG_CACHE_SECONDS: '600',
    };
    const servers = [
      startServer(scratch, env, { compiled: true }),
      startServer(scratch, env, { compiled: true }),
    ];
    const bases: string[] = [];
    for (const server of servers) bases.push(await ready(server));
    const totals = () =>
      Promise.all(
        bases.map(async (base) => {
          const res = await fetch(`${base}/api/v1/numbers`);
          return ((await res.json()) as { data: { total: number } }).data.total;
        }),
      );
    expect(await totals()).toEqual([0, 0]);

    // Another process (the seed command) adds numbers: both servers list them at once.
    const seeded = execFileSync(process.execPath, ['dist/cli/seed.js', '--count', '5'], {
      cwd: apiDir,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(seeded).toContain('; it holds 5 numbers');
    const deadline = Date.now() + 2_000;
    let seen = await totals();
    while (seen.some((total) => total !== 5) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await totals();
    }
    expect(seen).toEqual([5, 5]);
  }, 120_000);

  it('hold a number for one buyer only, count codes and requests together, and show a new price at once', async () => {
    await adminQuery(admin, `create database ${sharedName}`);
    const secret = 'two-processes-share-this-secret-0123456789';
    const env = {
      WEB_BUILD_DIR: scratch,
      DATABASE_URL: databaseUrl(sharedName),
      SESSION_SECRET: secret,
      CATALOG_CACHE_SECONDS: '600',
      OTP_SENDS_PER_CONTACT_PER_HOUR: '2',
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      RATE_LIMIT_PER_MINUTE: '80',
      // One window for the whole test, however slow the machine.
      RATE_LIMIT_WINDOW_SECONDS: '600',
    };
    const servers = [
      startServer(scratch, env, { compiled: true }),
      startServer(scratch, env, { compiled: true }),
    ];
    const bases: string[] = [];
    for (const server of servers) bases.push(await ready(server));
    const [a, b] = bases as [string, string];
    execFileSync(process.execPath, ['dist/cli/seed.js', '--count', '3'], {
      cwd: apiDir,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    });
    const listing = async (base: string) =>
      (await (await fetch(`${base}/api/v1/numbers?sort=price_asc`)).json()) as {
        data: { items: { id: number; pricing: { nwFinalPrice: number } }[] };
      };
    const wanted = (await listing(a)).data.items[0]!;
    const on = (i: number) => (i % 2 === 0 ? a : b);

    // Six buyers, three on each process, add the same number and check out at once: one wins.
    const database = openDatabase(databaseUrl(sharedName));
    const person = signedInPeople(database, secret);
    try {
      const buyers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => person(n)));
      const send = (base: string, method: string, path: string, cookie: string, body?: unknown) =>
        fetch(`${base}/api/v1${path}`, {
          method,
          headers: {
            cookie,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      for (const [i, cookie] of buyers.entries()) {
        expect((await send(on(i), 'POST', `/cart/add/${wanted.id}`, cookie)).status).toBe(200);
      }
      const checkouts = await Promise.all(
        buyers.map((cookie, i) => send(on(i), 'POST', '/cart/checkout', cookie)),
      );
      expect(checkouts.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);

      // A new price set through one process is what the other lists, cached listing and all.
      const staff = await person(7, 'support');
      const other = (await listing(b)).data.items[1]!;
      const repriced = await send(a, 'PATCH', `/admin/numbers/${other.id}`, staff, {
        price: 1_234_567,
      });
      expect(repriced.status).toBe(200);
      expect((await listing(b)).data.items.find((item) => item.id === other.id)?.pricing).toEqual(
        expect.objectContaining({ nwFinalPrice: 1_234_567 }),
      );
    } finally {
      await database.close();
    }

    // Codes: two sends an hour for one contact, counted across both processes.
    const details = newCustomer();
    const register = await fetch(`${a}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(details),
    });
    expect(register.status).toBe(200);
    const resend = (base: string) =>
      fetch(`${base}/api/v1/auth/resend-otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: details.email, mobile: details.mobile }),
      });
    expect((await resend(b)).status).toBe(200);
    expect((await resend(a)).status).toBe(429);
    expect((await resend(b)).status).toBe(429);

    // Requests: 80 a window for this address in all, not 80 on each process (each has had
    // about 50 by the end of this; together they pass 80).
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++) {
      statuses.push((await fetch(`${on(i)}/api/v1/numbers?pageSize=1`)).status);
    }
    expect(statuses).toContain(429);
  }, 180_000);
});

/** A port nobody listens on now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Debian's nginx, when the machine has it (.ci/run installs it). */
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
if (!nginx)
  console.warn('Skipping the nginx test: nginx is not installed (apt-get install nginx).');

describe.skipIf(!nginx)('behind nginx (deploy/nginx/store.conf)', () => {
  it('serves the hashed assets itself and passes pages, API calls and sessions to the cluster', async () => {
    await adminQuery(admin, `create database ${nginxName}`);
    const web = join(scratch, 'nginx-web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<html><body>home page</body></html>');
    writeFileSync(join(web, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
    writeFileSync(join(web, 'assets', 'app-1a2b3c.js.gz'), gzipSync('console.log("app");'));
    const cluster = startServer(
      join(scratch, 'unused'),
      {
        WEB_BUILD_DIR: web,
        DATABASE_URL: databaseUrl(nginxName),
        WORKERS: '2',
        TRUST_PROXY: '127.0.0.1',
      },
      { compiled: true, entry: 'cluster' },
    );
    await waitFor('two servers', () => {
      if (cluster.hasExited()) throw new Error(`the cluster exited:\n${cluster.output()}`);
      return readyCount(cluster) === 2 ? true : undefined;
    });
    const api = /Store ready at http:\/\/(\S+)/.exec(cluster.output())![1]!;

    const port = await freePort();
    const prefix = join(scratch, 'nginx');
    mkdirSync(join(prefix, 'logs'), { recursive: true });
    // The site as the file has it, but on plain http on loopback: without the port-80 redirect
    // and the certificate (the test has none), its https server listening on a free port.
    const site = readFileSync(join(apiDir, '../../deploy/nginx/store.conf'), 'utf8')
      .replace(/server \{[^{}]*return 301 https[^{}]*\}/, '')
      .replace(/^\s*listen \[::\]:443 .*$/m, '')
      .replace(/^\s*listen 443 ssl http2;$/m, `listen 127.0.0.1:${port};`)
      .replaceAll(/^\s*ssl_certificate.*$/gm, '')
      .replaceAll('@@SERVER_NAME@@', 'localhost')
      .replaceAll('@@API@@', api)
      .replaceAll('@@WEB_ROOT@@', web);
    writeFileSync(
      join(prefix, 'nginx.conf'),
      [
        // Run as root (CI), the workers would otherwise be `nobody`, who cannot read a 0700 folder.
        process.getuid?.() === 0 ? 'user root;' : '',
        'daemon off;',
        'pid nginx.pid;',
        'error_log logs/error.log;',
        'events {}',
        'http {',
        '  access_log off;',
        '  client_body_temp_path tmp; proxy_temp_path tmp;',
        '  fastcgi_temp_path tmp; uwsgi_temp_path tmp; scgi_temp_path tmp;',
        '  types { text/html html; application/javascript js; }',
        site,
        '}',
      ].join('\n'),
    );
    mkdirSync(join(prefix, 'tmp'));
    const proxy = spawn(nginx!, ['-p', prefix, '-c', 'nginx.conf'], { stdio: 'ignore' });
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      while (!(await fetch(base).catch(() => null))?.ok) {
        if (Date.now() > deadline)
          throw new Error(readFileSync(join(prefix, 'logs/error.log'), 'utf8'));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const asset = await fetch(`${base}/assets/app-1a2b3c.js`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('server')).toMatch(/^nginx/);
      expect(asset.headers.get('content-encoding')).toBe('gzip');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await asset.text()).toBe('console.log("app");');
      // A hashed file not (yet) there is not kept for a year (QA 29 F7); nosniff either way.
      const missing = await fetch(`${base}/assets/app-not-yet.js`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('cache-control')).toBeNull();
      expect(missing.headers.get('x-content-type-options')).toBe('nosniff');

      const page = await fetch(base);
      expect(await page.text()).toContain('home page');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

      const details = newCustomer();
      const post = (path: string, body: unknown, cookie = '') =>
        fetch(`${base}/api/v1${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(body),
        });
      expect((await post('/auth/register', details)).status).toBe(200);
      // The dev outbox answers only a loopback client that no proxy forwarded (decision 0056):
      // through nginx it is refused, read from a server itself it answers.
      expect((await fetch(`${base}/api/v1/dev/outbox?to=${details.mobile}`)).status).toBe(403);
      const code = async (to: string) => {
        const res = await fetch(`http://${api}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
        return ((await res.json()) as { data: { messages: { otp: string }[] } }).data.messages[0]!
          .otp;
      };
      const verified = await post('/auth/verify-otp', {
        email: details.email,
        mobile: details.mobile,
        otp: await code(details.mobile),
        emailOtp: await code(details.email),
      });
      expect(verified.status).toBe(200);
      const cookie = verified.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const profile = await fetch(`${base}/api/v1/user/profile`, { headers: { cookie } });
      expect(profile.status).toBe(200);
      const { user } = ((await profile.json()) as { data: { user: { email: string } } }).data;
      expect(user.email).toBe(details.email);

      // The buyer's address is the one nginx saw, whatever X-Forwarded-For the client wrote.
      const enquiry = await fetch(`${base}/api/v1/enquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({
          name: 'Ravi',
          mobile: '9876543210',
          email: 'ravi@example.com',
          topic: 'smart-ivr',
          message: 'We need an IVR for our clinic with three departments.',
        }),
      });
      expect(enquiry.status, await enquiry.clone().text()).toBe(201);
      const database = openDatabase(databaseUrl(nginxName));
      try {
        expect(await database.query('select client_ip from enquiries')).toEqual([
          { client_ip: '127.0.0.1' },
        ]);
      } finally {
        await database.close();
      }
    } finally {
      proxy.kill('SIGTERM');
      cluster.child.kill('SIGTERM');
      await cluster.exited;
    }
  }, 180_000);
});
