import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');

export interface StoreServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The built web app a store started here serves: WEB_BUILD_DIR when given (relative to the
 * project's folder, as the server reads it when npm starts it there), else the client folder of the build that `npm run build -w apps/web`
 * wrote, `apps/web/${WEB_BUILD_OUT:-build}/client` (WEB_BUILD_OUT may be absolute), so that a
 * run with WEB_BUILD_OUT set tests the build it just made.
 */
export function webBuildDir(env: Readonly<Record<string, string | undefined>>): string {
  const explicit = env.WEB_BUILD_DIR?.trim();
  if (explicit) return resolve(repo, explicit);
  return resolve(repo, 'apps/web', env.WEB_BUILD_OUT?.trim() || 'build', 'client');
}

/** Starts the built store (as `npm start` runs it) on a free port with a fresh data folder. */
export async function startStore(env: Record<string, string> = {}): Promise<StoreServer> {
  const buildDir = webBuildDir({ ...process.env, ...env });
  if (!existsSync(join(buildDir, '__spa-fallback.html'))) {
    throw new Error(
      `No web build at ${buildDir}: build it first (WEB_BUILD_OUT=<folder> npm run build -w apps/web).`,
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(repo, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DEMO_DATA_COUNT: '3000',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Every test's browser comes from 127.0.0.1: one address renders far more than a visitor,
      // asks for far more sign-in codes and holds far more numbers (every spec's buyers are
      // there). The per-address limits themselves are tested in the API tests.
      PAGE_RENDERS_PER_MINUTE: '100000',
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      HOLDS_PER_IP: '100000',
      ...env,
      WEB_BUILD_DIR: buildDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`store did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Store ready at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`store exited with ${code}:\n${output}`)));
  });
  child.stdout.resume();
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return {
    url,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.on('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
