import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertOrders, sendEnquiry } from '../../test-support/console-fixtures';
import {
  buyerWithOrder,
  gstinIn,
  signedIn,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api, registerCustomer, SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';
import { orders, payments, refunds, users } from '../db/schema';

interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  mobile: string | null;
  closed: boolean;
  paidTotal: number;
  refundedTotal: number;
}

describeEachDatabase('the console customer list and customer view', (ctx) => {
  const { id } = withSalesInventory(ctx);
  const views = (action: string) =>
    ctx().database.query<{
      actor_id: string;
      entity_type: string;
      entity_id: string;
      after: unknown;
    }>(
      `select actor_id, entity_type, entity_id, after from audit_log where action = $1 order by id`,
      [action],
    );

  /** The ids and names a list call answers, in its order (and the whole answer). */
  async function list(client: SessionClient, query = '') {
    const res = await client.get(api(`/admin/customers${query}`));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { customers: CustomerRow[]; total: number; pageCount: number };
    return { ...data, names: data.customers.map((row) => row.name) };
  }

  /** Three buyers registered a minute apart, and a staff member (never listed). */
  async function threeBuyers() {
    const { database } = ctx();
    const asha = await signedIn(ctx().app, { name: 'Asha Rao' });
    const verma = await signedIn(ctx().app, {
      name: 'Vikram Verma',
      accountType: 'Corporate',
      companyName: 'Verma Traders Pvt Ltd',
      gstinNo: gstinIn('Karnataka'),
    });
    const meera = await signedIn(ctx().app, { name: 'Meera Iyer' });
    for (const [minutes, buyer] of [
      [3, asha],
      [2, verma],
      [1, meera],
    ] as const) {
      await database.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(users.id, buyer.user.id));
    }
    return { asha, verma, meera };
  }

  it('answers 401 to a guest and 403 to a buyer; support sees buyers newest first, in pages', async () => {
    const { app } = ctx();
    const { asha, meera } = await threeBuyers();
    const support = await staffMember(app);

    expect((await app.inject({ method: 'GET', url: api('/admin/customers') })).statusCode).toBe(
      401,
    );
    expect((await asha.client.get(api('/admin/customers'))).statusCode).toBe(403);
    expect((await asha.client.get(api(`/admin/customers/${meera.user.id}`))).statusCode).toBe(403);

    const all = await list(support.client);
    expect(all.names).toEqual(['Meera Iyer', 'Vikram Verma', 'Asha Rao']);
    expect(all.total).toBe(3);
    const second = await list(support.client, '?page=2&pageSize=2');
    expect(second).toMatchObject({ names: ['Asha Rao'], total: 3, pageCount: 2 });

    const corporate = await list(support.client, '?accountType=Corporate');
    expect(corporate.customers).toEqual([
      expect.objectContaining({
        name: 'Vikram Verma',
        accountType: 'Corporate',
        companyName: 'Verma Traders Pvt Ltd',
        gstinNo: gstinIn('Karnataka'),
        closed: false,
        closedAt: null,
      }),
    ]);
    // Signed in (a session started), no orders yet.
    expect(all.customers[0]).toMatchObject({
      email: meera.user.email,
      mobile: meera.user.mobile,
      orderCount: 0,
      paidTotal: 0,
      lastSignInAt: expect.any(String),
    });
    // Its orders counted, the paid ones' totals added up (paise).
    const orderIds = await insertOrders(app, [
      { status: 'completed', paidAt: new Date(), rupees: 12_000 },
      { status: 'cancelled', rupees: 5_000 },
    ]);
    await ctx()
      .database.db.update(orders)
      .set({ userId: asha.user.id })
      .where(inArray(orders.id, orderIds));
    expect((await list(support.client, '?q=Asha')).customers[0]).toMatchObject({
      orderCount: 2,
      paidTotal: 1_200_000,
    });
    // The search is recorded with its text; each page of the list without one as the page read
    // (the bulk read of every buyer's contacts leaves a trace, decision 0066), once in 10 minutes.
    expect((await views('customer.search')).map((row) => row.entity_id)).toEqual(['Asha']);
    await list(support.client, '?page=2&pageSize=2');
    const pages = await views('customer.list');
    expect(pages.map((row) => [row.actor_id, row.entity_type, row.entity_id])).toEqual([
      [support.user.id, 'search', 'All, page 1 (25 a page)'],
      [support.user.id, 'search', 'All, page 2 (2 a page)'],
      [support.user.id, 'search', 'Corporate, page 1 (25 a page)'],
    ]);
    expect(pages[1]!.after).toEqual({ shown: 1, total: 3 });
  });

  it('finds a buyer by name, company, e-mail, mobile or GSTIN, and records each search once in 10 minutes', async () => {
    const { app } = ctx();
    const { asha, verma } = await threeBuyers();
    const support = await staffMember(app);
    const found = async (q: string) =>
      (await list(support.client, `?q=${encodeURIComponent(q)}`)).names;

    expect(await found('  asha  ')).toEqual(['Asha Rao']);
    expect(await found('verma traders')).toEqual(['Vikram Verma']);
    expect(await found(asha.user.email.toUpperCase())).toEqual(['Asha Rao']);
    expect(await found(`+91 ${asha.user.mobile.slice(0, 5)} ${asha.user.mobile.slice(5)}`)).toEqual(
      ['Asha Rao'],
    );
    expect(await found(gstinIn('Karnataka').toLowerCase())).toEqual(['Vikram Verma']);
    // A part of an e-mail or a GSTIN is not enough (as in the orders search).
    expect(await found(asha.user.email.slice(0, 8))).toEqual([]);
    expect(await found(verma.user.gstinNo!.slice(0, 10))).toEqual([]);
    expect(await found('asha')).toEqual(['Asha Rao']); // again, within 10 minutes
    expect(await found('asha%')).toEqual([]); // a wildcard is a character
    // Staff accounts are not customers.
    expect(await found('Sunita')).toEqual([]);
    expect((await list(support.client, '?accountType=Corporate&q=Rao')).names).toEqual([]);

    const searches = await views('customer.search');
    expect(searches.map((row) => row.entity_id)).toEqual([
      'asha',
      'verma traders',
      asha.user.email.toUpperCase(),
      `+91 ${asha.user.mobile.slice(0, 5)} ${asha.user.mobile.slice(5)}`,
      gstinIn('Karnataka').toLowerCase(),
      asha.user.email.slice(0, 8),
      verma.user.gstinNo!.slice(0, 10),
      'asha%',
      'Sunita',
      'Rao',
    ]);
    expect(searches.at(-1)!.after).toEqual({ accountType: 'Corporate', found: 0 });
    expect(searches[0]).toMatchObject({
      actor_id: support.user.id,
      entity_type: 'search',
      after: { found: 1 },
    });
  });

  it("finds a buyer by the contacts an order was billed to, after they changed the account's, unless closed", async () => {
    const { app, database } = ctx();
    const { asha } = await threeBuyers();
    const support = await staffMember(app);
    const found = async (q: string) =>
      (await list(support.client, `?q=${encodeURIComponent(q)}`)).names;
    const [orderId] = await insertOrders(app, [{ status: 'completed', paidAt: new Date() }]);
    await database.query(`update orders set user_id = $2, billing = $3::jsonb where id = $1`, [
      orderId,
      asha.user.id,
      JSON.stringify({ name: 'Asha Rao', email: 'asha.old@example.in', mobile: '9811100001' }),
    ]);
    await database.query(`update users set email = $2, mobile = $3 where id = $1`, [
      asha.user.id,
      'asha.new@example.in',
      '9811100002',
    ]);

    expect(await found('Asha.Old@example.in')).toEqual(['Asha Rao']);
    expect(await found('+91 98111 00001')).toEqual(['Asha Rao']);
    expect(await found('asha.new@example.in')).toEqual(['Asha Rao']);
    expect(await found('asha.old@example')).toEqual([]);

    await database.query(`update users set closed_at = now() where id = $1`, [asha.user.id]);
    expect(await found('asha.old@example.in')).toEqual([]);
    expect(await found('9811100001')).toEqual([]);
  });

  it('shows one buyer with address, WhatsApp choice, consents, orders, enquiries and audit entries; records the view', async () => {
    const { app, database } = ctx();
    const buyer = await registerCustomer(app, { name: 'Kavya Menon' });
    await buyer.client.request({
      method: 'PUT',
      url: api('/user/address'),
      payload: { line1: '7 Lake View', city: 'Pune', state: 'Maharashtra', pinCode: '411001' },
    });
    const [paidId, unpaidId, submittedId] = await insertOrders(app, [
      { status: 'completed', paidAt: new Date(), rupees: 25_000 },
      { status: 'cancelled', rupees: 9_000 },
      { status: 'pending_payment', paymentSubmitted: true },
    ]);
    // insertOrders makes its own buyer: give the orders to Kavya.
    await database.db
      .update(orders)
      .set({ userId: buyer.user.id })
      .where(inArray(orders.id, [paidId!, unpaidId!, submittedId!]));
    expect(
      (await sendEnquiry(app, { email: buyer.details.email, name: 'Kavya M' })).statusCode,
    ).toBe(201);
    expect((await sendEnquiry(app, { email: 'someone.else@example.com' })).statusCode).toBe(201);
    const support = await staffMember(app);
    const open = () => support.client.get(api(`/admin/customers/${buyer.user.id}`));

    const res = await open();
    expect(res.statusCode, res.body).toBe(200);
    const customer = res.json().data;
    expect(customer).toMatchObject({
      id: buyer.user.id,
      name: 'Kavya Menon',
      email: buyer.details.email,
      mobile: buyer.details.mobile,
      accountType: 'Individual',
      getWhatsappUpdate: true,
      address: { line1: '7 Lake View', city: 'Pune', state: 'Maharashtra', pinCode: '411001' },
      orderCount: 3,
      paidTotal: 2_500_000,
      closed: false,
      lastSignInAt: expect.any(String),
    });
    expect(customer.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'terms', given: true, source: 'registration' }),
        expect.objectContaining({ kind: 'whatsapp_updates', given: true }),
      ]),
    );
    expect(customer.consents[0].policyVersion).toEqual(expect.any(String));
    expect(customer.orders).toHaveLength(3);
    expect(customer.orders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: paidId,
          status: 'completed',
          statusLabel: 'Completed',
          totalAmount: 2_500_000,
        }),
        expect.objectContaining({ id: unpaidId, status: 'cancelled', paidAt: null }),
        // In the Orders list's words: a payment submitted is not "Awaiting payment".
        expect.objectContaining({
          id: submittedId,
          status: 'pending_payment',
          statusLabel: 'Payment submitted',
        }),
      ]),
    );
    expect(customer.enquiries).toEqual([
      expect.objectContaining({
        reference: expect.stringMatching(/^ENQ-/),
        topic: 'vip-number',
        state: 'open',
      }),
    ]);
    expect(customer.auditEntries).toEqual([]);

    // Opened twice within 10 minutes: one entry; it shows on the account's next view.
    expect((await open()).statusCode).toBe(200);
    expect(await views('customer.view')).toEqual([
      expect.objectContaining({
        actor_id: support.user.id,
        entity_type: 'user',
        entity_id: buyer.user.id,
      }),
    ]);
    expect((await open()).json().data.auditEntries).toEqual([
      expect.objectContaining({
        action: 'customer.view',
        actor: expect.objectContaining({ id: support.user.id }),
      }),
    ]);
  });

  it('shows what a buyer paid and, apart, what was refunded to them: paid out only, of the money that paid', async () => {
    const { app, database } = ctx();
    // ₹50,000 and ₹5,000 in one order, paid by UPI and confirmed by staff.
    const buyer = await buyerWithOrder(app, [id('9876598765'), id('9811223344')], {
      name: 'Neha Refunded',
    });
    const admin = await staffMember(app, 'admin');
    const orderApi = (path: string) => api(`/admin/orders/${buyer.order.id}${path}`);
    expect(
      (await admin.client.post(orderApi('/payments'), { reference: 'UTR-800100' })).statusCode,
    ).toBe(200);
    const figures = async () => {
      const [row] = (await list(admin.client, '?q=Neha')).customers;
      const view = (await admin.client.get(api(`/admin/customers/${buyer.user.id}`))).json().data;
      expect({ paidTotal: view.paidTotal, refundedTotal: view.refundedTotal }).toEqual({
        paidTotal: row!.paidTotal,
        refundedTotal: row!.refundedTotal,
      });
      return { paidTotal: view.paidTotal, refundedTotal: view.refundedTotal };
    };
    const total = 64_900_00; // ₹55,000 and 18% GST
    expect(await figures()).toEqual({ paidTotal: total, refundedTotal: 0 });

    // The ₹5,000 number refunded alone: its share of the order.
    const line = await admin.client.post(orderApi(`/numbers/${id('9811223344')}/refund`), {
      reason: 'Porting failed',
      method: 'manual',
    });
    expect(line.statusCode, line.body).toBe(200);
    const share = 5_900_00; // ₹5,000 and its GST
    expect(await figures()).toEqual({ paidTotal: total, refundedTotal: share });

    // The rest refunded as a whole: all of it went back.
    const rest = await admin.client.post(orderApi('/refunds'), {
      reason: 'Buyer changed their mind',
      method: 'manual',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await figures()).toEqual({ paidTotal: total, refundedTotal: total });

    // Not counted: a refund that failed, one still with Razorpay, and the refund of a further
    // payment the order did not need (neither figure has that money).
    const [paying] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, buyer.order.id));
    const [further] = await database.db
      .insert(payments)
      .values({
        orderId: buyer.order.id,
        provider: 'manual',
        reference: 'UTR-800200',
        referenceKey: 'UTR800200',
        amount: 5_000_00,
        status: 'confirmed',
        applied: false,
      })
      .returning();
    const notPaidOut = { orderId: buyer.order.id, method: 'manual' as const, reason: 'Test' };
    await database.db.insert(refunds).values([
      { ...notPaidOut, paymentId: paying!.id, amount: 1_00, status: 'failed' },
      { ...notPaidOut, paymentId: paying!.id, amount: 2_00, status: 'requested', numberId: 1 },
      { ...notPaidOut, paymentId: further!.id, amount: 5_000_00, status: 'done' },
    ]);
    expect(await figures()).toEqual({ paidTotal: total, refundedTotal: total });
  });

  it('answers 404 for no account and for a staff account, 400 for no id; records nothing', async () => {
    const { app } = ctx();
    const support = await staffMember(app);
    const admin = await staffMember(app, 'admin');
    const missing = await support.client.get(
      api('/admin/customers/00000000-0000-4000-8000-000000000000'),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No customer account was found.');
    expect((await support.client.get(api(`/admin/customers/${admin.user.id}`))).statusCode).toBe(
      404,
    );
    expect((await support.client.get(api('/admin/customers/not-an-id'))).statusCode).toBe(400);
    expect(await views('customer.view')).toEqual([]);
  });

  it('lets an administrator close the account from its view; then it shows as closed, without data', async () => {
    const { app } = ctx();
    const buyer = await registerCustomer(app, { name: 'Rohan Das' });
    await buyer.client.request({
      method: 'PUT',
      url: api('/user/address'),
      payload: { line1: '7 Lake View', city: 'Pune', state: 'Maharashtra', pinCode: '411001' },
    });
    await sendEnquiry(app, { email: buyer.details.email });
    const support = await staffMember(app);
    const admin = await staffMember(app, 'admin');
    const close = (who: typeof admin, reason = 'Asked by e-mail on 29 Nov') =>
      who.client.post(api(`/admin/customers/${buyer.user.id}/close`), { reason });

    expect((await close(support)).statusCode).toBe(403);
    expect((await close(admin, '')).statusCode).toBe(400);
    const staffClose = await admin.client.post(api(`/admin/customers/${support.user.id}/close`), {
      reason: 'Not a buyer at all',
    });
    expect(staffClose.statusCode).toBe(409);
    expect(staffClose.json().code).toBe('STAFF_ACCOUNT');

    const closed = await close(admin);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.kept).toContain('8 years');
    expect((await close(admin)).statusCode).toBe(404);

    const [row] = (await list(support.client)).customers;
    expect(row).toMatchObject({
      id: buyer.user.id,
      name: 'Closed account',
      email: null,
      mobile: null,
      closed: true,
      closedAt: expect.any(String),
    });
    // Its old contacts find it no more.
    expect((await list(support.client, `?q=${buyer.details.mobile}`)).names).toEqual([]);

    const view = (await support.client.get(api(`/admin/customers/${buyer.user.id}`))).json().data;
    expect(view).toMatchObject({
      name: 'Closed account',
      email: null,
      mobile: null,
      address: null,
      getWhatsappUpdate: false,
      consents: [],
      enquiries: [],
      closed: true,
    });
    expect(view.auditEntries).toEqual([
      expect.objectContaining({
        action: 'user.close',
        actor: expect.objectContaining({ id: admin.user.id }),
        note: 'Asked by e-mail on 29 Nov',
      }),
    ]);
    expect(view.auditEntries[0]).not.toHaveProperty('after');
  });

  it('refuses to close an account with an open order in the team’s words, naming its status as Orders does', async () => {
    const { app, database } = ctx();
    const buyer = await registerCustomer(app, { name: 'Asha Verma' });
    const [orderId] = await insertOrders(app, [
      { status: 'pending_payment', paymentSubmitted: true, reference: 'VN-20261201-5TEB4TY1' },
    ]);
    await database.db.update(orders).set({ userId: buyer.user.id }).where(eq(orders.id, orderId!));
    const admin = await staffMember(app, 'admin');
    const refused = await admin.client.post(api(`/admin/customers/${buyer.user.id}/close`), {
      reason: 'Asked by e-mail on 30 Nov',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_HAS_OPEN_ORDERS',
      message:
        "This account cannot be closed yet: an order is still open: VN-20261201-5TEB4TY1 (Payment submitted). Once the porting is complete, or an unpaid order's hold has lapsed or it is cancelled, the account can be closed. Open the orders in Orders to finish or cancel them.",
    });
  });
});
