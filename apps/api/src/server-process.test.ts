import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real server process (`node --import tsx src/server.ts`, as `npm start` runs it) on an
 * embedded database in a temporary folder: start-up, the data folder's lock, and shutdown on
 * SIGTERM, during start-up too.
 */
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'store-server-'));
const dataDir = join(scratch, 'data');
const webBuildDir = join(scratch, 'web');
const lockFile = join(dataDir, 'store.lock');

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<Exit>;
  hasExited: () => boolean;
}

const children: ChildProcess[] = [];

function startServer(): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_BUILD_DIR: webBuildDir,
    DEMO_DATA_COUNT: '0',
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  return {
    child,
    output: () => output,
    hasExited: () => exited,
    exited: new Promise<Exit>((resolve) =>
      child.on('exit', (code, signal) => {
        exited = true;
        resolve({ code, signal });
      }),
    ),
  };
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Waits for the "Store ready at http://..." line and answers the address. */
async function ready(server: ServerProcess): Promise<string> {
  return waitFor('the server to be ready', () => {
    const match = /Store ready at (http:\/\/\S+)/.exec(server.output());
    if (match) return match[1]!;
    if (server.hasExited()) throw new Error(`the server exited:\n${server.output()}`);
    return undefined;
  });
}

async function health(base: string) {
  const res = await fetch(`${base}/api/v1/health`);
  return { status: res.status, body: (await res.json()) as { data: { status: string } } };
}

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await sleep(100);
  rmSync(scratch, { recursive: true, force: true });
});

describe('the server process', () => {
  it('starts, refuses a second server on its folder, stops on signals and starts again', async () => {
    // A signal during the first start (the embedded database being created) closes cleanly.
    const interrupted = startServer();
    await waitFor('the data folder lock', () => (existsSync(lockFile) ? true : undefined));
    interrupted.child.kill('SIGTERM');
    expect(await interrupted.exited).toEqual({ code: 0, signal: null });
    expect(interrupted.output()).not.toContain('Store ready');
    expect(existsSync(lockFile)).toBe(false);

    // The folder it left behind works.
    const first = startServer();
    const base = await ready(first);
    expect(await health(base)).toMatchObject({ status: 200, body: { data: { status: 'ok' } } });
    expect(existsSync(lockFile)).toBe(true);

    const second = startServer();
    const refused = await second.exited;
    expect(refused.code).not.toBe(0);
    expect(refused.code).not.toBeNull();
    expect(second.output()).toContain('Stop the server first');
    // The refused server left the first one and its lock alone.
    expect(existsSync(lockFile)).toBe(true);
    expect((await health(base)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFile)).toBe(false);

    const again = startServer();
    const againBase = await ready(again);
    expect((await health(againBase)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);
});
