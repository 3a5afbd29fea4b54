import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientConfig } from 'pg';
import { isAlive } from './data-dir-lock';
import {
  chooseRunner,
  EmbeddedPostgresError,
  findPostgresBinaries,
  type Invocation,
  type Runner,
} from './postgres-binaries';

/**
 * The embedded PostgreSQL server of a data folder:
 *   DATA_DIR/postgres/          the cluster (initdb), its Unix socket inside it
 *   DATA_DIR/postgres.password  the generated password of the `postgres` role (mode 0600)
 *   DATA_DIR/postgres.log       the server's log
 * The server is a process of its own (it outlives a killed API, and the next start stops it).
 */
const clusterDir = (dataDir: string) => join(dataDir, 'postgres');
const passwordFile = (dataDir: string) => join(dataDir, 'postgres.password');
const logFile = (dataDir: string) => join(dataDir, 'postgres.log');

const USER = 'postgres';
/** With a Unix socket the port only names the socket file. */
const SOCKET_PORT = 5432;
/** The longest Unix socket path the kernel takes (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

export interface EmbeddedPostgresOptions {
  /** Trades durability for speed (fsync off): for a throw-away test server only. */
  disposable?: boolean;
  /** Called when the server stops without being asked to, with how it ended. */
  onUnexpectedExit?: (reason: string) => void;
  /** The TCP port to take when the socket path is too long (a restart keeps its port). */
  port?: number;
}

export interface EmbeddedPostgres {
  pid: number;
  /** How to connect (database `postgres`). */
  connection: ClientConfig;
  /** Fast shutdown (sessions are ended, work committed so far is kept); waits for the exit. */
  stop(): Promise<void>;
}

interface PostmasterInfo {
  pid: number;
  port: number;
  socketDir: string;
  listenAddress: string;
  status: string;
}

/** postmaster.pid: pid, data folder, start time, port, socket folder, address, shm key, status. */
function readPostmasterPid(dataDir: string): PostmasterInfo | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(clusterDir(dataDir), 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return {
    pid,
    port: Number(lines[3]),
    socketDir: lines[4]?.trim() ?? '',
    listenAddress: lines[5]?.trim() ?? '',
    status: lines[7]?.trim() ?? '',
  };
}

/** Whether `pid` is a PostgreSQL server (on Linux by its program; elsewhere any live process). */
function isPostgres(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readlinkSync(`/proc/${pid}/exe`).endsWith('/postgres');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT' || !existsSync('/proc/self/exe');
  }
}

function connectionOf(info: PostmasterInfo, password: string): ClientConfig {
  const host = info.socketDir || info.listenAddress;
  return { host, port: info.port, user: USER, password, database: 'postgres' };
}

function readPassword(dataDir: string): string {
  try {
    return readFileSync(passwordFile(dataDir), 'utf8').trim();
  } catch {
    throw new EmbeddedPostgresError(
      `${passwordFile(dataDir)} is missing: the database in ${clusterDir(dataDir)} cannot be opened without it.`,
    );
  }
}

/**
 * How to reach the server of `dataDir` another process runs, when it is up and ready
 * (for commands such as backup while the store runs); undefined otherwise.
 */
export function runningEmbeddedPostgres(dataDir: string): ClientConfig | undefined {
  const info = readPostmasterPid(dataDir);
  if (!info || info.status !== 'ready' || !isPostgres(info.pid)) return undefined;
  return connectionOf(info, readPassword(dataDir));
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/** Stops a server by its pid: fast shutdown, then immediate shutdown if it lingers. */
async function stopPid(pid: number) {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGINT');
  if (await waitForExit(pid, 30_000)) return;
  signal('SIGQUIT');
  if (await waitForExit(pid, 10_000)) return;
  signal('SIGKILL');
  await waitForExit(pid, 5_000);
}

function run(invocation: Invocation, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(invocation.file, invocation.args, {
      uid: invocation.uid,
      gid: invocation.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new EmbeddedPostgresError(`${what} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

/**
 * Creates the cluster on first use: into a side folder renamed into place when initdb succeeded,
 * so a start cut short leaves nothing half made. The password is generated once and kept.
 */
async function ensureCluster(dataDir: string, runner: Runner, initdb: string) {
  const cluster = clusterDir(dataDir);
  if (existsSync(join(cluster, 'PG_VERSION'))) return;
  if (existsSync(cluster)) {
    throw new EmbeddedPostgresError(
      `${cluster} exists but holds no PostgreSQL database: move it away and start again.`,
    );
  }
  if (!existsSync(passwordFile(dataDir))) {
    writeFileSync(passwordFile(dataDir), randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  const making = join(dataDir, 'postgres.initdb');
  rmSync(making, { recursive: true, force: true });
  mkdirSync(making, { mode: 0o700 });
  // initdb reads the password from a file; a copy the database account can read.
  const pwfile = join(dataDir, 'postgres.initdb-password');
  writeFileSync(pwfile, readPassword(dataDir), { mode: 0o600 });
  if (runner.owner) {
    chownSync(making, runner.owner.uid, runner.owner.gid);
    chownSync(pwfile, runner.owner.uid, runner.owner.gid);
  }
  try {
    await run(
      runner.invoke(initdb, [
        `--pgdata=${making}`,
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--no-locale',
        '--no-instructions',
      ]),
      'initdb',
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  renameSync(making, cluster);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A Unix socket in the cluster folder when its path fits, otherwise loopback TCP on a free port. */
async function listenSettings(dataDir: string, port?: number): Promise<string[]> {
  const socketDir = clusterDir(dataDir);
  if (Buffer.byteLength(join(socketDir, `.s.PGSQL.${SOCKET_PORT}`)) <= MAX_SOCKET_PATH) {
    return ['-p', String(SOCKET_PORT), '-c', 'listen_addresses=', '-k', socketDir];
  }
  const tcpPort = port ?? (await freePort());
  return ['-p', String(tcpPort), '-c', 'listen_addresses=127.0.0.1', '-k', ''];
}

const logTail = (dataDir: string) => {
  try {
    return readFileSync(logFile(dataDir), 'utf8').trim().split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
};

/**
 * Starts the data folder's server, creating its cluster first when there is none. The caller
 * holds the data folder's lock, so a server still running on the cluster is an orphan of an
 * API process that was killed: it is stopped first. After a server crash PostgreSQL's own
 * recovery runs here, before it reports ready.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const binaries = await findPostgresBinaries();
  const runner = chooseRunner(binaries, dataDir);
  await ensureCluster(dataDir, runner, binaries.initdb);

  const orphan = readPostmasterPid(dataDir);
  if (orphan && isPostgres(orphan.pid)) await stopPid(orphan.pid);

  const settings = await listenSettings(dataDir, options.port);
  if (options.disposable) {
    settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off');
    settings.push('-c', 'full_page_writes=off');
  }
  const invocation = runner.invoke(binaries.postgres, ['-D', clusterDir(dataDir), ...settings]);
  const log = openSync(logFile(dataDir), 'a', 0o600);
  let child: ChildProcess;
  try {
    // Its own process group: a Ctrl-C in the terminal reaches the API, which stops it in order.
    child = spawn(invocation.file, invocation.args, {
      uid: invocation.uid,
      gid: invocation.gid,
      detached: true,
      stdio: ['ignore', log, log],
    });
  } finally {
    closeSync(log);
  }
  const pid = child.pid;
  let exited: string | undefined;
  let started = false;
  let stopping = false;
  const exit = new Promise<void>((resolve) => {
    child.on('error', (error) => {
      exited = error.message;
      resolve();
    });
    child.on('exit', (code, signal) => {
      exited = `exit ${signal ?? code}`;
      resolve();
      if (!stopping && started) options.onUnexpectedExit?.(`${exited}; log: ${logFile(dataDir)}`);
    });
  });

  if (pid === undefined) await exit; // it could not be spawned: the error says why

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== undefined || pid === undefined) {
      throw new EmbeddedPostgresError(
        `PostgreSQL did not start (${exited}); the end of ${logFile(dataDir)}:\n${logTail(dataDir)}`,
      );
    }
    const info = readPostmasterPid(dataDir);
    if (info?.pid === pid && info.status === 'ready') {
      started = true;
      return {
        pid,
        connection: connectionOf(info, readPassword(dataDir)),
        async stop() {
          stopping = true;
          if (exited === undefined) {
            await stopPid(pid);
            await exit;
          }
        },
      };
    }
    if (Date.now() > deadline) {
      await stopPid(pid);
      throw new EmbeddedPostgresError(
        `PostgreSQL was not ready within 120 s; the end of ${logFile(dataDir)}:\n${logTail(dataDir)}`,
      );
    }
    await sleep(10);
  }
}
