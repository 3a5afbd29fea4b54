import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedPostgresError } from './postgres-binaries';

export class DataDirLockedError extends EmbeddedPostgresError {
  override name = 'DataDirLockedError';
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${pid}. Stop the server first (or point DATA_DIR elsewhere).`,
    );
  }
}

/** Whether a process runs (a killed one its parent has not yet reaped, a zombie, does not). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // /proc/<pid>/stat: "pid (name) state ..."; the name may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill() said it runs
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
 * One store per data folder. PostgreSQL's own postmaster.pid keeps a second server off the
 * cluster, but cannot tell a running store from a killed one whose server lives on (an orphan
 * the next start stops): this lock can. The lock file holds the owner's pid; a lock left by a
 * process that is gone is taken over.
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
