import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buyerWithOrder, staffMember, withSalesInventory } from '../../test-support/sales';
import { migrationStatements } from '../../test-support/migration-sql';
import { describeEachDatabase } from '../../test-support/test-app';
import { orderEvents } from './schema';

describeEachDatabase('migration 0020 on timelines written before it', (ctx) => {
  const { id } = withSalesInventory(ctx);

  it("marks the buyer's own earlier steps, by their notes, and no other", async () => {
    const staff = await staffMember(ctx().app);
    const { order } = await buyerWithOrder(ctx().app, [id('9876598765')]);
    const { db } = ctx().database;
    // As an earlier version wrote them: no step marked as the buyer's.
    const steps: { note: string | null; staffUserId?: string }[] = [
      { note: 'Payment submitted with UTR 412345678901; the number is held until 23 Nov.' },
      { note: 'Replaced by a new checkout: Buy now of one number' },
      { note: 'Cancelled before payment: the numbers were removed from the cart' },
      { note: 'Payment not received before the hold expired' },
      { note: null },
      { note: 'Order placed; by phone', staffUserId: staff.user.id },
    ];
    for (const step of steps) {
      await db.insert(orderEvents).values({ orderId: order.id, status: 'cancelled', ...step });
    }
    await db.update(orderEvents).set({ byBuyer: false }).where(eq(orderEvents.orderId, order.id));

    for (const statement of migrationStatements(
      '0020_order_events_by_buyer.sql',
      "-- The buyer's steps recorded before the column",
    )) {
      await ctx().database.query(statement);
    }

    const marked = await db
      .select({ note: orderEvents.note, byBuyer: orderEvents.byBuyer })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt));
    expect(marked.map((step) => step.byBuyer)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(marked[0]!.note).toMatch(/^Order placed; /);
  });
});
