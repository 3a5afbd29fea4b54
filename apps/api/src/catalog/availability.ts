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
 * On sale or held: what a listing's cached order and total cover (listing-store.ts). A hold
 * that ends, given back or lapsed, puts its number back with no change to them; every page
 * reads its rows with availableSql, so a held number never shows meanwhile. The partial
 * indexes of the listings have this very predicate.
 */
export const listableSql: SQL = sql`${numbers.status} in ('available', 'reserved')`;

/**
 * Held now: reserved by a hold that has not lapsed (a lapsed hold is available again). In
 * parentheses, as availableSql is, so it may be negated or joined with `or`.
 */
export const heldSql: SQL = sql`(${numbers.status} = 'reserved' and ${numbers.reservedUntil} >= now())`;

/** Shown before it goes on sale (listed with Notify me); never available, so never held or sold. */
export const comingSoonSql: SQL = sql`${numbers.status} = 'coming_soon'`;
