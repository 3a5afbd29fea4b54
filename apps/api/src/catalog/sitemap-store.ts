import { and, asc, between, max, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { numbers } from '../db/schema';

/**
 * The numbers a search engine may index: for sale, or held for a checkout that may lapse. Sold
 * and hidden numbers' pages say noindex, so they stay out of the sitemaps.
 */
const indexable = sql`${numbers.status} in ('available', 'reserved')`;

/**
 * The number sitemaps that have numbers: sitemap n (from 1) holds the ids from
 * (n - 1) x size + 1 to n x size, so it never lists more than `size` and a number keeps its
 * sitemap. With the last change of its numbers, for `lastmod`.
 */
export async function sitemapRanges(
  db: Db,
  size: number,
): Promise<{ sitemap: number; lastmod: Date }[]> {
  const sitemap = sql<number>`(${numbers.id} - 1) / ${sql.raw(String(size))} + 1`.mapWith(Number);
  const rows = await db
    .select({ sitemap, lastmod: max(numbers.updatedAt) })
    .from(numbers)
    .where(indexable)
    .groupBy(sitemap)
    .orderBy(sitemap);
  return rows.map((row) => ({ sitemap: row.sitemap, lastmod: row.lastmod ?? new Date(0) }));
}

/** The indexable numbers of sitemap `sitemap` (see sitemapRanges), in id order. */
export function sitemapNumbers(db: Db, sitemap: number, size: number) {
  return db
    .select({ number: numbers.number, updatedAt: numbers.updatedAt })
    .from(numbers)
    .where(and(indexable, between(numbers.id, (sitemap - 1) * size + 1, sitemap * size)))
    .orderBy(asc(numbers.id));
}
