import { expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { insertTestNumbers } from '../../test-support/numbers';
import { signedIn, staffMember } from '../../test-support/sales';
import { api, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

/** Ids Number() read as another number, or that are none: hex, exponent, leading zero, sign. */
const notIds = ['0x10', '1e3', '016', '0', '-1', '+5', '5.0', '%205', '5959.json', '2147483648'];

describeEachDatabase('a number id in a path', (ctx) => {
  it('is plain decimal digits with no leading zero, up to 2147483647, on every route naming one', async () => {
    const { app } = ctx();
    const ids = await insertTestNumbers(app, [{ number: '9876598765', basePrice: 50_000 }]);
    const id = ids.get('9876598765')!;
    const admin = await staffMember(app, 'admin');
    const buyer = await signedIn(app);
    const order = '00000000-0000-4000-8000-000000000001';
    const routes: [SessionClient, HTTPMethods, (id: string) => string, string][] = [
      [buyer.client, 'GET', (id) => `/numbers/${id}`, 'id'],
      [buyer.client, 'POST', (id) => `/cart/add/${id}`, 'productId'],
      [buyer.client, 'PUT', (id) => `/favourites/${id}`, 'id'],
      [buyer.client, 'DELETE', (id) => `/favourites/${id}`, 'id'],
      [buyer.client, 'POST', (id) => `/numbers/${id}/notify-me`, 'id'],
      [admin.client, 'PATCH', (id) => `/admin/numbers/${id}`, 'id'],
      [admin.client, 'POST', (id) => `/admin/numbers/${id}/hide`, 'id'],
      [admin.client, 'POST', (id) => `/admin/numbers/${id}/unhide`, 'id'],
      [admin.client, 'POST', (id) => `/admin/numbers/${id}/coming-soon`, 'id'],
      [admin.client, 'POST', (id) => `/admin/orders/${order}/numbers/${id}/porting`, 'numberId'],
    ];
    for (const [client, method, path, param] of routes) {
      for (const notId of notIds) {
        const res = await client.request({ method, url: api(path(notId)), payload: {} });
        const what = `${method} ${path(notId)}`;
        expect(res.statusCode, what).toBe(400);
        expect(res.json().message, what).toBe(
          `Invalid params: ${param}: must be a number's id (a whole number)`,
        );
      }
    }
    expect((await buyer.client.get(api(`/numbers/${id}`))).statusCode).toBe(200);
    expect((await buyer.client.post(api(`/cart/add/${id}`))).statusCode).toBe(200);
  });

  it('names a cart item by its number id only in those digits too', async () => {
    const { app } = ctx();
    const ids = await insertTestNumbers(app, [{ number: '9876598765', basePrice: 50_000 }]);
    const id = ids.get('9876598765')!;
    const buyer = await signedIn(app);
    await buyer.client.post(api(`/cart/add/${id}`));
    for (const notId of [`0${id}`, `${id}.0`, `+${id}`]) {
      expect((await buyer.client.delete(api(`/cart/item/${notId}`))).statusCode, notId).toBe(404);
    }
    const cart = await buyer.client.get(api('/cart'));
    expect(cart.json().data.items.map((item: { productId: number }) => item.productId)).toEqual([
      id,
    ]);
    expect((await buyer.client.delete(api(`/cart/item/${id}`))).statusCode).toBe(200);
  });
});
