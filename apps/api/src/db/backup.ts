import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from './database';

/**
 * A backup of the store's data: the rows of every table in PostgreSQL's COPY text format, read
 * in one REPEATABLE READ transaction (one snapshot: consistent while the store runs), with the
 * migrations the schema had and the sequences' positions. The schema itself is not in it: a
 * restore migrates an empty database with this version's migrations, then loads the rows.
 *
 *   VIP-NUMBER-STORE-BACKUP 1
 *   {"createdAt": ..., "migrations": [...], "sequences": [...]}
 *   COPY "table" ("column", ...)
 *   <rows>
 *   \.
 *   ...
 *   END
 *
 * In COPY text format a backslash in a value is written `\\`, so a row is never `\.`.
 */
const MAGIC = 'VIP-NUMBER-STORE-BACKUP 1';
const END_OF_ROWS = '\\.';
const END = 'END';

export class BackupError extends Error {
  override name = 'BackupError';
}

interface Header {
  createdAt: string;
  server: string;
  migrations: string[];
  sequences: { name: string; value: string }[];
}

interface Table {
  name: string;
  columns: string[];
}

/** What a backup reads from: a PostgreSQL connection, or PGlite (import-pglite). */
export interface BackupSource extends Queryable {
  /** The rows a `copy ... to stdout` statement writes, in COPY text format. */
  copyOut(statement: string): AsyncIterable<Buffer | string>;
}

export interface Queryable {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

const queryable = (client: pg.ClientBase): Queryable => ({
  query: <T>(text: string) => client.query(text).then((result) => ({ rows: result.rows as T[] })),
});

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableSql = (table: Table) => `${ident(table.name)} (${table.columns.map(ident).join(', ')})`;

/**
 * Tables that triggers derive from others (number_runs from numbers: migration 0015): not in a
 * backup, and not loaded by a restore; they fill themselves as their sources load.
 */
const DERIVED_TABLES = ['number_runs'];

/**
 * The store's tables but the derived ones, each after the tables it refers to (so rows load in
 * that order).
 */
export async function tablesInLoadOrder(client: Queryable): Promise<Table[]> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relkind = 'r' and a.attgenerated = ''
       and c.relname not in (${DERIVED_TABLES.map((name) => `'${name}'`).join(', ')})
     order by c.relname, a.attnum`,
  );
  const { rows: references } = await client.query<{ table: string; refers: string }>(
    `select c.relname as table, r.relname as refers
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid
     join pg_class r on r.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
     where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const tables = new Map<string, string[]>();
  for (const { table, column } of columns)
    tables.set(table, [...(tables.get(table) ?? []), column]);
  const ordered: Table[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.some((table) => table.name === name)) return;
    if (path.includes(name))
      throw new BackupError(`tables refer to each other: ${path.join(' -> ')}`);
    for (const { refers } of references.filter((r) => r.table === name)) {
      visit(refers, [...path, name]);
    }
    ordered.push({ name, columns: tables.get(name)! });
  };
  for (const name of tables.keys()) visit(name, []);
  return ordered;
}

async function appliedMigrations(client: Queryable): Promise<string[]> {
  const { rows } = await client.query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations order by id',
  );
  return rows.map((row) => row.hash);
}

/** Writes a backup of `database` to `out` (not closed). Returns the tables and rows written. */
export async function writeBackup(database: Database, out: Writable) {
  const client = await database.connect();
  try {
    return await writeSnapshot(
      {
        ...queryable(client),
        copyOut: (statement) => client.query(copyTo(statement)),
      },
      out,
    );
  } finally {
    client.release();
  }
}

/** Writes a backup of what `source` holds, read in one transaction (one snapshot). */
export async function writeSnapshot(source: BackupSource, out: Writable) {
  const write = async (text: string | Buffer) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  try {
    await source.query('begin isolation level repeatable read read only');
    const sequences = await source.query<{ name: string; value: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
              last_value::text as value
       from pg_sequences where schemaname = 'public' and last_value is not null`,
    );
    const header: Header = {
      createdAt: new Date().toISOString(),
      server: (await source.query<{ server_version: string }>('show server_version')).rows[0]!
        .server_version,
      migrations: await appliedMigrations(source),
      sequences: sequences.rows,
    };
    await write(`${MAGIC}\n${JSON.stringify(header)}\n`);
    let rows = 0;
    const tables = await tablesInLoadOrder(source);
    for (const table of tables) {
      await write(`COPY ${JSON.stringify(table)}\n`);
      for await (const chunk of source.copyOut(`copy ${tableSql(table)} to stdout`)) {
        rows += countLines(chunk);
        await write(chunk);
      }
      await write(`${END_OF_ROWS}\n`);
    }
    await write(`${END}\n`);
    await source.query('commit');
    return { tables: tables.length, rows };
  } catch (error) {
    await source.query('rollback').catch(() => {});
    throw error;
  }
}

function countLines(chunk: Buffer | string) {
  let lines = 0;
  for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** The table a `COPY {...}` line of a backup names, if this schema has it and its columns. */
function knownTable(line: string, tables: Table[]): Table {
  const named = line.startsWith('COPY ') ? (JSON.parse(line.slice(5)) as Table) : undefined;
  const ours = tables.find((table) => table.name === named?.name);
  if (!named || !ours)
    throw new BackupError(`Unexpected line in the backup: ${line.slice(0, 200)}`);
  const missing = named.columns.filter((column) => !ours.columns.includes(column));
  if (missing.length > 0) {
    throw new BackupError(
      `The backup's table ${ours.name} has columns this version lacks: ${missing.join(', ')}`,
    );
  }
  return named;
}

/**
 * Loads a backup into `database`, which must be migrated and hold no rows, in one transaction
 * (a backup that fails to load leaves it empty). Tables and columns are matched by name, so a
 * backup of an older schema loads when the migrations since only added tables or columns
 * with defaults. Returns the rows loaded.
 */
export async function restoreBackup(database: Database, input: Readable) {
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new BackupError('The backup ends early: it is incomplete.');
    return line.value;
  };
  if ((await next()) !== MAGIC) throw new BackupError('This file is not a store backup.');
  const header = JSON.parse(await next()) as Header;

  const client = await database.connect();
  try {
    const ours = await appliedMigrations(queryable(client));
    if (header.migrations.some((hash, index) => ours[index] !== hash)) {
      throw new BackupError(
        'The backup was made by a newer or different version of the store (its migrations differ): restore it with that version.',
      );
    }
    const tables = await tablesInLoadOrder(queryable(client));
    for (const table of tables) {
      const { rows } = await client.query(`select exists (select from ${ident(table.name)}) as e`);
      if (rows[0].e) {
        throw new BackupError(
          `The database is not empty (table ${table.name} has rows): ${
            database.kind === 'embedded'
              ? 'restore into an empty data folder (a DATA_DIR of its own).'
              : 'restore into an empty database (createdb -O store store_new, then DATABASE_URL naming it).'
          }`,
        );
      }
    }
    await client.query('begin');
    let rows = 0;
    for (;;) {
      const line = await next();
      if (line === END) break;
      const copy = client.query(copyFrom(`copy ${tableSql(knownTable(line, tables))} from stdin`));
      const loaded = once(copy, 'finish');
      for (let row = await next(); row !== END_OF_ROWS; row = await next()) {
        if (!copy.write(`${row}\n`)) await once(copy, 'drain');
      }
      copy.end();
      await loaded;
      rows += copy.rowCount;
    }
    for (const { name, value } of header.sequences) {
      await client.query('select setval($1, $2::bigint)', [name, value]);
    }
    await client.query('commit');
    await client.query('analyze');
    return { rows, createdAt: header.createdAt };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
