import { eq, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { pdfText } from '../../test-support/pdf-text';
import {
  lapseHold,
  sentTo,
  signedIn,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api, registerCustomer, SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';
import {
  addresses,
  auditLog,
  consentRecords,
  favourites,
  orders,
  otpRequests,
  users,
} from '../db/schema';

describeEachDatabase('closing an account', (ctx) => {
  const { id, checkOut } = withSalesInventory(ctx);

  const row = async (userId: string) =>
    (await ctx().database.db.select().from(users).where(eq(users.id, userId)))[0]!;

  it('closes the own account: erased, signed out everywhere, contacts free to register again', async () => {
    const { app, database } = ctx();
    const { client, details, user } = await registerCustomer(app);
    const other = new SessionClient(app);
    expect(
      (await other.post(api('/auth/login'), { contact: details.email, password: details.password }))
        .statusCode,
    ).toBe(200);
    await client.request({
      method: 'PUT',
      url: api('/user/address'),
      payload: { line1: '7 Lake View', city: 'Pune', state: 'Maharashtra', pinCode: '411001' },
    });
    expect(
      (await client.request({ method: 'PUT', url: api(`/favourites/${id('9811223344')}`) }))
        .statusCode,
    ).toBe(200);

    const consentsOf = () =>
      database.db.select().from(consentRecords).where(eq(consentRecords.userId, user.id));
    expect((await consentsOf()).length).toBeGreaterThan(0);

    const unconfirmed = await client.post(api('/user/close'), { confirm: 'yes' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain('Type CLOSE to confirm.');

    const closed = await client.post(api('/user/close'), { confirm: 'close' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.kept).toContain('8 years');
    const cleared = closed.cookies.map((c) => c.name);
    expect(cleared).toEqual(
      expect.arrayContaining(['access_token', 'refresh_token', 'known_device']),
    );

    // Every session ends: this one and the other device's, their refresh tokens too.
    expect((await client.get(api('/user/profile'))).statusCode).toBe(401);
    expect((await other.get(api('/user/profile'))).statusCode).toBe(401);
    expect((await other.post(api('/auth/refresh-token'))).statusCode).toBe(401);

    const erased = await row(user.id);
    expect(erased).toMatchObject({
      name: 'Closed account',
      passwordHash: null,
      getWhatsappUpdate: false,
      acceptTermsAndConditions: false,
    });
    expect(erased.closedAt).not.toBeNull();
    expect(erased.email).not.toBe(details.email);
    expect(erased.mobile).not.toBe(details.mobile);
    expect(await database.db.select().from(addresses).where(eq(addresses.userId, user.id))).toEqual(
      [],
    );
    expect(
      await database.db.select().from(favourites).where(eq(favourites.userId, user.id)),
    ).toEqual([]);
    // Records of consent go with the data they were about (decision 0057).
    expect(await consentsOf()).toEqual([]);
    expect(
      await database.db.select().from(otpRequests).where(eq(otpRequests.email, details.email)),
    ).toEqual([]);

    // It can never sign in again: the password fails, a code goes nowhere.
    const login = await new SessionClient(app).post(api('/auth/login'), {
      contact: details.email,
      password: details.password,
    });
    expect(login.statusCode).toBe(400);
    const before = (await sentTo(database, details.mobile)).length;
    await new SessionClient(app).post(api('/auth/sign-in'), { mobile: details.mobile });
    expect(await sentTo(database, details.mobile)).toHaveLength(before);

    // Its old contacts make a new account.
    await database.query(`update otp_requests set last_sent_at = now() - interval '1 minute'`);
    const again = await registerCustomer(app, { email: details.email, mobile: details.mobile });
    expect(again.user.id).not.toBe(user.id);

    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entry).toMatchObject({ action: 'user.close', actorId: user.id });
    expect(JSON.stringify(entry)).not.toContain(details.email);
  });

  it('is refused while an order is open, and erases a lapsed order billing once it can close', async () => {
    const { app, database } = ctx();
    const buyer = await signedIn(app, { state: 'Karnataka' });
    const order = await checkOut(buyer.client, ['9811223344']);

    const refused = await buyer.client.post(api('/user/close'), { confirm: 'CLOSE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_HAS_OPEN_ORDERS',
      openOrders: [order.reference],
    });
    expect(refused.json().message).toContain(`${order.reference} (Awaiting payment)`);
    expect((await buyer.client.get(api('/user/profile'))).statusCode).toBe(200);

    await lapseHold(database, order.id);
    const closed = await buyer.client.post(api('/user/close'), { confirm: 'CLOSE' });
    expect(closed.statusCode, closed.body).toBe(200);
    const [lapsed] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(lapsed!.billing).toEqual({
      name: 'Closed account',
      email: '',
      mobile: '',
      accountType: 'Individual',
      companyName: null,
      gstinNo: null,
      address: null,
    });
    expect(lapsed!.clientIp).toBeNull();
  });

  it('keeps a paid order with its billing: the invoice is made again after the close', async () => {
    const { app, database } = ctx();
    const buyer = await signedIn(app, { name: 'Meera Iyer', state: 'Karnataka' });
    const order = await checkOut(buyer.client, ['9876598765']);
    const admin = await staffMember(app, 'admin');
    const paid = await admin.client.post(api(`/admin/orders/${order.id}/payments`), {
      reference: '412345678901',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const whilePorting = await buyer.client.post(api('/user/close'), { confirm: 'CLOSE' });
    expect(whilePorting.statusCode).toBe(409);
    expect(whilePorting.json().message).toContain('(Paid)');

    await database.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
    const closed = await buyer.client.post(api('/user/close'), { confirm: 'CLOSE' });
    expect(closed.statusCode, closed.body).toBe(200);

    const [kept] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept!.billing).toMatchObject({ name: 'Meera Iyer', email: buyer.user.email });
    const invoice = await admin.client.get(api(`/admin/orders/${order.id}/invoice.pdf`));
    expect(invoice.statusCode).toBe(200);
    expect(await pdfText(invoice.rawPayload)).toContain('Meera Iyer');
  });

  it('lets an administrator close a buyer account on request, with a reason in the audit log', async () => {
    const { app, database } = ctx();
    const buyer = await signedIn(app);
    const support = await staffMember(app, 'support');
    const admin = await staffMember(app, 'admin');
    const body = { contact: buyer.user.mobile, reason: 'Asked by e-mail on 29 Nov' };

    expect((await support.client.post(api('/admin/customers/close'), body)).statusCode).toBe(403);
    expect((await buyer.client.post(api('/admin/customers/close'), body)).statusCode).toBe(403);
    const unknown = await admin.client.post(api('/admin/customers/close'), {
      ...body,
      contact: 'nobody@example.in',
    });
    expect(unknown.statusCode).toBe(404);
    const staff = await admin.client.post(api('/admin/customers/close'), {
      ...body,
      contact: support.user.email,
    });
    expect(staff.statusCode).toBe(409);
    expect(staff.json().code).toBe('STAFF_ACCOUNT');
    const noReason = await admin.client.post(api('/admin/customers/close'), {
      ...body,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);

    const closed = await admin.client.post(api('/admin/customers/close'), body);
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await buyer.client.get(api('/user/profile'))).statusCode).toBe(401);
    expect((await row(buyer.user.id)).closedAt).not.toBeNull();
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, buyer.user.id));
    expect(entry).toMatchObject({
      action: 'user.close',
      actorId: admin.user.id,
      note: 'Asked by e-mail on 29 Nov',
    });
    // Closed once: a second request finds no open account.
    expect((await admin.client.post(api('/admin/customers/close'), body)).statusCode).toBe(404);
    expect(
      await database.db.select({ id: users.id }).from(users).where(isNotNull(users.closedAt)),
    ).toHaveLength(1);
  });
});
