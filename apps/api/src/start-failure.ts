import { ConfigError, type Config } from './config/config';
import { connectionFailures } from './connection-failures';
import { describeDatabaseUrl } from './db/open-store-database';
import { EmbeddedPostgresError } from './db/postgres-binaries';

/**
 * How a server process ends when its start fails for a reason it names (a setting, the data
 * folder, the database refusing it, the port taken): EX_CONFIG of sysexits.h. A database that
 * does not answer is not one of them (databaseNotAnswering). Starting it again
 * cannot help, so the cluster's primary stops at once (worker-exits.ts) and systemd does not
 * restart it (deploy/systemd/store.service, RestartPreventExitStatus=78).
 */
export const START_REFUSED_EXIT_CODE = 78;

type StartSettings = Pick<Config, 'DATABASE_URL' | 'HOST' | 'PORT'>;

/** The error and its causes, outermost first (drizzle wraps the database's error). */
function chain(error: unknown): unknown[] {
  const errors = [error];
  for (let depth = 0; depth < 10; depth++) {
    const cause = (errors.at(-1) as { cause?: unknown } | null)?.cause;
    if (!(cause instanceof Error)) break;
    errors.push(cause);
  }
  return errors;
}

const field = (error: unknown, name: 'code' | 'syscall') => {
  const value = (error as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/** The database's reason in the DATABASE_URL line, or undefined when it is not one we know. */
function databaseRefusal(error: unknown, databaseUrl: string): string | undefined {
  const code = field(error, 'code');
  const { place, user, database } = describeDatabaseUrl(databaseUrl);
  switch (code) {
    case '28P01':
      return `DATABASE_URL: PostgreSQL on ${place} refused the password for user ${user}: correct the user name or password in DATABASE_URL`;
    case '28000':
      return `DATABASE_URL: PostgreSQL on ${place} refused user ${user} (${(error as Error).message}): correct DATABASE_URL, or let the user in (pg_hba.conf)`;
    case '3D000':
      return `DATABASE_URL: the database ${database} does not exist on ${place}: create it, owned by the store's user (createdb -O ${user} ${database}; README, Deploying step 1), or correct DATABASE_URL`;
    case '42501':
      return `DATABASE_URL: user ${user} may not create the pg_trgm extension or the store's schema in the database ${database} on ${place} (${(error as Error).message}): make ${user} the database's owner (ALTER DATABASE ${database} OWNER TO ${user}; README, Deploying step 1)`;
  }
  return undefined;
}

/** The DATABASE_URL line of a server that did not answer, or undefined. */
function databaseUnreachable(error: unknown, databaseUrl: string): string | undefined {
  const code = field(error, 'code');
  if (field(error, 'syscall') !== 'connect' && field(error, 'syscall') !== 'getaddrinfo') {
    return undefined;
  }
  const reason = code && connectionFailures[code];
  if (!reason) return undefined;
  return `DATABASE_URL: cannot reach PostgreSQL on ${describeDatabaseUrl(databaseUrl).place} (${reason}): start PostgreSQL there, or correct the host and port in DATABASE_URL`;
}

/** The listening socket's reason in the PORT or HOST line, or undefined. */
function listenRefusal(error: unknown, { HOST, PORT }: StartSettings): string | undefined {
  const syscall = field(error, 'syscall');
  if (syscall !== 'listen' && syscall !== 'bind') return undefined;
  switch (field(error, 'code')) {
    case 'EADDRINUSE':
      return `PORT ${PORT} on ${HOST} is in use by another program: stop it or set another PORT`;
    case 'EACCES':
      return `PORT ${PORT} on ${HOST} may not be used by this user (ports below 1024 need root): set PORT to 1024 or above, with nginx in front (README, Deploying)`;
    case 'EADDRNOTAVAIL':
      return `HOST ${HOST} is not an address of this machine: set HOST to one of its addresses (127.0.0.1 behind nginx)`;
  }
  return undefined;
}

/**
 * The one line a start that failed for a reason the store can name prints, naming the setting
 * and the fix (no stack trace: QA 29 F4, F5); undefined when the reason is not one we know.
 * Never the database's password: only its host, port, user and database are named.
 */
export function startRefusal(error: unknown, settings?: StartSettings): string | undefined {
  if (error instanceof ConfigError || error instanceof EmbeddedPostgresError) return error.message;
  if (!settings) return undefined;
  for (const each of chain(error)) {
    const line =
      (settings.DATABASE_URL && databaseRefusal(each, settings.DATABASE_URL)) ||
      listenRefusal(each, settings);
    if (line) return line;
  }
  return undefined;
}

/**
 * The one line a start that failed because PostgreSQL did not answer prints. Unlike a refusal,
 * starting again may help (a database server still starting after a reboot), so the process
 * exits as any failed start does and the cluster's primary and systemd try again.
 */
export function databaseNotAnswering(error: unknown, settings?: StartSettings): string | undefined {
  if (!settings?.DATABASE_URL) return undefined;
  for (const each of chain(error)) {
    const line = databaseUnreachable(each, settings.DATABASE_URL);
    if (line) return line;
  }
  return undefined;
}

/**
 * The first line a failed start-up prints when the reason is not one we know: the innermost
 * cause's own words (the database's under drizzle's "Failed query: CREATE TABLE …" and its whole
 * SQL), so an owner reads the reason first and the details after.
 */
export function startFailureHeadline(error: unknown): string {
  const innermost = chain(error).at(-1);
  const reason = innermost instanceof Error ? innermost.message : String(innermost);
  return innermost === error
    ? `The server could not start: ${reason}`
    : `The server could not start: ${reason}\n(the details follow)`;
}
