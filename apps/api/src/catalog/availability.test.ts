import { asc, not, or, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import { describeEachDatabase } from '../../test-support/test-app';
import { numbers } from '../db/schema';
import { availableSql, heldSql } from './availability';

describeEachDatabase('the availability conditions', (ctx) => {
  it('hold together when negated or joined with or, as the console inventory uses heldSql', async () => {
    const { app, database } = ctx();
    await insertTestNumbers(app, [
      { number: '9000000001', basePrice: 5000 },
      {
        number: '9000000002',
        basePrice: 5000,
        status: 'reserved',
        reservedUntil: new Date(Date.now() + 3_600_000),
      },
      {
        number: '9000000003',
        basePrice: 5000,
        status: 'reserved',
        reservedUntil: new Date(Date.now() - 3_600_000),
      },
      { number: '9000000004', basePrice: 5000, status: 'sold' },
    ]);
    const where = async (condition: ReturnType<typeof sql>) =>
      (
        await database.db
          .select({ number: numbers.number })
          .from(numbers)
          .where(condition)
          .orderBy(asc(numbers.number))
      ).map((row) => row.number);

    expect(await where(heldSql)).toEqual(['9000000002']);
    // Not held: available, a lapsed hold and sold (a bare `a and b` negated drops the first).
    expect(await where(sql`not ${heldSql}`)).toEqual(['9000000001', '9000000003', '9000000004']);
    expect(await where(not(heldSql))).toEqual(['9000000001', '9000000003', '9000000004']);
    expect(await where(or(availableSql, heldSql)!)).toEqual([
      '9000000001',
      '9000000002',
      '9000000003',
    ]);
  });
});
