import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import { salesInventory, signedIn, staffMember } from '../../test-support/sales';
import { api, newCustomer } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';
import { rejectUnstorableText } from './reject-unstorable-text';

const NUL = '\u0000';

describeEachDatabase('text PostgreSQL cannot store, in any field', (ctx) => {
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

  // A lone surrogate is refused by jsonb: these fields reached one (otp payload, billing, audit).
  it('refuses a lone UTF-16 surrogate the same way, in the body, query and path', async () => {
    const { app } = ctx();
    const ids = await insertTestNumbers(app, salesInventory);
    const buyer = await signedIn(app);
    await buyer.client.post(api(`/cart/add/${ids.get('9876598765')}`));
    const surrogate = {
      success: false,
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining(
        'must not contain a lone UTF-16 surrogate (\\uD800 to \\uDFFF unpaired)',
      ),
    };
    const register = await app.inject({
      method: 'POST',
      url: api('/auth/register'),
      payload: newCustomer({ name: 'Lone \ud800 Surrogate' }),
    });
    expect(register.statusCode, register.body).toBe(400);
    expect(register.json()).toMatchObject({
      ...surrogate,
      message: expect.stringMatching(/^Invalid body: name: must not contain a lone/),
    });
    const checkout = await buyer.client.post(api('/cart/checkout'), {
      billing: {
        name: 'Asha Verma',
        line1: '4 FC Road \udc00',
        city: 'Pune',
        state: 'Maharashtra',
        pinCode: '411005',
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(400);
    expect(checkout.json().message).toMatch(
      /^Invalid body: billing\.line1: must not contain a lone/,
    );
    // A key of a body no schema reads, and a pair (one character) is fine.
    const logout = await buyer.client.post(api('/auth/logout'), { 'x\ud83d': 1 });
    expect(logout.json()).toMatchObject(surrogate);
    expect((await buyer.client.post(api('/auth/logout'), { x: '😀' })).statusCode).toBe(200);
    // The query string and path parameters are checked too. A URL's decoding turns a lone
    // surrogate into U+FFFD, so they are planted here as a custom parser could leave them.
    const bare = Fastify();
    await bare.register(rejectUnstorableText);
    bare.addHook('preValidation', async (request) => {
      if (request.headers['x-plant'] === 'query') request.query = { q: '\ud800' };
      if (request.headers['x-plant'] === 'params') request.params = { word: 'b\udfff' };
    });
    bare.get('/api/v1/echo/:word', async () => ({ ok: true }));
    const planted = (part: string) =>
      bare.inject({ method: 'GET', url: '/api/v1/echo/a', headers: { 'x-plant': part } });
    expect((await planted('none')).statusCode).toBe(200);
    const query = await planted('query');
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/^Invalid query parameter: q: must not contain a lone/);
    const params = await planted('params');
    expect(params.statusCode).toBe(400);
    expect(params.json().message).toMatch(/^Invalid params: word: must not contain a lone/);
    await bare.close();
  });

  it('refuses a body nested deeper than 64 levels with 400, unauthenticated routes too', async () => {
    const { app } = ctx();
    const deep = (levels: number) => `{"x":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: api('/auth/logout'),
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const tooDeep = await send(deep(10_000));
    expect(tooDeep.statusCode, tooDeep.body).toBe(400);
    expect(tooDeep.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body: x: must not be nested deeper than 64 levels',
    });
    // 63 arrays inside the body's object: 64 levels, the most a body may have.
    expect((await send(deep(63))).statusCode).toBe(200);
    expect((await send(deep(64))).statusCode).toBe(400);
  });

  it("never fails a checkout: the campaign attribution's values are cleaned instead", async () => {
    const { app, database } = ctx();
    const ids = await insertTestNumbers(app, salesInventory);
    const { client } = await signedIn(app);
    await client.post(api(`/cart/add/${ids.get('9876598765')}`));
    const res = await client.post(api('/cart/checkout'), {
      attribution: {
        gclid: `abc${NUL}`,
        utm_source: `goo${NUL}gle\ud800`,
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
