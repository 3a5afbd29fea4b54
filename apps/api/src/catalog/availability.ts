import { sql, type SQL } from 'drizzle-orm';
import { numbers } from '../db/schema';

/**
 * The one definition of "available" (design.md, Data): status available, or reserved with a
 * hold that has lapsed (reserved_until in the past). Listings, the number page, the cart and
 * checkout all use it, so a lapsed hold frees a number everywhere at the same moment, before any
 * sweep tidies the row.
 *
 * Available rows are the great majority of the table, so this condition is never what an index
 * is chosen for: the planner picks the index of the selective filter or of the sort, and checks
 * this on the rows it reads.
 */
export const availableSql: SQL = sql`(${numbers.status} = 'available' or (${numbers.status} = 'reserved' and ${numbers.reservedUntil} < now()))`;

/**
 * The same condition as raw SQL text over a table alias, for raw statements (`database.query`)
 * and `select ... for update` in checkout: `availableWhere('n')` gives
 * `(n.status = 'available' or (n.status = 'reserved' and n.reserved_until < now()))`.
 */
export function availableWhere(alias = 'numbers'): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  return `(${alias}.status = 'available' or (${alias}.status = 'reserved' and ${alias}.reserved_until < now()))`;
}

/** The same rule on a row already read, for code that holds one in memory. */
export function isAvailable(
  row: { status: string; reservedUntil: Date | null },
  now: Date = new Date(),
): boolean {
  if (row.status === 'available') return true;
  return (
    row.status === 'reserved' &&
    row.reservedUntil !== null &&
    row.reservedUntil.getTime() < now.getTime()
  );
}
