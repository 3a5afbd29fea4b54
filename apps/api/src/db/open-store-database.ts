import { join } from 'node:path';
import type { Config } from '../config/config';
import { lockDataDir } from './data-dir-lock';
import { openDatabase, type Database } from './database';

export interface StoreDatabase {
  database: Database;
  /** Closes the database and releases the data folder. */
  close(): Promise<void>;
}

/**
 * Opens the configured database for the server or a command-line tool: PostgreSQL when
 * DATABASE_URL is set, otherwise PGlite in DATA_DIR after taking the folder's lock.
 * Applies the migrations.
 */
export async function openStoreDatabase(config: Config): Promise<StoreDatabase> {
  const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  try {
    const database = await openDatabase(
      config.DATABASE_URL
        ? { url: config.DATABASE_URL }
        : { dataDir: join(config.DATA_DIR, 'pgdata') },
    );
    await database.migrate();
    return {
      database,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
