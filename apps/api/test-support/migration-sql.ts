import { readFileSync } from 'node:fs';

/**
 * The statements of a migration from the one starting with `marker` (a comment line) on: the
 * data part that carries rows written before it over, to run again on rows a test made.
 */
export function migrationStatements(file: string, marker: string): string[] {
  const migration = readFileSync(new URL(`../drizzle/${file}`, import.meta.url), 'utf8');
  const start = migration.indexOf(marker);
  if (start < 0) throw new Error(`${file} has no "${marker}"`);
  return migration
    .slice(start)
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}
