import { indiaDay, PRIVACY_POLICY_VERSION } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { setPrice, signedIn, staffMember, withSalesInventory } from '../../test-support/sales';
import { api, registerCustomer, SessionClient } from '../../test-support/session-client';
import { expectNoSecret, secretsOf } from '../../test-support/account-secrets';
import { describeEachDatabase } from '../../test-support/test-app';
import { auditLog, orders } from '../db/schema';
import { DATA_EXPORTS_PER_HOUR } from './data-export-schema';

describeEachDatabase('GET /user/data-export', (ctx) => {
  const { id, checkOut } = withSalesInventory(ctx);

  const sendEnquiry = (from: { name: string; email: string; mobile: string }, message: string) =>
    ctx().app.inject({
      method: 'POST',
      url: api('/enquiries'),
      payload: { ...from, topic: 'vip-number', message },
    });

  const download = (client: SessionClient) => client.get(api('/user/data-export'));

  it('answers every section of the buyer’s data as a file, and nothing of another buyer', async () => {
    const { app, database } = ctx();
    const { client, details, user } = await registerCustomer(app, { name: 'Asha Verma' });
    await client.request({
      method: 'PUT',
      url: api('/user/address'),
      payload: { line1: '7 Lake View', city: 'Pune', state: 'Maharashtra', pinCode: '411001' },
    });
    const order = await checkOut(client, ['9876598765']);
    const admin = await staffMember(app, 'admin');
    const paid = await admin.client.post(api(`/admin/orders/${order.id}/payments`), {
      reference: '412345678901',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(
      (await client.request({ method: 'PUT', url: api(`/favourites/${id('9811223344')}`) }))
        .statusCode,
    ).toBe(200);
    // Kept while on sale, then hidden: its price is not published any more.
    expect((await client.put(api(`/favourites/${id('9876543210')}`))).statusCode).toBe(200);
    await database.query(`update numbers set status = 'hidden' where id = $1`, [id('9876543210')]);
    expect(
      (await client.post(api('/saved-searches'), { name: 'Ending 786', query: 'q=786&match=end' }))
        .statusCode,
    ).toBe(201);
    const mine = { name: 'Asha Verma', email: details.email, mobile: details.mobile };
    expect((await sendEnquiry(mine, 'Do you have numbers ending 0786?')).statusCode).toBe(201);

    // Another buyer, with an order, a favourite and an enquiry of their own.
    const other = await signedIn(app, { name: 'Ravi Other', state: 'Karnataka' });
    await checkOut(other.client, ['9812341234']);
    await other.client.request({ method: 'PUT', url: api(`/favourites/${id('9811223344')}`) });
    await sendEnquiry(
      { name: 'Ravi Other', email: other.user.email, mobile: other.user.mobile },
      'Their own question about 9812341234.',
    );
    // Someone else typing only this buyer's e-mail is not the buyer's enquiry.
    await sendEnquiry(
      { name: 'A Stranger', email: details.email, mobile: '9123456780' },
      'A stranger wrote this.',
    );

    const res = await download(client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toContain('application/json');
    const today = indiaDay();
    expect(res.headers['content-disposition']).toBe(`attachment; filename="my-data-${today}.json"`);

    const file = res.json();
    expect(Object.keys(file.about)).toEqual(
      expect.arrayContaining([
        'profile',
        'address',
        'consents',
        'orders',
        'enquiries',
        'favourites',
        'savedSearches',
        'notifyMe',
        'sessions',
      ]),
    );
    expect(file.privacyPolicyVersion).toBe(PRIVACY_POLICY_VERSION);
    expect(Date.parse(file.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(file.profile).toMatchObject({
      name: 'Asha Verma',
      email: details.email,
      mobile: details.mobile,
      accountType: 'Individual',
      gstinNo: null,
      companyName: null,
      whatsappUpdates: true,
    });
    expect(file.address).toMatchObject({ line1: '7 Lake View', city: 'Pune', pinCode: '411001' });
    expect(file.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'terms',
          given: true,
          source: 'registration',
          policyVersion: PRIVACY_POLICY_VERSION,
        }),
        expect.objectContaining({ kind: 'whatsapp_updates', given: true }),
        expect.objectContaining({ kind: 'price_alerts', given: true }),
      ]),
    );

    expect(file.orders).toHaveLength(1);
    const [placed] = file.orders;
    expect(placed).toMatchObject({
      reference: order.reference,
      status: 'paid',
      numbers: [expect.objectContaining({ number: '9876598765', portingStatus: 'awaiting_upc' })],
      billing: expect.objectContaining({ name: 'Asha Verma', email: details.email }),
      payments: [
        expect.objectContaining({
          method: 'manual',
          status: 'confirmed',
          reference: '412345678901',
        }),
      ],
      refunds: [],
      taxDocuments: [expect.objectContaining({ kind: 'invoice' })],
    });
    expect(placed.paidAt).not.toBeNull();
    expect(placed.taxDocuments[0].serial).toMatch(/^INV\//);
    // Money as rupees text and as paise, the same amount.
    const total = placed.amounts.total;
    expect(total.rupees).toBe(
      `${Math.floor(total.paise / 100)}.${String(total.paise % 100).padStart(2, '0')}`,
    );
    const [stored] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(total.paise).toBe(stored!.totalAmount);
    expect(placed.payments[0].amount).toEqual(total);

    expect(file.enquiries).toEqual([
      expect.objectContaining({
        message: 'Do you have numbers ending 0786?',
        topic: 'vip-number',
        status: 'new',
        replies: [],
      }),
    ]);
    expect(file.favourites).toEqual([
      expect.objectContaining({
        number: '9811223344',
        toldPrice: { rupees: '5000.00', paise: 500_000 },
      }),
      expect.objectContaining({ number: '9876543210', toldPrice: null }),
    ]);
    expect(file.savedSearches).toEqual([
      expect.objectContaining({ name: 'Ending 786', query: 'q=786&match=end' }),
    ]);
    expect(file.sessions).toHaveLength(1);
    expect(file.sessions[0]).toEqual({
      signedInAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
    });

    // Nothing of the other buyer, and not the stranger's enquiry.
    for (const theirs of [
      other.user.email,
      other.user.mobile,
      'Ravi Other',
      '9812341234',
      'A Stranger',
    ]) {
      expect(res.body).not.toContain(theirs);
    }

    // Recorded in the audit log as the buyer's own action, with nothing personal in it.
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.data_export'), eq(auditLog.entityId, user.id)));
    expect(entry).toMatchObject({ actorId: user.id, entityType: 'user', after: null });
  });

  it('gives a cart item the price it was added at and, once changed, the price the cart shows', async () => {
    const { client } = await signedIn(ctx().app);
    await client.post(api(`/cart/add/${id('9812341234')}`));
    await client.post(api(`/cart/add/${id('9876598765')}`));
    await setPrice(ctx().app, id('9812341234'), 18_500);
    await client.post(api('/cart/validate'));

    const { cart } = (await download(client)).json();
    expect(cart).toHaveLength(2);
    expect(cart).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          number: '9812341234',
          priceWhenAdded: { rupees: '20000.00', paise: 2_000_000 },
          priceChangedTo: { rupees: '18500.00', paise: 1_850_000 },
        }),
        expect.objectContaining({ number: '9876598765', priceChangedTo: null }),
      ]),
    );
  });

  it('carries no secret: no password hash, token hash, code or code hash', async () => {
    const { app } = ctx();
    const { client, details, user } = await registerCustomer(app);
    // A second device signs in: one more session.
    const second = new SessionClient(app);
    await second.post(api('/auth/login'), { contact: details.email, password: details.password });

    const res = await download(client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessions).toHaveLength(2);

    const secrets = await secretsOf(app, { id: user.id, ...details });
    expect(secrets.tokens).toBeGreaterThanOrEqual(2);
    expect(secrets.codes).toBeGreaterThanOrEqual(2);
    expectNoSecret(res.body, secrets.all);
  });

  it('answers 401 without a session', async () => {
    const res = await new SessionClient(ctx().app).get(api('/user/data-export'));
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it(`answers 429 past ${DATA_EXPORTS_PER_HOUR} downloads an hour, for that account only`, async () => {
    const { app } = ctx();
    const buyer = await signedIn(app);
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) {
      expect((await download(buyer.client)).statusCode).toBe(200);
    }
    const refused = await download(buyer.client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining(
        `You have downloaded your data ${DATA_EXPORTS_PER_HOUR} times in the last hour. Please try again in`,
      ),
    });
    const another = await signedIn(app);
    expect((await download(another.client)).statusCode).toBe(200);
  });
});
