import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { loadConfig } from '../config/config';
import { writeBackup } from '../db/backup';
import type { Database } from '../db/database';
import { reportFailure } from './report-failure';
import { openStoreDatabase, storeDescription } from '../db/open-store-database';

const usage = `Writes a backup of the store's database to a file (gzip), consistent while the store runs.

  npm run backup               to backups/store-<date>T<time>.backup.gz
  npm run backup -- FILE       to FILE

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (the running store's
server, or one started for the command); it never creates a store: with none there it refuses.
Load it into an empty data folder with: npm run restore FILE`;

/** Whether the store holds neither numbers nor orders (likely not the store meant: QA 29 F10). */
async function holdsNothing(database: Database): Promise<boolean> {
  const [row] = await database.query<{ empty: boolean }>(
    'select not exists (select from numbers) and not exists (select from orders) as empty',
  );
  return row!.empty;
}

let store = 'the store';

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.length > 1 || args[0]?.startsWith('-')) {
    console.log(usage);
    process.exitCode = args.includes('--help') ? 0 : 1;
    return;
  }
  const config = loadConfig();
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
  const file = resolve(
    process.env.INIT_CWD ?? process.cwd(),
    args[0] ?? `backups/store-${stamp}.backup.gz`,
  );
  mkdirSync(dirname(file), { recursive: true });
  // Written aside and renamed when complete: a file under the final name is a whole backup.
  const partial = `${file}.partial`;
  store = storeDescription(config);
  // Run from cron without the store's settings, it must not back up a new, empty store.
  const opened = await openStoreDatabase(config, { shareRunningStore: true, existingStore: true });
  const started = Date.now();
  try {
    const out = createWriteStream(partial, { mode: 0o600 });
    const gzip = createGzip();
    gzip.pipe(out);
    const { tables, rows } = await writeBackup(opened.database, gzip);
    gzip.end();
    await finished(out);
    renameSync(partial, file);
    const size = (statSync(file).size / 1e6).toFixed(1);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Backup of ${store} written to ${file}: ${tables} tables, ${rows} rows, ${size} MB in ${seconds} s`,
    );
    if (await holdsNothing(opened.database)) {
      console.log(
        `Note: ${store} holds no numbers and no orders: if your store keeps its data elsewhere, run this with its DATABASE_URL or DATA_DIR.`,
      );
    }
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => reportFailure(`The backup of ${store}`, error));
