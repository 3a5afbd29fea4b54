import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const tempDir = () => mkdtempSync(join(tmpdir(), 'store-lock-'));

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

  it('takes over a lock left by a process that is gone', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dir, 'store.lock'), String(gone.pid));
    const release = lockDataDir(dir);
    release();
    expect(existsSync(join(dir, 'store.lock'))).toBe(false);
  });

  it('is taken once: a second lock from a live owner fails until released', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    writeFileSync(join(dir, 'store.lock'), '1'); // pid 1 is always alive
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(lockDataDir(dir)).toBeTypeOf('function');
  });
});
