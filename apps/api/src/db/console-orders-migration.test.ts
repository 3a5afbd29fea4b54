import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buyerWithOrder, staffMember, withSalesInventory } from '../../test-support/sales';
import { migrationStatements } from '../../test-support/migration-sql';
import { describeEachDatabase } from '../../test-support/test-app';
import { orderEvents, orderItems, orders, payments, refunds } from './schema';

/** The statements of migration 0005 that carry orders made before it over (its data part). */
const backfillStatements = () =>
  migrationStatements(
    '0005_console_orders.sql',
    '-- Numbers of orders placed before porting went per number',
  );

describeEachDatabase('migration 0005 on orders made before it', (ctx) => {
  const { id } = withSalesInventory(ctx);

  /** An order as an earlier version left it: its status, payment and timeline, no records. */
  async function legacyOrder(
    number: string,
    state: { status: string; reference?: string; needsRefund?: boolean; steps: string[] },
    staffUserId: string,
    paidMinutesAgo = 60,
  ) {
    const { order } = await buyerWithOrder(ctx().app, [id(number)]);
    const { db } = ctx().database;
    await db
      .update(orders)
      .set({
        status: state.status as 'paid',
        paymentReference: state.reference ?? null,
        paidAt: state.reference ? sql`now() - make_interval(mins => ${paidMinutesAgo}::int)` : null,
        needsRefund: state.needsRefund ?? false,
      })
      .where(eq(orders.id, order.id));
    for (const step of state.steps) {
      await db.insert(orderEvents).values({
        orderId: order.id,
        status: step as 'paid',
        note: step === 'refunded' ? 'Paid back by NEFT' : null,
        staffUserId,
      });
    }
    return order.id as string;
  }

  it('gives each number its order’s step, records each payment once and each refund made', async () => {
    const staff = await staffMember(ctx().app);
    const porting = await legacyOrder(
      '9876598765',
      {
        status: 'porting_in_progress',
        reference: 'utr 111 222',
        steps: ['paid', 'upc_sent', 'porting_in_progress'],
      },
      staff.user.id,
      90,
    );
    const completed = await legacyOrder(
      '9812341234',
      {
        status: 'completed',
        reference: 'pay_ABCdef',
        steps: ['paid', 'upc_sent', 'porting_in_progress', 'ported', 'completed'],
      },
      staff.user.id,
    );
    const refunded = await legacyOrder(
      '9137605193',
      { status: 'refunded', reference: 'UTR-R1', steps: ['paid', 'refunded'] },
      staff.user.id,
    );
    // The same transfer typed again for another order stays with the first order.
    const duplicate = await legacyOrder(
      '7070700852',
      { status: 'cancelled', reference: 'UTR111 222', needsRefund: true, steps: ['cancelled'] },
      staff.user.id,
      30,
    );
    const unpaid = await legacyOrder(
      '9811223344',
      { status: 'pending_payment', steps: [] },
      staff.user.id,
    );
    const { db } = ctx().database;
    await db.execute(
      sql`update ${orders} set payment_provider = 'razorpay' where id = ${completed}`,
    );

    for (const statement of backfillStatements()) await ctx().database.query(statement);

    const steps = Object.fromEntries(
      (await db.select().from(orderItems)).map((item) => [item.orderId, item.portingStatus]),
    );
    expect(steps).toEqual({
      [porting]: 'porting_in_progress',
      [completed]: 'ported',
      [refunded]: 'awaiting_upc',
      [duplicate]: 'awaiting_upc',
      [unpaid]: 'awaiting_upc',
    });
    const recorded = await db.select().from(payments);
    expect(
      recorded
        .map((p) => [p.orderId, p.provider, p.reference, p.referenceKey, p.applied, p.status])
        .sort(),
    ).toEqual(
      [
        [porting, 'manual', 'utr 111 222', 'UTR111222', true, 'confirmed'],
        [completed, 'razorpay', 'pay_ABCdef', 'pay_ABCdef', true, 'confirmed'],
        [refunded, 'manual', 'UTR-R1', 'UTR-R1', false, 'confirmed'],
      ].sort(),
    );
    const [refund] = await db.select().from(refunds);
    expect(refund).toMatchObject({
      orderId: refunded,
      paymentId: recorded.find((p) => p.orderId === refunded)!.id,
      method: 'manual',
      reason: 'Paid back by NEFT',
      status: 'done',
      staffUserId: staff.user.id,
    });
    expect(await db.select().from(refunds)).toHaveLength(1);
  });
});
