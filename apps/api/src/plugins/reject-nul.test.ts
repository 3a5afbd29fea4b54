import { expect, it } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import { salesInventory, signedIn, staffMember } from '../../test-support/sales';
import { api, newCustomer } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const NUL = '\u0000';

describeEachDatabase('the NUL character in any text field', (ctx) => {
  // An e-mail address with a NUL is no e-mail address: its own rule speaks first.
  const refusedFor = (field: string) => ({
    success: false,
    code: 'VALIDATION_ERROR',
    message: expect.stringContaining(
      field === 'email'
        ? 'email: Enter a valid e-mail address.'
        : `${field}: must not contain the NUL character (\\u0000)`,
    ),
  });

  it('is refused with 400 naming the field, on the routes that stored text', async () => {
    const { app } = ctx();
    const ids = await insertTestNumbers(app, salesInventory);
    const buyer = await signedIn(app);
    const staff = await staffMember(app);
    await buyer.client.post(api(`/cart/add/${ids.get('9876598765')}`));
    const order = (await buyer.client.post(api('/cart/checkout'))).json().data.order;

    const cases: Array<[string, () => ReturnType<typeof buyer.client.post>]> = [
      [
        'name',
        () =>
          app.inject({
            method: 'POST',
            url: api('/auth/register'),
            payload: newCustomer({ name: `Asha${NUL}` }),
          }),
      ],
      [
        'contact',
        () =>
          app.inject({
            method: 'POST',
            url: api('/auth/login'),
            payload: { contact: `a${NUL}@example.com`, password: 'x' },
          }),
      ],
      [
        'password',
        () =>
          app.inject({
            method: 'POST',
            url: api('/auth/login'),
            payload: { contact: 'a@example.com', password: `x${NUL}` },
          }),
      ],
      [
        'email',
        () =>
          app.inject({
            method: 'POST',
            url: api('/auth/sign-in'),
            payload: { email: `a${NUL}@example.com` },
          }),
      ],
      [
        'message',
        () =>
          app.inject({
            method: 'POST',
            url: api('/enquiries'),
            payload: {
              name: 'Asha Verma',
              mobile: '9876512345',
              email: 'asha@example.com',
              topic: 'general',
              message: `Hello${NUL} there, I want a number`,
            },
          }),
      ],
      [
        'name',
        () =>
          buyer.client.request({
            method: 'PATCH',
            url: api('/user/profile'),
            payload: { name: `Asha${NUL}` },
          }),
      ],
      [
        'line1',
        () =>
          buyer.client.request({
            method: 'PUT',
            url: api('/user/address'),
            payload: {
              line1: `12 MG Road${NUL}`,
              city: 'Mumbai',
              state: 'Maharashtra',
              pinCode: '400001',
            },
          }),
      ],
      [
        'note',
        () =>
          staff.client.post(api(`/admin/orders/${order.id}/events`), {
            status: 'cancelled',
            note: `No${NUL}`,
          }),
      ],
      ['to', () => app.inject({ method: 'GET', url: api('/dev/outbox?to=9876512345%00') })],
      ['itemId', () => buyer.client.request({ method: 'DELETE', url: api('/cart/item/1%00') })],
    ];
    for (const [field, send] of cases) {
      const res = await send();
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json(), field).toMatchObject(refusedFor(field));
    }
  });

  it("never fails a checkout: the campaign attribution's values are cleaned instead", async () => {
    const { app, database } = ctx();
    const ids = await insertTestNumbers(app, salesInventory);
    const { client } = await signedIn(app);
    await client.post(api(`/cart/add/${ids.get('9876598765')}`));
    const res = await client.post(api('/cart/checkout'), {
      attribution: {
        gclid: `abc${NUL}`,
        utm_source: `goo${NUL}gle`,
        utm_campaign: NUL,
        landing_page: `/?utm_source=goo${NUL}gle`,
        timestamp: `2026-01-01T00:00:00Z${NUL}`,
        expires_at: Date.now() + 86_400_000,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await database.query<{ attribution: Record<string, unknown> }>(
      'select attribution from orders',
    );
    expect(row!.attribution).toMatchObject({
      gclid: 'abc',
      utm_source: 'google',
      landing_page: '/?utm_source=google',
      timestamp: '2026-01-01T00:00:00Z',
    });
    expect(row!.attribution).not.toHaveProperty('utm_campaign');
  });
});
