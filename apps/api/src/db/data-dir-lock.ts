import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

/**
 * The data folder cannot be created or written (a read-only mount, its permissions, a full
 * disk): said in one line at start-up, without a stack (QA 23 F7).
 */
export class DataDirNotWritableError extends EmbeddedPostgresError {
  override name = 'DataDirNotWritableError';
  /** `error`: the failed write, or why the folder is refused before any write, in words. */
  constructor(dataDir: string, error: NodeJS.ErrnoException | string) {
    super(
      `DATA_DIR ${dataDir} is not writable: ${typeof error === 'string' ? error : writeFailure(error)}. The store keeps its files there: make the folder writable for this server's user, or point DATA_DIR at one that is.`,
      typeof error === 'string' ? undefined : { cause: error },
    );
  }
}

/**
 * DATA_DIR made if it is missing: the first write to it at start-up, where a folder the store
 * cannot use is told (DataDirNotWritableError). One under /proc is refused before any write: it
 * holds no files, and Node's recursive mkdir there never returns, so the server would hang and
 * say nothing (QA 25 F7; /sys refuses the write at once, and /dev/shm is a real folder).
 */
export function makeDataDir(dataDir: string): void {
  const path = resolve(dataDir);
  if (path === '/proc' || path.startsWith('/proc/')) {
    throw new DataDirNotWritableError(dataDir, "/proc is the kernel's view of its processes");
  }
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new DataDirNotWritableError(dataDir, error as NodeJS.ErrnoException);
  }
}

/** A failed write in plain words with its code ("read-only file system (EROFS)"), no path. */
export function writeFailure(error: NodeJS.ErrnoException): string {
  if (error.code === 'EEXIST' || error.code === 'ENOTDIR') {
    return `a file is in the way of the folder (${error.code})`;
  }
  // Node's message: "EROFS: read-only file system, open '<path>'".
  const words = /^[A-Z0-9]+: ([^,]+)/.exec(error.message)?.[1] ?? error.message;
  return error.code ? `${words} (${error.code})` : words;
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

/**
 * What tells one process from a later one given the same pid: the boot and the moment the
 * process started (/proc/<pid>/stat, field 22, in clock ticks since boot). Undefined where
 * there is no /proc (macOS): the pid alone then says who owns a lock.
 */
export function processIdentity(pid: number): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the name: state (field 3), ppid (4), ... starttime (22).
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTicks ? `${boot}:${startTicks}` : undefined;
  } catch {
    return undefined;
  }
}

/** A lock file's contents: "<pid> <identity>" (an older store wrote the pid alone). */
const lockContents = (pid: number) => `${pid} ${processIdentity(pid) ?? ''}`.trim();

interface LockOwner {
  pid: number;
  identity: string | undefined;
}

function ownerOf(file: string): LockOwner | null {
  try {
    const [pidText, identity] = readFileSync(file, 'utf8').trim().split(/\s+/);
    const pid = Number(pidText);
    return Number.isInteger(pid) && pid > 0 ? { pid, identity } : null;
  } catch {
    return null;
  }
}

/**
 * Whether the lock's owner still runs: its pid is alive and, when the lock recorded who it was,
 * that pid is still the same process (a pid reused by another process after a crash or a
 * reboot does not keep the folder locked).
 */
function ownerRuns(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  if (!owner.identity) return true;
  const now = processIdentity(owner.pid);
  return now === undefined || now === owner.identity;
}

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/**
 * Moves a file whose owner is gone out of the way. The move is atomic, so of several processes
 * racing for a stale file one moves it; a file that turns out to be live (another process took it
 * over between our look and the move) is put back and refused. Putting back leaves a moment
 * without the file, so this only clears the short-lived takeover guard: the store lock itself
 * is cleared under that guard and never moved while live.
 */
function clearStaleFile(dataDir: string, file: string) {
  const aside = join(dataDir, `store.lock.stale.${process.pid}`);
  try {
    renameSync(file, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  const owner = ownerOf(aside);
  try {
    if (owner !== null && ownerRuns(owner)) {
      try {
        linkSync(aside, file);
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error;
      }
    }
  } finally {
    rmSync(aside, { force: true });
  }
}

/** Holds a few milliseconds while another process clears a stale lock. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes the store lock if its owner is gone. Only one process at a time does so, the holder
 * of the takeover guard (`store.lock.takeover`, taken like the lock itself); it looks at the lock
 * again once it holds the guard, so a lock another process has just taken is left alone. The
 * guard is held for a look and an unlink; one left by a process killed in between is cleared.
 * Returns whether it had its turn (false: another process holds the guard, try again shortly).
 */
function clearStaleLock(dataDir: string, lockFile: string, mine: string): boolean {
  const guard = join(dataDir, 'store.lock.takeover');
  try {
    linkSync(mine, guard);
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error;
    const holder = ownerOf(guard);
    if (holder !== null && !ownerRuns(holder)) clearStaleFile(dataDir, guard);
    return false;
  }
  try {
    const owner = ownerOf(lockFile);
    if (owner !== null && ownerRuns(owner)) throw new DataDirLockedError(dataDir, owner.pid);
    rmSync(lockFile, { force: true });
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * One store per data folder. PostgreSQL's own postmaster.pid keeps a second server off the
 * cluster, but cannot tell a running store from a killed one whose server lives on (an orphan
 * the next start stops): this lock can. The lock file holds the owner's pid and when it
 * started; a lock left by a process that is gone (or whose pid now belongs to another process)
 * is taken over.
 * The lock appears by hard-linking a file that already holds our pid, so no process ever sees
 * a lock file without its owner. Returns a release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, 'store.lock');
  const mine = join(dataDir, `store.lock.${process.pid}`);
  // The first write to the folder at start-up: where a folder the store cannot use is told.
  makeDataDir(dataDir);
  try {
    writeFileSync(mine, lockContents(process.pid));
  } catch (error) {
    throw new DataDirNotWritableError(dataDir, error as NodeJS.ErrnoException);
  }
  try {
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        linkSync(mine, lockFile);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          if (ownerOf(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
        };
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error;
      }
      const owner = ownerOf(lockFile);
      if (owner !== null && ownerRuns(owner)) throw new DataDirLockedError(dataDir, owner.pid);
      if (!clearStaleLock(dataDir, lockFile, mine)) pause(10);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
