import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const folders: string[] = [];

function seed(args: string[], dataDir: string, settings: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/seed.ts', ...args], {
      cwd: apiDir,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ...settings,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-session-secret-of-32-characters' };

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-seed-'));
  folders.push(dir);
  return dir;
};

describe('npm run seed', () => {
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a data folder the server holds, saying to stop the server first', async () => {
    const dir = tempDir();
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'store.lock'), String(server.pid));
      const result = await seed(['--count', '10'], dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Stop the server first');
    } finally {
      server.kill();
    }
  });

  it('refuses a bad count', async () => {
    const result = await seed(['--count', 'lots'], tempDir());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--count must be a whole number');
  });

  it('loads demo numbers into the embedded database', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const result = await seed(['--count', '50'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('loaded 50/50 numbers');
    expect(result.stdout).toContain(
      `seeded 50 new numbers into the embedded store in ${dir} (0 were there already)`,
    );
    expect(result.stdout).toMatch(/; it holds 50 numbers\n$/);
  });

  it('refuses under NODE_ENV=production without --demo-numbers-on-sale, creating nothing', async () => {
    const dir = tempDir();
    const result = await seed(['--count', '10'], dir, production);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'NODE_ENV=production: npm run seed loads made-up demo numbers, and they would go on sale in this store at demo prices. Nothing was loaded. For a trial store, add --demo-numbers-on-sale to load them all the same.',
    );
    expect(existsSync(join(dir, 'postgres'))).toBe(false);
  });

  it('under NODE_ENV=production with the flag, still creates no store', async () => {
    const dir = tempDir();
    const result = await seed(['--count', '10', '--demo-numbers-on-sale'], dir, production);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`No store in the data folder ${dir}`);
    expect(existsSync(join(dir, 'postgres'))).toBe(false);
  });
});
