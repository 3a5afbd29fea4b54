import { categories } from '@store/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { numbers, type numberStatuses } from '../db/schema';
import { relistableSql } from './inventory-store';

type Status = (typeof numberStatuses)[number];
/** A count per status, named as the API names its fields (comingSoon). */
const countKeys = {
  available: 'available',
  reserved: 'reserved',
  sold: 'sold',
  hidden: 'hidden',
  coming_soon: 'comingSoon',
} as const satisfies Record<Status, string>;
export type StatusCounts = Record<(typeof countKeys)[Status], number> & { total: number };

const noNumbers = (): StatusCounts => ({
  available: 0,
  reserved: 0,
  sold: 0,
  hidden: 0,
  comingSoon: 0,
  total: 0,
});

/**
 * How many numbers each category holds in each status, in the storefront's order of
 * categories, and the totals. A reserved number whose hold has lapsed counts as available
 * (catalog/availability.ts). Of the sold ones, `relistable` counts those whose sale was undone
 * before a UPC went out (refunded or cancelled after payment), which staff may put back on sale.
 */
export async function inventoryByCategory(db: Db) {
  const [rows, [undone]] = await Promise.all([
    db
      .select({
        category: numbers.category,
        status: sql<Status>`case when ${numbers.status} = 'reserved' and ${numbers.reservedUntil} < now() then 'available' else ${numbers.status} end`,
        n: sql<number>`count(*)::int`,
      })
      .from(numbers)
      .groupBy(sql`1`, sql`2`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(numbers)
      .where(sql`${numbers.status} = 'sold' and ${relistableSql}`),
  ]);
  const byCategory = new Map<string, StatusCounts>();
  const totals = noNumbers();
  for (const { category, status, n } of rows) {
    const counts = byCategory.get(category) ?? noNumbers();
    byCategory.set(category, counts);
    counts[countKeys[status]] += n;
    counts.total += n;
    totals[countKeys[status]] += n;
    totals.total += n;
  }
  const order = new Map<string, number>(
    categories.map((category, index) => [category.slug, index]),
  );
  const rank = (slug: string) => order.get(slug) ?? categories.length;
  return {
    categories: [...byCategory]
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([slug, counts]) => ({
        category: slug,
        name: categories.find((category) => category.slug === slug)?.name ?? slug,
        ...counts,
      })),
    totals,
    relistable: undone?.n ?? 0,
  };
}
