import { eq, isNotNull, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { nonGsm7, smsParts } from '../../test-support/gsm7';
import { pdfText } from '../../test-support/pdf-text';
import { untilWaitingOnLocks, whileRowsHeld } from '../../test-support/lock-waits';
import {
  lapseHold,
  moveHoldEnd,
  numberState,
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
  outbox,
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

    // The confirmation (QA 30 F3), to the e-mail and mobile the account had: what is kept, and
    // whom to tell if this was not its owner. It outlives the erasure, and holds no name.
    const [mail] = await sentTo(database, details.email);
    expect(mail!.subject).toBe(`Your ${app.config.STORE_NAME} account has been closed`);
    expect(mail!.text).toMatch(
      new RegExp(
        `^Hello,\\n\\nYour ${app.config.STORE_NAME} account was closed on .+ IST, from your profile\\.`,
      ),
    );
    expect(mail!.text).toContain(`What we keep: ${closed.json().data.kept}`);
    expect(mail!.text).toContain(`If this was not you, contact us at once: WhatsApp or call us on`);
    expect(mail!.text).toContain(`write to ${app.config.PUBLIC_SUPPORT_EMAIL}`);
    expect(mail!.text).not.toContain(details.name);
    const [sms] = await sentTo(database, details.mobile);
    expect(sms!.text).toMatch(
      new RegExp(
        `^${app.config.STORE_NAME}: your account was closed on .+ IST\\. Paid orders and their GST invoices are kept 8 years .+ If this was not you, call or WhatsApp .+ at once\\.$`,
      ),
    );
    expect(nonGsm7(sms!.text)).toEqual([]);
    expect(smsParts(sms!.text)).toBe(2);
    const confirmation = await database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.message}->>'to' in (${details.email}, ${details.mobile})`);
    expect(confirmation.map((message) => message.sentAt)).toEqual([
      expect.any(Date),
      expect.any(Date),
    ]);
    for (const { message } of confirmation) {
      expect(Object.keys(message).sort()).toEqual(
        message.channel === 'sms'
          ? ['channel', 'smsTemplate', 'text', 'to']
          : ['channel', 'subject', 'text', 'to'],
      );
    }

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
    expect(refused.json().message).toContain('Contact us if you need help with an order.');
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

  it("erases the account's messages in the outbox: one waiting for a retry reaches no one", async () => {
    const { app, database } = ctx();
    const buyer = await signedIn(app, { name: 'Meera Iyer', state: 'Karnataka' });
    const other = await signedIn(app, { name: 'Ravi Kumar', state: 'Kerala' });
    const order = await checkOut(buyer.client, ['9876598765']);
    await checkOut(other.client, ['9812341234']);
    const admin = await staffMember(app, 'admin');
    const paid = await admin.client.post(api(`/admin/orders/${order.id}/payments`), {
      reference: '412345678901',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const following = (userId: string) =>
      database.db
        .select()
        .from(outbox)
        .where(sql`${outbox.message}->>'followsAccount' = ${userId}`);
    const mine = await following(buyer.user.id);
    expect(mine.map((row) => row.message.to)).toContain(buyer.user.email);
    // The payment's e-mail did not go (the mail server was down): due again in a minute.
    const waiting = mine.find((row) => row.message.to === buyer.user.email)!;
    await database.db
      .update(outbox)
      .set({ sentAt: null, attempts: 1, nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(eq(outbox.id, waiting.id));
    const othersBefore = (await following(other.user.id)).length;
    expect(othersBefore).toBeGreaterThan(0);

    await database.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
    const closed = await buyer.client.post(api('/user/close'), { confirm: 'CLOSE' });
    expect(closed.statusCode, closed.body).toBe(200);

    expect(await following(buyer.user.id)).toEqual([]);
    expect(await following(other.user.id)).toHaveLength(othersBefore);
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
    expect((await sentTo(database, buyer.user.email))[0]!.text).toMatch(
      /account was closed on .+ IST, by our team, as you asked\./,
    );
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

/**
 * An order made (or paid for) and the account closed at the same moment (decision 0063): the
 * one that locks the account's row first wins, the other waits for it and then answers as if
 * they had come one after the other. Another connection holds a row that the first needs
 * after it has locked and read the account, so the second starts while the first is under way.
 */
describeEachDatabase('closing an account while the buyer orders', (ctx) => {
  const { id, checkOut } = withSalesInventory(ctx);
  type Answer = Awaited<ReturnType<SessionClient['post']>>;

  /**
   * `first` runs until it waits for the rows `held` locks; then `second` runs until it waits
   * too (for `first`); then the rows are let go. Both answers, once both have answered.
   */
  async function race(
    held: [statement: string, params: unknown[]],
    first: () => Promise<Answer>,
    second: () => Promise<Answer>,
  ) {
    const { database } = ctx();
    const both = await whileRowsHeld(database, ...held, async () => {
      const one = first();
      await untilWaitingOnLocks(database, 1, one);
      const two = second();
      await untilWaitingOnLocks(database, 2, two);
      return [one, two] as const;
    });
    return Promise.all(both);
  }

  const closedAt = async (userId: string) =>
    (await ctx().database.db.select().from(users).where(eq(users.id, userId)))[0]!.closedAt;
  const close = (buyer: SessionClient) => () =>
    buyer.post(api('/user/close'), { confirm: 'CLOSE' });
  const numberRow = (numberId: number): [string, unknown[]] => [
    'select 1 from numbers where id = $1 for update',
    [numberId],
  ];

  it('a close begun during a Buy now waits for it, then answers 409 naming the new order', async () => {
    const { app, database } = ctx();
    const buyer = await signedIn(app, { state: 'Karnataka' });
    const numberId = id('9811223344');
    // The checkout has locked and read the account, then waits for the number's row.
    const [ordered, refused] = await race(
      numberRow(numberId),
      () => buyer.client.post(api('/cart/checkout'), { numberId }),
      close(buyer.client),
    );

    expect(ordered.statusCode, ordered.body).toBe(201);
    const order = ordered.json().data.order;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_HAS_OPEN_ORDERS',
      openOrders: [order.reference],
    });
    expect(refused.json().message).toContain(`${order.reference} (Awaiting payment)`);
    expect(await closedAt(buyer.user.id)).toBeNull();
    expect(await numberState(database, numberId)).toMatchObject({
      status: 'reserved',
      orderId: order.id,
    });
    expect((await buyer.client.get(api('/user/profile'))).statusCode).toBe(200);
  });

  it.each([
    { way: 'a checkout of the cart', path: () => '/cart/checkout' },
    { way: 'Try again on a lapsed order', path: (lapsed: string) => `/orders/${lapsed}/retry` },
  ])(
    '$way begun while the account closes waits for it, then answers 401 and holds nothing',
    async ({ path }) => {
      const { app, database } = ctx();
      const buyer = await signedIn(app, { state: 'Karnataka' });
      // A lapsed order to try again (past its cool-down, swept), and the same number in the cart.
      const lapsed = await checkOut(buyer.client, ['9876598765']);
      await lapseHold(database, lapsed.id, 31);
      await app.services.orders.sweepExpiredHolds();
      // The close has locked the account, then waits to erase its address.
      const [closed, refused] = await race(
        ['select 1 from addresses where user_id = $1 for update', [buyer.user.id]],
        close(buyer.client),
        () => buyer.client.post(api(path(lapsed.id))),
      );

      expect(closed.statusCode, closed.body).toBe(200);
      expect(refused.statusCode, refused.body).toBe(401);
      expect(refused.json().message).toBe('Your account could not be found. Please sign in again.');
      expect(await closedAt(buyer.user.id)).not.toBeNull();
      const made = await database.db.select().from(orders).where(eq(orders.userId, buyer.user.id));
      expect(made.map((order) => order.id)).toEqual([lapsed.id]);
      expect(await numberState(database, id('9876598765'))).toMatchObject({
        status: 'available',
        orderId: null,
      });
    },
  );

  it('a close begun while "I have paid" is recorded at the hold\'s last moment waits, then answers 409', async () => {
    const { app, database } = ctx();
    const buyer = await signedIn(app, { state: 'Karnataka' });
    const order = await checkOut(buyer.client, ['9811223344']);
    // The hold ends in a second: live when the payment is checked, over when the close looks.
    await moveHoldEnd(database, order.id, 1 / 60);
    // The submission has locked the account and the order, then waits to extend the hold.
    const [paid, refused] = await race(
      numberRow(id('9811223344')),
      () =>
        buyer.client.post(api(`/orders/${order.id}/payment-submission`), { utr: '412345678901' }),
      async () => {
        await sleep(1_100);
        return close(buyer.client)();
      },
    );

    expect(paid.statusCode, paid.body).toBe(200);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_HAS_OPEN_ORDERS',
      openOrders: [order.reference],
    });
    expect(await closedAt(buyer.user.id)).toBeNull();
    const [kept] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept!.billing).toMatchObject({ email: buyer.user.email });
  });
});
