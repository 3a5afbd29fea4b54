import { and, eq } from 'drizzle-orm';
import { indiaDay } from '@store/domain';
import { expect, it, vi } from 'vitest';
import { expectNoSecret, secretsOf } from '../../test-support/account-secrets';
import { signedIn, staffMember, withSalesInventory } from '../../test-support/sales';
import {
  api,
  registerCustomer,
  saveAddress,
  SessionClient,
} from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';
import { auditLog } from '../db/schema';
import { DATA_EXPORTS_PER_HOUR } from '../users/user-schemas';

describeEachDatabase("GET /admin/customers/{id}/data-export: a buyer's data for staff", (ctx) => {
  const { checkOut } = withSalesInventory(ctx);
  const reason = 'Letter of 28 Nov, ref 123';

  const download = (staff: SessionClient, customerId: string, query = `?reason=${reason}`) =>
    staff.get(api(`/admin/customers/${customerId}/data-export${query.replace(/ /g, '%20')}`));
  const entries = () =>
    ctx().database.db.select().from(auditLog).where(eq(auditLog.action, 'customer.data_export'));

  it("gives an administrator the buyer's own file, with their orders and no secret, and records why", async () => {
    const { app } = ctx();
    const { client, details, user } = await registerCustomer(app, { name: 'Kiran Post' });
    // A second device signed in: one more session, one more token hash not to show.
    await new SessionClient(app).post(api('/auth/login'), {
      contact: details.email,
      password: details.password,
    });
    await saveAddress(client);
    const order = await checkOut(client, ['9876598765']);
    const admin = await staffMember(app, 'admin');
    const paid = await admin.client.post(api(`/admin/orders/${order.id}/payments`), {
      reference: '412345678902',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const res = await download(admin.client, user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toContain('application/json');
    const today = indiaDay();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="data-${user.id}-${today}.json"`,
    );
    const file = res.json();
    // The same file as the buyer's own download (the same builder).
    const own = (await client.get(api('/user/data-export'))).json();
    expect({ ...file, generatedAt: null }).toEqual({ ...own, generatedAt: null });
    expect(file.profile).toMatchObject({ name: 'Kiran Post', email: details.email });
    expect(file.orders).toEqual([
      expect.objectContaining({
        reference: order.reference,
        status: 'paid',
        payments: [expect.objectContaining({ reference: '412345678902' })],
      }),
    ]);
    expect(file.sessions).toHaveLength(2);
    const secrets = await secretsOf(app, { id: user.id, ...details });
    expect(secrets.tokens).toBeGreaterThanOrEqual(2);
    expectNoSecret(res.body, secrets.all);
    expect(res.body).not.toContain(admin.user.email);

    // Recorded: who, whose account, why; nothing personal.
    expect(await entries()).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        entityType: 'user',
        entityId: user.id,
        note: reason,
        before: null,
        after: null,
      }),
    ]);
    // It shows on the customer view's audit entries.
    const view = (await admin.client.get(api(`/admin/customers/${user.id}`))).json().data;
    expect(view.auditEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'customer.data_export', note: reason }),
      ]),
    );
  });

  it('refuses support (403), a missing or short reason (400), a closed, staff or unknown account (404); records nothing', async () => {
    const { app } = ctx();
    const buyer = await signedIn(app, { name: 'Dev Phone' });
    const support = await staffMember(app);
    const admin = await staffMember(app, 'admin');

    const bySupport = await download(support.client, buyer.user.id);
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().message).toBe('This is for administrators only.');
    expect(bySupport.headers['content-disposition']).toBeUndefined();

    for (const [query, message] of [
      ['', 'Say which request of the buyer this answers (for example, Letter of 28 Nov, ref 123).'],
      ['?reason=', 'Say which request of the buyer this answers (at least 5 characters).'],
      [
        '?reason=%20%20ok%20%20',
        'Say which request of the buyer this answers (at least 5 characters).',
      ],
    ] as const) {
      const refused = await download(admin.client, buyer.user.id, query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().message, query).toBe(`Invalid query parameter: reason: ${message}`);
    }

    const notThere =
      'No open customer account was found: a closed account’s personal data was erased when it closed.';
    const closed = await admin.client.post(api(`/admin/customers/${buyer.user.id}/close`), {
      reason: 'Asked by post on 28 Nov',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const id of [buyer.user.id, support.user.id, '00000000-0000-4000-8000-000000000000']) {
      const missing = await download(admin.client, id);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().message).toBe(notThere);
    }
    expect(await entries()).toEqual([]);
  });

  it(`answers 429 past ${DATA_EXPORTS_PER_HOUR} downloads an hour by one member; the buyer's own downloads are counted apart`, async () => {
    const { app } = ctx();
    const buyer = await signedIn(app);
    const admin = await staffMember(app, 'admin');
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) {
      expect((await download(admin.client, buyer.user.id)).statusCode).toBe(200);
    }
    const refused = await download(admin.client, buyer.user.id);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining(
        `You have downloaded buyers' data ${DATA_EXPORTS_PER_HOUR} times in the last hour. Please try again in`,
      ),
    });
    expect((await buyer.client.get(api('/user/data-export'))).statusCode).toBe(200);
    const another = await signedIn(app, { role: 'admin', name: 'Another Admin' });
    expect((await download(another.client, buyer.user.id)).statusCode).toBe(200);
    expect(
      await ctx()
        .database.db.select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'customer.data_export'), eq(auditLog.entityId, buyer.user.id)),
        ),
    ).toHaveLength(DATA_EXPORTS_PER_HOUR + 1);
  });
  it("names both downloads with India's day: at 01:01 IST on 1 Dec, not UTC's 30 Nov", async () => {
    const { app } = ctx();
    const { client, user } = await registerCustomer(app, { name: 'Bina Rao' });
    const admin = await staffMember(app, 'admin');
    const { dataExport } = app.services;
    const at = (real: Awaited<ReturnType<typeof dataExport.own>>) => ({
      ...real,
      generatedAt: '2026-11-30T19:31:00.000Z',
    });
    const forBuyer = dataExport.forBuyer.bind(dataExport);
    const own = dataExport.own.bind(dataExport);
    vi.spyOn(dataExport, 'forBuyer').mockImplementation(async (...args) =>
      at(await forBuyer(...args)),
    );
    vi.spyOn(dataExport, 'own').mockImplementation(async (...args) => at(await own(...args)));
    try {
      const staffFile = await download(admin.client, user.id);
      expect(staffFile.headers['content-disposition']).toBe(
        `attachment; filename="data-${user.id}-2026-12-01.json"`,
      );
      const ownFile = await client.get(api('/user/data-export'));
      expect(ownFile.headers['content-disposition']).toBe(
        'attachment; filename="my-data-2026-12-01.json"',
      );
    } finally {
      vi.restoreAllMocks();
    }
  });
});
