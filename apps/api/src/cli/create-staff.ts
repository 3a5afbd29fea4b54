import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config/config';
import { EmbeddedPostgresError } from '../db/postgres-binaries';
import { AppError } from '../http/app-error';
import { takenByAnother } from '../staff/staff-service';
import { staffAccountInput } from '../users/user-schemas';
import { openCommandServices } from './command-services';

const usage = `Creates a support or admin account.

Usage: npm run create-staff -- --email <e-mail> --mobile <mobile> --name <name> --role support|admin

The account has no password: staff sign in with a code sent to their mobile or e-mail,
or set a password through "Forgot password". Works while the store runs.`;

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Returns the exit code; prints no secret (there is none: the account has no password). */
export async function createStaffMain(
  argv: string[],
  io: CliIo = { env: process.env, out: console.log, err: console.error },
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        mobile: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return 1;
  }
  if (values.help) {
    io.out(usage);
    return 0;
  }
  const parsed = staffAccountInput.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`);
    io.err(`Cannot create the account:\n${problems.join('\n')}\n\n${usage}`);
    return 1;
  }

  let opened;
  let config;
  try {
    config = loadConfig(io.env);
    // Never a new embedded store: on a machine whose store runs on DATABASE_URL, a shell
    // without it would otherwise put the account in a second, unused database.
    opened = await openCommandServices(config, { existingStore: true });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof EmbeddedPostgresError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const user = await opened.services.users.createStaffAccount(parsed.data);
    io.out(
      `Created ${user.role} account for ${user.name} <${user.email}>, mobile ${user.mobile} (id ${user.id}),\n` +
        `in ${storeWhere(config)}: a store running on another data folder or database does not have it.\n` +
        'They sign in with a code sent to that mobile or e-mail, or set a password with "Forgot password".',
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      // Said to staff, not as to a buyer ("Please sign in instead").
      io.err(takenByAnother[error.code] ?? error.message);
      return 1;
    }
    throw error;
  } finally {
    await opened.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  createStaffMain(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error('create-staff failed:', error);
      process.exitCode = 1;
    },
  );
}

/** Which store a command wrote to: the database's host and name, or the data folder. */
function storeWhere(config: Config): string {
  if (!config.DATABASE_URL) return `the store of the data folder ${config.DATA_DIR}`;
  const url = new URL(config.DATABASE_URL);
  return `the database ${url.pathname.slice(1)} on ${url.host}`;
}
