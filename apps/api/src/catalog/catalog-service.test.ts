import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app';
import { createAuditService } from '../audit/audit-service';
import { inTransaction } from '../db/transactions';
import { createInProcessCatalogChanges, type CatalogChange } from './catalog-changes';
import { createCatalogService } from './catalog-service';
import { generateDemoInventory } from './demo-inventory';
import { catalogCacheFor } from './listing-cache';

describeEachDatabase('the catalogue service and its changes', (ctx) => {
  /** A catalogue service on the test database whose published changes are kept in `told`. */
  function observedCatalog() {
    const changes = createInProcessCatalogChanges();
    const told: CatalogChange[] = [];
    changes.subscribe((change) => told.push(change));
    const catalog = createCatalogService({
      config: ctx().config,
      database: ctx().database,
      changes,
      audit: createAuditService({ database: ctx().database }),
    });
    return { catalog, changes, told };
  }

  async function twoNumbers(catalog: ReturnType<typeof observedCatalog>['catalog']) {
    await catalog.insert(generateDemoInventory(2));
    const rows = await ctx().database.query<{ id: number }>('select id from numbers order by id');
    return rows.map((row) => row.id);
  }

  it('tells the numbers an insert added, and nothing when they were all there', async () => {
    const { catalog, told } = observedCatalog();
    const rows = generateDemoInventory(3);
    expect(await catalog.insert(rows)).toBe(3);
    expect(await catalog.insert(rows)).toBe(0);
    expect(told).toEqual([{ kind: 'inserted', count: 3 }]);
  });

  it('tells a hold and a release once their transaction commits, never when it rolls back', async () => {
    const { catalog, told } = observedCatalog();
    const ids = await twoNumbers(catalog);
    told.length = 0;
    const orderId = randomUUID();
    await inTransaction(ctx().database, async (tx) => {
      expect(await catalog.hold(tx, ids, orderId)).toHaveLength(2);
      expect(told).toEqual([]);
    });
    expect(told).toEqual([{ kind: 'held', count: 2 }]);

    await expect(
      inTransaction(ctx().database, async (tx) => {
        expect(await catalog.release(tx, orderId)).toBe(2);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(told).toEqual([{ kind: 'held', count: 2 }]);

    await inTransaction(ctx().database, (tx) => catalog.release(tx, orderId));
    expect(told).toEqual([
      { kind: 'held', count: 2 },
      { kind: 'released', count: 2 },
    ]);
  });

  it('refuses a write in a transaction that could not tell it after the commit', async () => {
    const { catalog, told } = observedCatalog();
    const ids = await twoNumbers(catalog);
    await expect(
      ctx().database.db.transaction((tx) => catalog.hold(tx, ids, randomUUID())),
    ).rejects.toThrow(/inTransaction/);
    const held = await ctx().database.query<{ n: number }>(
      "select count(*)::int as n from numbers where status = 'reserved'",
    );
    expect(held[0]!.n).toBe(0);
    expect(told).toEqual([{ kind: 'inserted', count: 2 }]);
  });

  it('forgets the cached listings on every change but holds, releases and sales', async () => {
    const { changes } = observedCatalog();
    const cache = catalogCacheFor(ctx().database);
    cache.totals.clear();
    await cache.totals.get('filters', 60_000, async () => 7);
    changes.publish({ kind: 'held', count: 1 });
    changes.publish({ kind: 'sold', count: 1 });
    changes.publish({ kind: 'released', count: 1 });
    expect(cache.totals.size).toBe(1);
    for (const kind of ['inserted', 'repriced', 'status', 'removed', 'missed'] as const) {
      await cache.totals.get('filters', 60_000, async () => 7);
      changes.publish({ kind, count: 1 });
      expect(cache.totals.size, kind).toBe(0);
    }
  });
});
