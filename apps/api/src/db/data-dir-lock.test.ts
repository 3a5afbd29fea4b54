import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  DataDirNotWritableError,
  lockDataDir,
  processIdentity,
} from './data-dir-lock';

const here = dirname(fileURLToPath(import.meta.url));
const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-lock-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a folder held by another live process', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(join(dir, 'store.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/Stop the server first/);
    } finally {
      other.kill();
    }
  });

  it('says in one line that a folder it cannot write is not writable, and why (QA 23 F7)', () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, '');
    const dataDir = join(file, 'data');
    expect(() => lockDataDir(dataDir)).toThrow(DataDirNotWritableError);
    expect(() => lockDataDir(dataDir)).toThrow(
      `DATA_DIR ${dataDir} is not writable: a file is in the way of the folder (ENOTDIR). The store keeps its files there: make the folder writable for this server's user, or point DATA_DIR at one that is.`,
    );
    // A read-only mount in the system's words, without the lock's own file name.
    const readOnly = Object.assign(
      new Error("EROFS: read-only file system, open '/mnt/ro/store.lock.1149'"),
      { code: 'EROFS' },
    );
    expect(new DataDirNotWritableError('/mnt/ro', readOnly).message).toMatch(
      /^DATA_DIR \/mnt\/ro is not writable: read-only file system \(EROFS\)\. /,
    );
  });

  it('refuses a folder under /proc in the same one line, before a write that would never return (QA 25 F7)', () => {
    for (const dataDir of ['/proc/store-qa25', '/proc/../proc/1/store']) {
      expect(() => lockDataDir(dataDir), dataDir).toThrow(
        `DATA_DIR ${dataDir} is not writable: /proc is the kernel's view of its processes. The store keeps its files there: make the folder writable for this server's user, or point DATA_DIR at one that is.`,
      );
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dir, 'store.lock'), String(gone.pid));
    const release = lockDataDir(dir);
    release();
    expect(existsSync(join(dir, 'store.lock'))).toBe(false);
  });

  it('clears a takeover guard left by a process killed while clearing a stale lock', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'store.lock'), String(await deadPid()));
    writeFileSync(join(dir, 'store.lock.takeover'), String(await deadPid()));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'store.lock'), 'utf8')).toBe(
      `${process.pid} ${processIdentity(process.pid)}`,
    );
    expect(existsSync(join(dir, 'store.lock.takeover'))).toBe(false);
    release();
  });

  it('waits while another live process holds the takeover guard', async () => {
    const dir = tempDir();
    const guard = join(dir, 'store.lock.takeover');
    writeFileSync(join(dir, 'store.lock'), String(await deadPid()));
    // A live process holds the guard for a moment, then lets go without taking the folder.
    const other = spawn(process.execPath, [
      '-e',
      `setTimeout(() => require('node:fs').rmSync(${JSON.stringify(guard)}), 300); setTimeout(() => {}, 10000)`,
    ]);
    try {
      writeFileSync(guard, String(other.pid));
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, 'store.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
      release();
    } finally {
      other.kill();
    }
  });

  it('tells its owner from another process that got the same pid later', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      const identity = processIdentity(other.pid!)!;
      expect(identity).toMatch(/^[\w-]+:\d+$/);
      // The lock names that very process: it is in use.
      writeFileSync(join(dir, 'store.lock'), `${other.pid} ${identity}`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      // The lock's process started at another moment: the pid was reused, the lock is stale.
      const [boot, started] = identity.split(':');
      writeFileSync(join(dir, 'store.lock'), `${other.pid} ${boot}:${Number(started) - 1}`);
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, 'store.lock'), 'utf8')).toBe(
        `${process.pid} ${processIdentity(process.pid)}`,
      );
      release();
      expect(existsSync(join(dir, 'store.lock'))).toBe(false);
    } finally {
      other.kill();
    }
  });

  it('is taken once: a second lock fails until released', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    // The same folder seen from another process: our pid in the lock file is a live owner.
    const script = `import('./data-dir-lock.ts').then((m) => { try { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); } catch (e) { console.log(e.name); } })`;
    expect(runNode(script)).toBe('DataDirLockedError');
    release();
    expect(existsSync(join(dir, 'store.lock'))).toBe(false);
    expect(runNode(script)).toBe('locked');
  });

  it('leaves a lock that another process has taken over when released', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    writeFileSync(join(dir, 'store.lock'), '1'); // pid 1 is always alive
    release();
    expect(readFileSync(join(dir, 'store.lock'), 'utf8')).toBe('1');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('lets exactly one of several processes starting at once take the folder', async () => {
    for (const stale of [false, true]) {
      const dir = tempDir();
      if (stale) writeFileSync(join(dir, 'store.lock'), String(await deadPid()));
      // A barrier in files: every process tries only once all eight are loaded, and the one that
      // takes the folder keeps it until all eight have tried, however slowly the machine runs.
      const barrier = tempDir();
      const script = `import('./data-dir-lock.ts').then(async (m) => {
        const fs = await import('node:fs');
        const waitFor = (prefix) => { while (fs.readdirSync(${JSON.stringify(barrier)}).filter((f) => f.startsWith(prefix)).length < 8) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10); };
        const mark = (prefix) => fs.writeFileSync(${JSON.stringify(barrier)} + '/' + prefix + process.pid, '');
        mark('ready-'); waitFor('ready-');
        let outcome = 'locked';
        try { m.lockDataDir(${JSON.stringify(dir)}); } catch (e) { outcome = e.name; }
        mark('tried-'); console.log(outcome);
        if (outcome === 'locked') waitFor('tried-');
      })`;
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => runNodeAsync(script)));
      expect(outcomes.filter((o) => o === 'locked')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'DataDirLockedError')).toHaveLength(7);
    }
  }, 30_000);
});

const nodeArgs = (script: string) => ['--import', 'tsx', '--input-type=module', '-e', script];

function runNode(script: string): string {
  return execFileSync(process.execPath, nodeArgs(script), { cwd: here, encoding: 'utf8' }).trim();
}

function runNodeAsync(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, nodeArgs(script), { cwd: here }, (error, stdout) =>
      error ? reject(error) : resolve(stdout.trim()),
    );
  });
}

async function deadPid(): Promise<number> {
  const gone = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => gone.on('exit', resolve));
  return gone.pid!;
}
