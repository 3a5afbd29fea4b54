import { expect, it } from 'vitest';
import { withSalesInventory } from '../../test-support/sales';
import { api, registerCustomer } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';
import { signAccessToken, verifyAccessToken } from './access-token';
import { sessionKeys } from './session-keys';

/**
 * A buyer whose access token lapsed while the page stayed open (the cookie outlives the token:
 * sessions.test.ts): the calls guests share must not serve them as a guest.
 */
describeEachDatabase('a lapsed access token on the calls guests share', (ctx) => {
  const { id } = withSalesInventory(ctx);

  it("adds to the account's cart after the access token lapsed: 401, refresh, add; a guest once the session ended", async () => {
    const { app, config } = ctx();
    const { client, user } = await registerCustomer(app);
    const key = sessionKeys(config).accessToken;
    const { sessionId } = verifyAccessToken(client.cookie('access_token')!, key)!;
    // The cookie outlives its token (sessions.test.ts), so the browser still sends it expired.
    const lapse = () => {
      const session = { id: user.id, role: 'customer' as const, sessionId };
      const { token } = signAccessToken(session, key, 60, new Date(Date.now() - 120_000));
      client.cookies.set('access_token', { value: token, path: '/api' });
    };
    const sharedCalls = [
      ['/cart/add/' + id('9876598765')],
      ['/cart/add-pack', { numberIds: [id('9876598765'), id('7070700852')] }],
      ['/cart/validate'],
      [`/numbers/${id('9876598765')}/notify-me`],
    ] as const;

    lapse();
    for (const [url, payload] of sharedCalls) {
      const res = await client.post(api(url), payload);
      expect(res.statusCode, url).toBe(401);
    }
    expect((await client.post(api('/auth/refresh-token'))).statusCode).toBe(200);
    const added = await client.post(api(`/cart/add/${id('9876598765')}`));
    expect(added.json()).toMatchObject({ message: 'Item added to cart' });
    expect((await client.get(api('/cart'))).json().data.productIds).toEqual([id('9876598765')]);

    // Signed out on another device: the refresh is refused and clears the cookies, so this
    // browser goes on as a guest instead of being answered 401 again and again.
    lapse();
    await app.inject({
      method: 'POST',
      url: api('/auth/logout'),
      cookies: { refresh_token: client.cookie('refresh_token')! },
    });
    expect((await client.post(api(`/cart/add/${id('7070700852')}`))).statusCode).toBe(401);
    expect((await client.post(api('/auth/refresh-token'))).statusCode).toBe(401);
    expect(client.cookie('access_token')).toBeUndefined();
    const asGuest = await client.post(api(`/cart/add/${id('7070700852')}`));
    expect(asGuest.statusCode).toBe(200);
    expect(asGuest.json().data).toEqual({
      product: expect.objectContaining({ number: '7070700852' }),
    });
  });
});
