import { ConfigError } from '../config/config';
import { BackupError } from '../db/backup';
import { EmbeddedPostgresError } from '../db/postgres-binaries';

/**
 * Ends a database command that failed: a problem the user can act on (a setting, the data
 * folder, the backup file) is printed as its message alone, anything else with its trace.
 */
export function reportFailure(command: string, error: unknown) {
  if (
    error instanceof ConfigError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof BackupError
  ) {
    console.error(error.message);
  } else {
    console.error(`${command} failed:`, error);
  }
  process.exitCode = 1;
}
