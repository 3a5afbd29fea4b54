import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createGunzip } from 'node:zlib';
import { loadConfig } from '../config/config';
import { BackupError, restoreBackup } from '../db/backup';
import { reportFailure } from './report-failure';
import { openStoreDatabase, storeDescription } from '../db/open-store-database';

const usage = `Loads a backup made by "npm run backup" into an empty store.

  npm run restore FILE

Uses DATABASE_URL when set (an empty database), otherwise DATA_DIR, which must hold no store yet
(a new folder: DATA_DIR=./data-restored npm run restore FILE). The store must not be running.`;

let store = 'the store';

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.log(usage);
    process.exitCode = args.includes('--help') ? 0 : 1;
    return;
  }
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}`);
  const config = loadConfig();
  store = storeDescription(config);
  const opened = await openStoreDatabase(config);
  const started = Date.now();
  try {
    const input = createReadStream(file).pipe(createGunzip());
    const { rows, createdAt } = await restoreBackup(opened.database, input);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Restored ${rows} rows from ${file} (a backup of ${createdAt}) into ${store} in ${seconds} s`,
    );
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    throw new BackupError(`Nothing was restored into ${store}: ${error.message}`);
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  if ((error as { code?: string }).code === 'Z_DATA_ERROR') {
    console.error('This file is not a store backup (not gzip).');
    process.exitCode = 1;
  } else {
    reportFailure(`The restore into ${store}`, error);
  }
});
