import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { START_REFUSED_EXIT_CODE } from '../start-failure';

/**
 * PostgreSQL refuses to run as root, and the account it could run as instead cannot enter a
 * folder only root may enter (a clone under /root, a DATA_DIR made by mktemp -d). Started by
 * root, the store runs it in a user namespace instead; where there is none, as the postgres (or
 * nobody) account. Either way no folder outside DATA_DIR changes mode or owner.
 */
const repo = fileURLToPath(new URL('../../../..', import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(mode: number) {
  const folder = mkdtempSync(join(tmpdir(), 'store-root-'));
  folders.push(folder);
  chmodSync(folder, mode);
  return folder;
}

/** The parts of the project the server needs, hard-linked (a copy where links cannot be). */
function cloneProject(into: string) {
  mkdirSync(join(into, 'apps'), { recursive: true });
  const parts = ['package.json', 'tsconfig.base.json', 'node_modules', 'packages'];
  const copy = (from: readonly string[], to: string, flags: string) =>
    spawnSync('cp', [flags, ...from.map((part) => join(repo, part)), to]).status === 0;
  const copies: [string[], string][] = [
    [parts, into],
    [['apps/api'], join(into, 'apps')],
  ];
  for (const [from, to] of copies) {
    if (!copy(from, to, '-al') && !copy(from, to, '-a'))
      throw new Error('could not copy the project');
  }
  return into;
}

/** Mode and owner of every folder under `roots` (DATA_DIR's own tree left out), and of the accounts. */
function snapshot(roots: string[], dataDir: string): string[] {
  const lines: string[] = [];
  const visit = (path: string) => {
    if (path === dataDir || path.startsWith(`${dataDir}/`)) return;
    const stat = lstatSync(path);
    if (!stat.isDirectory()) return;
    lines.push(`${path} ${stat.mode.toString(8)} ${stat.uid}:${stat.gid}`);
    for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  for (const root of roots) {
    for (let up = dirname(root); up !== '/'; up = dirname(up)) {
      const stat = statSync(up);
      lines.push(`${up} ${stat.mode.toString(8)} ${stat.uid}:${stat.gid}`);
    }
    visit(root);
  }
  lines.push(readFileSync('/etc/passwd', 'utf8'), readFileSync('/etc/group', 'utf8'));
  return lines;
}

/** Starts the store from `project`, checks it serves with its embedded server, stops it. */
async function runStore(project: string, dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(project, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA_COUNT: '0',
      LOG_LEVEL: 'silent',
      WEB_BUILD_DIR: join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const base = await Promise.race([
    new Promise<string>((resolve) => {
      const onData = () => {
        const match = /Store ready at (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      };
      child.stdout.on('data', onData);
    }),
    exited.then(() => undefined),
  ]);
  if (!base) return { code: await exited, output, health: undefined };
  const health = await (await fetch(`${base}/api/v1/health`)).json();
  child.kill('SIGTERM');
  return { code: await exited, output, health };
}

describe.runIf(process.geteuid?.() === 0)('the embedded server, started by root', () => {
  it('runs from a project and a DATA_DIR inside folders only root may enter, changing no folder outside DATA_DIR', async () => {
    const project = cloneProject(join(tempFolder(0o700), 'store'));
    const dataDir = join(tempFolder(0o700), 'data');
    const before = snapshot([dirname(project), dirname(dataDir)], dataDir);

    const run = await runStore(project, dataDir);
    expect(run.output).not.toContain('Error');
    expect(run.health).toMatchObject({ data: { status: 'ok', database: { kind: 'embedded' } } });
    expect(run.code).toBe(0);
    // In a user namespace the server's files stay root's.
    expect(statSync(join(dataDir, 'postgres/PG_VERSION')).uid).toBe(0);
    expect(snapshot([dirname(project), dirname(dataDir)], dataDir)).toEqual(before);
  }, 120_000);

  it('without user namespaces, runs as another account where it can reach the folders, and says what to do where it cannot', async () => {
    // No `unshare` on the PATH: as on a machine without user namespaces.
    const env = { PATH: tempFolder(0o755) };
    const project = cloneProject(join(tempFolder(0o755), 'store'));

    const hidden = join(tempFolder(0o700), 'data');
    const refused = await runStore(project, hidden, env);
    // A refusal starting again cannot mend (decision 0103).
    expect(refused.code).toBe(START_REFUSED_EXIT_CODE);
    expect(refused.output).toContain('allows no user namespaces');
    expect(refused.output).toContain('DATABASE_URL');

    const dataDir = join(tempFolder(0o755), 'data');
    const before = snapshot([dirname(project), dirname(dataDir)], dataDir);
    const run = await runStore(project, dataDir, env);
    expect(run.health).toMatchObject({ data: { status: 'ok', database: { kind: 'embedded' } } });
    expect(run.code).toBe(0);
    expect(statSync(join(dataDir, 'postgres/PG_VERSION')).uid).not.toBe(0);
    expect(snapshot([dirname(project), dirname(dataDir)], dataDir)).toEqual(before);
  }, 120_000);
});
