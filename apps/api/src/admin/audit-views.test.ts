import { expect, it } from 'vitest';
import { insertOrders, sampleBilling, sendEnquiry } from '../../test-support/console-fixtures';
import { staffMember } from '../../test-support/sales';
import { describeEachDatabase } from '../../test-support/test-app';

interface ViewRow {
  actor_id: string;
  action: string;
  entity_type: string;
  entity_id: string;
  order_id: string | null;
  after: unknown;
}

describeEachDatabase('staff views of personal data in the audit log', (ctx) => {
  const views = () =>
    ctx().database.query<ViewRow>(
      `select actor_id, action, entity_type, entity_id, order_id, after from audit_log
       where action in ('order.view', 'order.search', 'order.screenshot_view', 'enquiry.view')
       order by id`,
    );

  /** insertOrders leaves billing empty; the console's view of an order needs its shape. */
  const giveBilling = () =>
    ctx().database.query(`update orders set billing = $1::jsonb`, [JSON.stringify(sampleBilling)]);

  it('records who opened an order, once per member and order in 10 minutes', async () => {
    const { app, database } = ctx();
    const [orderId] = (await insertOrders(app, [{ status: 'paid', paidAt: new Date() }])) as [
      string,
    ];
    await giveBilling();
    const support = await staffMember(app);
    const admin = await staffMember(app, 'admin');
    const open = (who: typeof support) => who.client.get(`/api/v1/admin/orders/${orderId}`);

    expect((await open(support)).statusCode).toBe(200);
    expect((await open(support)).statusCode).toBe(200);
    expect(await views()).toEqual([
      expect.objectContaining({
        actor_id: support.user.id,
        action: 'order.view',
        entity_type: 'order',
        entity_id: orderId,
        order_id: orderId,
      }),
    ]);
    // Another member is another entry.
    await open(admin);
    expect((await views()).map((row) => row.actor_id)).toEqual([support.user.id, admin.user.id]);
    // Past the 10 minutes the same member's view is recorded again.
    await database.query(
      `insert into audit_log (actor_id, action, entity_type, entity_id, order_id, at)
       values ($1, 'order.view', 'order', $2::text, $2::uuid, now() - interval '11 minutes')`,
      [support.user.id, orderId],
    );
    const [other] = (await insertOrders(app, [{}])) as [string];
    await giveBilling();
    await database.query(
      `insert into audit_log (actor_id, action, entity_type, entity_id, order_id, at)
       values ($1, 'order.view', 'order', $2::text, $2::uuid, now() - interval '11 minutes')`,
      [support.user.id, other],
    );
    await open(support); // within 10 minutes of its first view: nothing new
    await support.client.get(`/api/v1/admin/orders/${other}`); // last seen 11 minutes ago
    expect((await views()).filter((row) => row.entity_id === other)).toHaveLength(2);
    expect((await views()).filter((row) => row.entity_id === orderId)).toHaveLength(3);

    // An order that is not there is no view.
    const missing = await support.client.get(
      '/api/v1/admin/orders/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    expect(await views()).toHaveLength(5);
  });

  it('records a search for buyers, not the plain list, and a search paged through once', async () => {
    const { app } = ctx();
    await insertOrders(app, [{}]);
    await giveBilling();
    const support = await staffMember(app);
    expect((await support.client.get('/api/v1/admin/orders')).statusCode).toBe(200);
    expect((await support.client.get('/api/v1/admin/orders?status=paid')).statusCode).toBe(200);
    expect(await views()).toEqual([]);

    await support.client.get('/api/v1/admin/orders?q=9811122233');
    await support.client.get('/api/v1/admin/orders?q=9811122233&page=2');
    await support.client.get('/api/v1/admin/orders?q=asha%40example.in');
    expect(await views()).toEqual([
      expect.objectContaining({
        actor_id: support.user.id,
        action: 'order.search',
        entity_type: 'search',
        entity_id: '9811122233',
        // The order billed to that mobile (decision 0064: the search reads the billing too).
        after: { found: 1 },
      }),
      expect.objectContaining({ action: 'order.search', entity_id: 'asha@example.in' }),
    ]);
  });

  it('records opening an enquiry and viewing a payment screenshot', async () => {
    const { app, database } = ctx();
    const enquiryId = (await sendEnquiry(app)).json().data.id as string;
    const [orderId] = (await insertOrders(app, [{}])) as [string];
    await database.query(
      `insert into payment_screenshots (order_id, content_type, data) values ($1, 'image/png', '\\x89504e47'::bytea)`,
      [orderId],
    );
    const support = await staffMember(app);

    expect((await support.client.get(`/api/v1/admin/enquiries/${enquiryId}`)).statusCode).toBe(200);
    const screenshot = await support.client.get(
      `/api/v1/admin/orders/${orderId}/payment-screenshot`,
    );
    expect(screenshot.statusCode).toBe(200);
    await support.client.get(`/api/v1/admin/orders/${orderId}/payment-screenshot`);
    // The enquiry inbox lists names and topics only: not recorded.
    await support.client.get('/api/v1/admin/enquiries');

    expect(await views()).toEqual([
      expect.objectContaining({
        actor_id: support.user.id,
        action: 'enquiry.view',
        entity_type: 'enquiry',
        entity_id: enquiryId,
      }),
      expect.objectContaining({
        actor_id: support.user.id,
        action: 'order.screenshot_view',
        entity_type: 'order',
        order_id: orderId,
      }),
    ]);

    // Admins read them in the audit log, with the search filter too.
    const admin = await staffMember(app, 'admin');
    const audit = await admin.client.get('/api/v1/admin/audit?entityType=enquiry');
    expect(audit.json().data.entries).toEqual([
      expect.objectContaining({
        action: 'enquiry.view',
        actor: expect.objectContaining({ name: 'Sunita Support' }),
      }),
    ]);
  });
});
