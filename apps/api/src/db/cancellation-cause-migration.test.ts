import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buyerWithOrder, staffMember, withSalesInventory } from '../../test-support/sales';
import { migrationStatements } from '../../test-support/migration-sql';
import { describeEachDatabase } from '../../test-support/test-app';
import { orderEvents } from './schema';

describeEachDatabase('migration 0029 on cancellations written before it', (ctx) => {
  const { id } = withSalesInventory(ctx);

  it('records the cause each note tells, and none where it tells nothing', async () => {
    const staff = await staffMember(ctx().app);
    const { order } = await buyerWithOrder(ctx().app, [id('9876598765')]);
    const { db } = ctx().database;
    // As an earlier version wrote them: no cause.
    const steps: { status?: 'cancelled' | 'paid'; note: string | null; staffUserId?: string }[] = [
      { note: 'Payment not received before the hold expired' },
      { note: 'Replaced by a new checkout: Buy now of one number' },
      { note: 'Cancelled before payment: the numbers were removed from the cart' },
      {
        note: 'Payment UTR-1 arrived after the hold had ended; meanwhile 98765 98765 was sold. A full refund is due.',
        staffUserId: staff.user.id,
      },
      { note: 'The buyer asked us to cancel', staffUserId: staff.user.id },
      { note: null, staffUserId: staff.user.id },
      {
        note: 'A further payment UTR-2 arrived for this order, which was already paid. It is due a full refund.',
        staffUserId: staff.user.id,
      },
      { note: 'Something else' },
      { status: 'paid', note: 'Payment not received before the hold expired' },
    ];
    for (const { status = 'cancelled', ...step } of steps) {
      await db.insert(orderEvents).values({ orderId: order.id, status, ...step });
    }

    for (const statement of migrationStatements(
      '0029_cancellation_cause.sql',
      '-- The cancellations recorded before the column',
    )) {
      await ctx().database.query(statement);
    }

    const causes = await db
      .select({ cause: orderEvents.cause })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt));
    // The first is the order placed.
    expect(causes.map((step) => step.cause)).toEqual([
      null,
      'lapsed',
      'replaced',
      'cart',
      'payment',
      'staff',
      'staff',
      null,
      null,
      null,
    ]);
  });
});
