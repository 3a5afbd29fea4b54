import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app';
import { generateDemoInventory } from './demo-inventory';

describeEachDatabase('loading numbers', (ctx) => {
  const held = async () =>
    (await ctx().database.query<{ n: number }>('select count(*)::int as n from numbers'))[0]!.n;

  it('loads the first N demo numbers with progress lines, and adds only the rest later', async () => {
    const lines: string[] = [];
    const first = await ctx().app.services.catalog.loadDemoInventory({
      count: 300,
      batchSize: 100,
      log: (l) => lines.push(l),
    });
    expect(first).toEqual({ processed: 300, inserted: 300 });
    expect(lines).toContain('loaded 300/300 numbers');
    const more = await ctx().app.services.catalog.loadDemoInventory({ count: 500, batchSize: 100 });
    expect(more).toEqual({ processed: 500, inserted: 200 });
    expect(await held()).toBe(500);
    const [row] = await ctx().database.query<{
      number: string;
      category: string;
      digit_sum: number;
    }>('select number, category, digit_sum from numbers order by id limit 1');
    const [expected] = generateDemoInventory(1);
    expect(row).toMatchObject({
      number: expected!.number,
      category: expected!.category,
      digit_sum: expected!.digitSum,
    });
  });

  it('can drop and rebuild the indexes around a big load, in one transaction', async () => {
    const indexes = () =>
      ctx().database.query<{ indexname: string }>(
        "select indexname from pg_indexes where tablename = 'numbers' order by indexname",
      );
    const before = await indexes();
    const batches = [
      generateDemoInventory(400).slice(0, 200),
      generateDemoInventory(400).slice(200),
    ];
    const result = await ctx().app.services.catalog.load(batches, { rebuildIndexes: true });
    expect(result).toEqual({ processed: 400, inserted: 400 });
    expect(await indexes()).toEqual(before);
    expect(before.length).toBeGreaterThanOrEqual(10);

    // A failure leaves the table and its indexes as they were.
    const bad = [{ ...generateDemoInventory(401)[400]!, number: 'not a number' }];
    await expect(
      ctx().app.services.catalog.load([bad], { rebuildIndexes: true }),
    ).rejects.toThrow();
    expect(await indexes()).toEqual(before);
    expect(await held()).toBe(400);
  });

  it('refuses a number priced above its list price or with an unknown status', async () => {
    const [good] = generateDemoInventory(1);
    const dearer = { ...good!, finalPrice: good!.basePrice + 100 };
    await expect(ctx().app.services.catalog.load([[dearer]])).rejects.toThrow();
    await ctx().app.services.catalog.load([[good!]]);
    await expect(
      ctx().database.query("update numbers set status = 'lost' where number = $1", [good!.number]),
    ).rejects.toThrow();
    expect(await held()).toBe(1);
  });
});
