import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { numbers } from '../db/schema';
import { availableSql } from './availability';
import { rowsOf } from './catalog-store';
import type { PacksQuery } from './catalog-schemas';
import { numberItemColumns, type NumberRow } from './number-item';

export type PackKind = PacksQuery['kind'];

/** A pack holds this many numbers at most; a longer run or a larger group is cut into packs. */
const PACK_MAX = 10;

export interface PackRow {
  /** The pack's first number. */
  first: string;
  ids: number[];
}

/**
 * The available numbers cut into packs, one row per number with its pack (`grp`, `part`):
 * `ending` groups by the last six digits, read in that order off numbers_pack_ending_idx;
 * `consecutive` keeps the numbers one apart from a neighbour (lag and lead along
 * numbers_pack_run_idx) and groups each run by the number less its place in it. A group larger
 * than PACK_MAX is cut in number order.
 */
const members: Record<PackKind, { rows: SQL; order: SQL }> = {
  ending: {
    // The order of the index, so a page is read from its start only.
    order: sql`grp, part`,
    rows: sql`select ${numbers.id} as id, ${numbers.number} as number,
      right(${numbers.number}, 6) as grp,
      (row_number() over (partition by right(${numbers.number}, 6) order by ${numbers.number}) - 1) / ${sql.raw(String(PACK_MAX))} as part
    from ${numbers} where ${availableSql}`,
  },
  consecutive: {
    order: sql`min(number)`,
    rows: sql`select id, number, grp,
      (row_number() over (partition by grp order by number) - 1) / ${sql.raw(String(PACK_MAX))} as part
    from (
      select id, number, (number::bigint - row_number() over (order by number))::text as grp
      from (
        select ${numbers.id} as id, ${numbers.number} as number,
          lag(${numbers.number}::bigint) over w as prev, lead(${numbers.number}::bigint) over w as next
        from ${numbers} where ${availableSql}
        window w as (order by ${numbers.number})
      ) neighbours
      where prev = number::bigint - 1 or next = number::bigint + 1
    ) runs`,
  },
};

/**
 * One page of family packs of a kind, in key order (the shared last six digits, or the first
 * number of the run): each pack's number ids in number order.
 */
export function familyPacks(
  db: Db,
  options: { kind: PackKind; limit: number; offset: number },
): Promise<PackRow[]> {
  return rowsOf<PackRow>(
    db,
    sql`select min(number) as first, array_agg(id order by number) as ids
      from (${members[options.kind].rows}) m
      group by grp, part having count(*) >= 2
      order by ${members[options.kind].order}
      limit ${options.limit} offset ${options.offset}`,
  );
}

/** How many packs of a kind there are (every available number read: keep the answer). */
export async function countFamilyPacks(db: Db, kind: PackKind): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
      select 1 from (${members[kind].rows}) m group by grp, part having count(*) >= 2
    ) packs`,
  );
  return row?.n ?? 0;
}

/** The available numbers among these ids. */
export function availableNumbers(db: Db, ids: readonly number[]): Promise<NumberRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(numberItemColumns)
    .from(numbers)
    .where(and(inArray(numbers.id, [...ids]), availableSql));
}
