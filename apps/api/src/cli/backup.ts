import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { loadConfig } from '../config/config';
import { writeBackup } from '../db/backup';
import { reportFailure } from './report-failure';
import { openStoreDatabase } from '../db/open-store-database';

const usage = `Writes a backup of the store's database to a file (gzip), consistent while the store runs.

  npm run backup               to backups/store-<date>T<time>.backup.gz
  npm run backup -- FILE       to FILE

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (the running store's
server, or one started for the command). Load it into an empty data folder with:
npm run restore FILE`;

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
  const store = await openStoreDatabase(config, { shareRunningStore: true });
  const started = Date.now();
  try {
    const out = createWriteStream(partial, { mode: 0o600 });
    const gzip = createGzip();
    gzip.pipe(out);
    const { tables, rows } = await writeBackup(store.database, gzip);
    gzip.end();
    await finished(out);
    renameSync(partial, file);
    const size = (statSync(file).size / 1e6).toFixed(1);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Backup written to ${file}: ${tables} tables, ${rows} rows, ${size} MB in ${seconds} s`,
    );
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => reportFailure('The backup', error));
