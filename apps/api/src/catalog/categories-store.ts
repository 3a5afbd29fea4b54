import { asc, count, param, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { numbers } from '../db/schema';
import { availableSql } from './availability';

/**
 * Up to `limit` numbers stored before their categories were (migration 0007), in id order,
 * found through the partial index `numbers_unclassified_idx`.
 */
export function unclassifiedNumbers(db: Db, limit: number) {
  return db
    .select({ id: numbers.id, number: numbers.number })
    .from(numbers)
    .where(sql`${numbers.categories} = '{}'::text[]`)
    .orderBy(asc(numbers.id))
    .limit(limit);
}

/** Sets each row's categories, in one statement (comma-separated slugs per row). */
export async function setCategories(
  db: Db | Tx,
  rows: readonly { id: number; categories: readonly string[] }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update numbers set categories = string_to_array(u.cs, ',')
    from unnest(
      ${param(rows.map((row) => row.id))}::int[],
      ${param(rows.map((row) => row.categories.join(',')))}::text[]
    ) as u(id, cs)
    where numbers.id = u.id`);
}

/**
 * How many available numbers each category lists (a number counts in every category it fits),
 * and `all`: how many are available.
 */
export async function countAvailableByCategory(db: Db): Promise<Map<string, number>> {
  const slug = sql<string>`unnest(${numbers.categories})`;
  const [perCategory, [all]] = await Promise.all([
    db.select({ slug, n: count() }).from(numbers).where(availableSql).groupBy(slug),
    db.select({ n: count() }).from(numbers).where(availableSql),
  ]);
  return new Map([...perCategory.map((row) => [row.slug, row.n] as const), ['all', all?.n ?? 0]]);
}
