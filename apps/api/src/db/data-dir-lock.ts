import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${pid}. Stop the server first (or point DATA_DIR elsewhere).`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/**
 * Moves a lock whose owner is gone out of the way. The move is atomic, so of several processes
 * racing for a stale lock one moves it; a lock that turns out to be live (another process took it
 * over between our look and the move) is put back and refused.
 */
function clearStaleLock(dataDir: string, lockFile: string) {
  const aside = join(dataDir, `store.lock.stale.${process.pid}`);
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  const owner = ownerOf(aside);
  try {
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      try {
        linkSync(aside, lockFile);
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error;
      }
      throw new DataDirLockedError(dataDir, owner);
    }
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * PGlite takes no lock of its own and two processes on one folder corrupt it. The lock file
 * holds the owner's pid; a lock left by a process that is gone is taken over.
 * The lock appears by hard-linking a file that already holds our pid, so no process ever sees
 * a lock file without its owner. Returns a release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'store.lock');
  const mine = join(dataDir, `store.lock.${process.pid}`);
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, lockFile);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          if (ownerOf(lockFile) === process.pid) rmSync(lockFile, { force: true });
        };
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error;
      }
      const owner = ownerOf(lockFile);
      if (owner !== null && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      clearStaleLock(dataDir, lockFile);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
