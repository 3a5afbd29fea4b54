import { and, asc, desc, eq, gte, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { categoryMember, numbers } from '../db/schema';
import { availableSql } from './availability';
import type { NumberPageStatus } from './catalog-schemas';
import { numberItemColumns, type NumberPageRow, type NumberRow } from './number-item';

/** One number by its 10 digits, whatever its status; undefined when the store never had it. */
export async function findNumberByDigits(
  db: Db,
  digits: string,
): Promise<NumberPageRow | undefined> {
  const [row] = await db
    .select(numberPageColumns)
    .from(numbers)
    .where(eq(numbers.number, digits))
    .limit(1);
  return row;
}

const numberPageColumns = {
  ...numberItemColumns,
  categories: numbers.categories,
  status: sql<NumberPageStatus>`case when ${availableSql} then 'available' else ${numbers.status} end`,
};

/** Numbers by id, whatever their status, in no particular order (unknown ids left out). */
export function findNumbersByIds(db: Db, ids: readonly number[]): Promise<NumberPageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(numberPageColumns)
    .from(numbers)
    .where(inArray(numbers.id, [...ids]));
}

export interface SimilarTo {
  number: string;
  /** Its primary category. */
  category: string;
  /** Its total (1..9). */
  total: number;
  /** Its final price in paise when the store has it: the nearest prices come first. */
  price?: number;
  limit: number;
}

const reversed = (digits: string) => [...digits].reverse().join('');

/**
 * Available numbers like `to`, at most `limit`: first those of its category ending in its last
 * four digits, then in its last two, then those with its total. Within each step the nearest
 * price comes first (the cheapest when its price is unknown). The endings are found through the
 * reverse(number) index (and the category's GIN index), the totals by walking the price index
 * from `price` both ways, so no step reads more than its matches.
 */
export async function similarNumbers(db: Db, to: SimilarTo): Promise<NumberRow[]> {
  const found: NumberRow[] = [];
  const others = () =>
    and(
      availableSql,
      ne(numbers.number, to.number),
      found.length > 0
        ? notInArray(
            numbers.id,
            found.map((row) => row.id),
          )
        : undefined,
    );
  const nearest: SQL[] =
    to.price === undefined
      ? [asc(numbers.finalPrice), asc(numbers.id)]
      : [sql`abs(${numbers.finalPrice} - ${to.price})`, asc(numbers.id)];

  for (const ending of [to.number.slice(-4), to.number.slice(-2)]) {
    const left = to.limit - found.length;
    if (left <= 0) break;
    found.push(
      ...(await db
        .select(numberItemColumns)
        .from(numbers)
        .where(
          and(
            others(),
            categoryMember(numbers.categories, to.category),
            sql`reverse(${numbers.number}) like ${`${reversed(ending)}%`}`,
          ),
        )
        .orderBy(...nearest)
        .limit(left)),
    );
  }

  const left = to.limit - found.length;
  if (left <= 0) return found;
  const sameTotal = and(others(), eq(numbers.total, to.total));
  if (to.price === undefined) {
    found.push(
      ...(await db
        .select(numberItemColumns)
        .from(numbers)
        .where(sameTotal)
        .orderBy(...nearest)
        .limit(left)),
    );
    return found;
  }
  const price = to.price;
  const [above, below] = await Promise.all([
    db
      .select(numberItemColumns)
      .from(numbers)
      .where(and(sameTotal, gte(numbers.finalPrice, price)))
      .orderBy(asc(numbers.finalPrice), asc(numbers.id))
      .limit(left),
    db
      .select(numberItemColumns)
      .from(numbers)
      .where(and(sameTotal, lt(numbers.finalPrice, price)))
      .orderBy(desc(numbers.finalPrice), desc(numbers.id))
      .limit(left),
  ]);
  const distance = (row: NumberRow) => Math.abs(row.finalPrice - price);
  found.push(
    ...[...above, ...below].sort((a, b) => distance(a) - distance(b) || a.id - b.id).slice(0, left),
  );
  return found;
}
