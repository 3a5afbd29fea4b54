import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * The real server process (`node --import tsx src/server.ts`, or the compiled `node
 * dist/server.js` that `npm start` runs) with its embedded PostgreSQL server in a data folder,
 * for the tests of start-up, signals and crashes.
 */
const apiDir = fileURLToPath(new URL('..', import.meta.url));

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<Exit>;
  hasExited: () => boolean;
}

const children: ChildProcess[] = [];

/**
 * Starts the server on a free port with `dataDir` (the embedded database unless `env` has a
 * DATABASE_URL), no demo data unless `env` says so; from its source, or with `compiled` from the
 * build in dist/ (buildApi first); `entry: 'cluster'` starts several (src/cluster.ts).
 */
export function startServer(
  dataDir: string,
  env: Record<string, string> & { WEB_BUILD_DIR: string },
  options: { compiled?: boolean; entry?: 'server' | 'cluster' } = {},
): ServerProcess {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DEMO_DATA_COUNT: '0',
    LOG_LEVEL: 'silent',
    ...env,
  };
  if (!env.DATABASE_URL) delete environment.DATABASE_URL;
  const name = options.entry ?? 'server';
  const entry = options.compiled ? [`dist/${name}.js`] : ['--import', 'tsx', `src/${name}.ts`];
  const child = spawn(process.execPath, entry, {
    cwd: apiDir,
    env: environment,
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

/** Builds the API into dist/ as `npm run build` does; throws with the build's output if it fails. */
export function buildApi() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: apiDir,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`the API build failed:\n${result.stdout}${result.stderr}`);
}

/** Kills every server this file started that still runs (afterAll). */
export function killServers() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Waits for the "Store ready at http://..." line and answers the address. */
export async function ready(server: ServerProcess): Promise<string> {
  return waitFor('the server to be ready', () => {
    const match = /Store ready at (http:\/\/\S+)/.exec(server.output());
    if (match) return match[1]!;
    if (server.hasExited()) throw new Error(`the server exited:\n${server.output()}`);
    return undefined;
  });
}
