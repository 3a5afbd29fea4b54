import { createReadStream, createWriteStream, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { loadConfig } from '../config/config';
import { BackupError, restoreBackup, writeSnapshot } from '../db/backup';
import { reportFailure } from './report-failure';
import { openStoreDatabase, pgliteFolder } from '../db/open-store-database';

const usage = `Moves a store kept by an earlier version (PGlite, in DATA_DIR/pgdata) into the embedded
PostgreSQL server: npm run import-pglite

It writes DATA_DIR/pglite-export.backup.gz (a backup as "npm run backup" makes), loads it into
the empty embedded database as "npm run restore" does, and renames DATA_DIR/pgdata to
DATA_DIR/pgdata.imported (delete it once the store looks right). The store must not be running.`;

interface PgliteModule {
  PGlite: {
    create(options: object): Promise<{
      query(text: string): Promise<{ rows: never[]; blob?: Blob }>;
      close(): Promise<void>;
    }>;
  };
}

/** PGlite is a development dependency, kept for this import only. */
async function loadPglite() {
  try {
    const { PGlite } = (await import('@electric-sql/pglite')) as unknown as PgliteModule;
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    return (dataDir: string) => PGlite.create({ dataDir, extensions: { pg_trgm } });
  } catch {
    throw new BackupError(
      'Reading a PGlite store needs the development dependencies: run npm install, then npm run import-pglite.',
    );
  }
}

async function exportPglite(folder: string, file: string) {
  const source = await (await loadPglite())(folder);
  try {
    const out = createWriteStream(file, { mode: 0o600 });
    const gzip = createGzip();
    gzip.pipe(out);
    const written = await writeSnapshot(
      {
        query: (text) => source.query(text),
        async *copyOut(statement) {
          const copied = await source.query(statement.replace(/ to stdout$/, " to '/dev/blob'"));
          if (copied.blob) yield Buffer.from(await copied.blob.arrayBuffer());
        },
      },
      gzip,
    );
    gzip.end();
    await finished(out);
    return written;
  } finally {
    await source.close();
  }
}

async function main() {
  if (process.argv.length > 2) {
    console.log(usage);
    process.exitCode = process.argv.includes('--help') ? 0 : 1;
    return;
  }
  const config = loadConfig();
  const folder = pgliteFolder(config.DATA_DIR);
  if (!existsSync(join(folder, 'PG_VERSION'))) {
    console.log(`No PGlite store in ${folder}: nothing to import.`);
    return;
  }
  const store = await openStoreDatabase(config, { importingPglite: true });
  try {
    const file = join(config.DATA_DIR, 'pglite-export.backup.gz');
    const { rows } = await exportPglite(folder, file);
    console.log(`Read ${rows} rows from ${folder} into ${file}`);
    await restoreBackup(store.database, createReadStream(file).pipe(createGunzip()));
  } finally {
    await store.close();
  }
  renameSync(folder, `${folder}.imported`);
  console.log(
    `The store now lives in the embedded PostgreSQL server. The PGlite folder is kept as ${folder}.imported: delete it once the store looks right.`,
  );
}

main().catch((error: unknown) => reportFailure('The import', error));
