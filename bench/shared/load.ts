import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { benchMessaging } from './production-settings';

/** A deterministic pick, so every run sends the same sequence of requests. */
function seededPick<T>(items: readonly T[], seed = 1): () => T {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return items[state % items.length]!;
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface Measurement {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p975: number;
  p99: number;
}

/** `connections` clients send `paths` (picked in a fixed order) for `duration` seconds. */
export async function load(
  base: string,
  paths: string[],
  connections: number,
  duration: number,
): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  const pick = seededPick(paths, connections * 7919 + paths.length);
  const instance = autocannon({
    url: base,
    connections,
    duration,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pick() }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode !== 200) errors++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    // autocannon's `errors` counts connection errors, timeouts among them.
    errors: errors + result.errors,
    perSecond: latencies.length / duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p975: percentile(latencies, 97.5),
    p99: percentile(latencies, 99),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (the compiled `apps/api/dist/server.js`, or with `entry` 'cluster' the
 * primary of `npm run start:cluster`, with node itself so that stopping its pid stops it) in
 * production mode on `port`, and waits until its health route answers 200.
 */
export async function startServer(
  root: string,
  port: number,
  env: Record<string, string>,
  timeoutSeconds = 120,
  entry: 'server' | 'cluster' = 'server',
): Promise<ChildProcess> {
  // What npm start runs: the API compiled by esbuild, under plain node.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], {
    cwd: root,
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('npm run build -w apps/api failed');
  const child = spawn(process.execPath, [`apps/api/dist/${entry}.js`], {
    cwd: root,
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-only-secret-bench-only-secret-0123456789',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      PAGE_RENDERS_PER_MINUTE: '1000000000',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...benchMessaging,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutSeconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`The server did not answer within ${timeoutSeconds} s`);
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
