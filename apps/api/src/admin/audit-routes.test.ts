import { toPaise } from '@store/domain';
import { expect, it } from 'vitest';
import { orders } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { signedIn, staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase('the audit log by order reference', (ctx) => {
  it('finds the changes of the order a buyer quotes by its reference, in any case', async () => {
    const { app, database } = ctx();
    const buyer = await signedIn(app);
    const admin = await staffMember(app, 'admin');
    const [order] = await database.db
      .insert(orders)
      .values({
        reference: 'VN-20261122-7K3Q9MZA',
        userId: buyer.user.id,
        subtotal: toPaise(1000),
        tdsBasisPoints: 0,
        tdsDeducted: 0,
        taxable: toPaise(1000),
        taxBasisPoints: 1800,
        cgstAmount: 0,
        sgstAmount: 0,
        totalAmount: toPaise(1000),
        billing: {},
        cartKey: 'audit-test',
        holdExpiresAt: new Date(),
        paymentProvider: 'manual',
      })
      .returning();
    await inTransaction(database, (tx) =>
      app.services.audit.record(
        tx,
        {
          actorId: admin.user.id,
          action: 'order.payment_confirmed',
          entityType: 'order',
          entityId: order!.id,
          orderId: order!.id,
        },
        { actorId: admin.user.id, action: 'number.hide', entityType: 'number', entityId: 7 },
      ),
    );

    const byReference = await admin.client.get(
      api('/admin/audit?orderReference=%20vn-20261122-7k3q9mza'),
    );
    expect(byReference.statusCode).toBe(200);
    expect(byReference.json().data.entries.map((e: { action: string }) => e.action)).toEqual([
      'order.payment_confirmed',
    ]);
    for (const query of [
      'orderReference=VN-20261122-NOSUCHXX',
      `orderReference=VN-20261122-7K3Q9MZA&orderId=00000000-0000-4000-8000-000000000000`,
    ]) {
      const none = await admin.client.get(api(`/admin/audit?${query}`));
      expect(none.json().data, query).toMatchObject({ entries: [], total: 0 });
    }
    const tooLong = await admin.client.get(api(`/admin/audit?orderReference=${'X'.repeat(41)}`));
    expect(tooLong.statusCode).toBe(400);
  });
});
