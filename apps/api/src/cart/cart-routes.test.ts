import { priceCart } from '@store/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { numbers } from '../db/schema';
import { setPrice, signedIn, withSalesInventory } from '../../test-support/sales';
import { api, registerCustomer } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'cart calls',
  (ctx) => {
    const { id } = withSalesInventory(ctx);
    const guest = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) =>
      ctx().app.inject({ method, url: api(url), ...(payload ? { payload } : {}) });

    it('gives a guest the product of an available number, and refuses gone or unknown ones', async () => {
      const res = await guest('POST', `/cart/add/${id('9876598765')}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          product: expect.objectContaining({
            id: id('9876598765'),
            number: '9876598765',
            display: '98765 98765',
            category: { slug: 'mirror-numbers', name: 'Mirror Numbers' },
            pricing: { nwFinalPrice: 50_000, nwBasePrice: 50_000, discountPercent: 0 },
          }),
        },
      });
      for (const gone of ['9898701234', '9512120345']) {
        const refused = await guest('POST', `/cart/add/${id(gone)}`);
        expect(refused.statusCode, gone).toBe(409);
        expect(refused.json()).toMatchObject({
          success: false,
          code: 'NUMBER_UNAVAILABLE',
          message: expect.stringContaining('no longer available'),
        });
      }
      expect((await guest('POST', '/cart/add/999999')).statusCode).toBe(404);
      expect((await guest('POST', '/cart/add/abc')).statusCode).toBe(400);
    });

    it('answers 401 (not a guest answer) to a stale access cookie, so the client refreshes', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: api(`/cart/add/${id('9876598765')}`),
        cookies: { access_token: 'expired.token' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('keeps the signed-in calls for signed-in buyers', async () => {
      for (const [method, url] of [
        ['GET', '/cart'],
        ['DELETE', '/cart'],
        ['DELETE', '/cart/item/1'],
        ['POST', '/cart/sync'],
        ['PUT', '/cart/tds'],
      ] as const) {
        const res = await guest(
          method,
          url,
          method === 'POST' || method === 'PUT' ? {} : undefined,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
      const checkout = await guest('POST', '/cart/checkout');
      expect(checkout.statusCode).toBe(401);
      expect(checkout.json()).toMatchObject({
        success: false,
        message: 'Please log in to checkout',
      });
    });

    it('answers an empty cart with the spec fields', async () => {
      const { client } = await signedIn(ctx().app);
      const res = await client.get(api('/cart'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          items: [],
          productIds: [],
          subtotal: 0,
          tdsPercent: 0,
          tdsDeducted: 0,
          taxable: 0,
          taxPercent: 18,
          gst: { cgst: 9, sgst: 9, igst: 0 },
          placeOfSupply: ctx().config.STORE_STATE,
          taxAmount: 0,
          cgstAmount: 0,
          sgstAmount: 0,
          igstAmount: 0,
          totalAmount: 0,
          tdsRates: [],
          openOrder: null,
        },
      });
    });

    it('adds to the server cart, prices it like the guest cart, and refuses duplicates', async () => {
      const { client } = await signedIn(ctx().app);
      const first = await client.post(api(`/cart/add/${id('9876598765')}`));
      expect(first.statusCode).toBe(200);
      expect(first.json().message).toBe('Item added to cart');
      expect(first.json().data.product.id).toBe(id('9876598765'));
      const second = await client.post(api(`/cart/add/${id('7070700852')}`));
      const cart = second.json().data;
      expect(cart.items).toHaveLength(2);
      expect(cart.items[1]).toEqual({
        id: expect.any(String),
        productId: id('7070700852'),
        product: expect.objectContaining({ number: '7070700852' }),
        priceAtAdd: 20_000,
        currentPrice: 20_000,
        available: true,
        addedAt: expect.any(String),
      });
      const expected = priceCart([{ priceAtAdd: 50_000 }, { priceAtAdd: 20_000 }]);
      expect(cart).toMatchObject({
        productIds: [id('9876598765'), id('7070700852')],
        subtotal: expected.subtotal,
        taxAmount: expected.taxAmount,
        cgstAmount: expected.cgstAmount,
        sgstAmount: expected.sgstAmount,
        totalAmount: expected.totalAmount,
        gst: { cgst: 9, sgst: 9 },
        taxPercent: 18,
        tdsPercent: 0,
      });
      expect(cart.totalAmount).toBe(82_600);

      const again = await client.post(api(`/cart/add/${id('9876598765')}`));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: 'Product already in cart',
        code: 'ALREADY_IN_CART',
      });
      const sold = await client.post(api(`/cart/add/${id('9898701234')}`));
      expect(sold.statusCode).toBe(409);
      expect(sold.json().message).toContain('no longer available');
      expect((await client.get(api('/cart'))).json().data.items).toHaveLength(2);
    });

    it('removes items from the own cart only, by item id or number id, and empties it', async () => {
      const a = await signedIn(ctx().app);
      const b = await signedIn(ctx().app);
      await a.client.post(api(`/cart/add/${id('9876598765')}`));
      const added = await a.client.post(api(`/cart/add/${id('9812341234')}`));
      const [first, second] = added.json().data.items;

      const foreign = await b.client.request({
        method: 'DELETE',
        url: api(`/cart/item/${first.id}`),
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ message: 'Item not found in cart' });
      expect((await a.client.get(api('/cart'))).json().data.items).toHaveLength(2);

      const removed = await a.client.request({
        method: 'DELETE',
        url: api(`/cart/item/${first.id}`),
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().message).toBe('Item removed from cart');
      expect(removed.json().data.productIds).toEqual([second.productId]);
      const twice = await a.client.request({
        method: 'DELETE',
        url: api(`/cart/item/${first.id}`),
      });
      expect(twice.statusCode).toBe(404);
      const byNumber = await a.client.request({
        method: 'DELETE',
        url: api(`/cart/item/${second.productId}`),
      });
      expect(byNumber.statusCode).toBe(200);
      expect(byNumber.json().data.items).toEqual([]);
      expect(
        (await a.client.request({ method: 'DELETE', url: api('/cart/item/nonsense') })).statusCode,
      ).toBe(404);

      await a.client.post(api(`/cart/add/${id('9876598765')}`));
      await b.client.post(api(`/cart/add/${id('9876598765')}`));
      const emptied = await a.client.request({ method: 'DELETE', url: api('/cart') });
      expect(emptied.statusCode).toBe(200);
      expect(emptied.json().data.items).toEqual([]);
      expect((await b.client.get(api('/cart'))).json().data.items).toHaveLength(1);
    });

    it('syncs a guest cart given as full products and bare ids, dropping numbers that are gone', async () => {
      const { client } = await signedIn(ctx().app);
      await client.post(api(`/cart/add/${id('9876598765')}`));
      const product = (await guest('POST', `/cart/add/${id('7070700852')}`)).json().data.product;
      const res = await client.post(api('/cart/sync'), {
        items: [
          { id: 'local-1', product, priceAtAdd: 20_000, addedAt: '2026-01-01T00:00:00Z' },
          { product: id('9812341234'), priceAtAdd: 15_000 },
          { product: String(id('9811223344')), priceAtAdd: 5_000 },
          { product: { id: id('9898701234') }, priceAtAdd: 9_000 },
          { product: id('9876598765'), priceAtAdd: 50_000 },
          { product: 999_999, priceAtAdd: 1 },
        ],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe(
        'Your cart has been synced with your account. 2 numbers are no longer available and were removed.',
      );
      expect(body.data.productIds).toEqual(
        expect.arrayContaining([
          id('9876598765'),
          id('7070700852'),
          id('9812341234'),
          id('9811223344'),
        ]),
      );
      expect(body.data.items).toHaveLength(4);
      // The server keeps its own price, never the client's.
      const semiMirror = body.data.items.find(
        (i: { productId: number }) => i.productId === id('9812341234'),
      );
      expect(semiMirror.priceAtAdd).toBe(20_000);
      expect(body.data.dropped).toEqual([
        { productId: id('9898701234'), reason: 'unavailable' },
        { productId: 999_999, reason: 'not_found' },
      ]);
      expect(body.data.validationResults).toEqual([
        {
          productId: id('7070700852'),
          valid: true,
          priceChanged: false,
          newPrice: null,
          reason: null,
        },
        {
          productId: id('9812341234'),
          valid: true,
          priceChanged: true,
          newPrice: 20_000,
          reason: null,
        },
        {
          productId: id('9811223344'),
          valid: true,
          priceChanged: false,
          newPrice: null,
          reason: null,
        },
        {
          productId: id('9898701234'),
          valid: false,
          priceChanged: false,
          newPrice: null,
          reason: 'unavailable',
        },
        {
          productId: id('9876598765'),
          valid: true,
          priceChanged: false,
          newPrice: null,
          reason: null,
        },
        {
          productId: 999_999,
          valid: false,
          priceChanged: false,
          newPrice: null,
          reason: 'not_found',
        },
      ]);

      const clean = await client.post(api('/cart/sync'), { items: [] });
      expect(clean.json().message).toBe('Your cart has been synced with your account');
      const bad = await client.post(api('/cart/sync'), { items: [{ product: { number: 'x' } }] });
      expect(bad.statusCode).toBe(400);
    });

    it('validates the signed-in cart, removing sold numbers and adopting new prices', async () => {
      const { client } = await signedIn(ctx().app);
      await client.post(api(`/cart/add/${id('9876598765')}`));
      await client.post(api(`/cart/add/${id('9812341234')}`));
      await client.post(api(`/cart/add/${id('9811223344')}`));
      await setPrice(ctx().app, id('9812341234'), 18_500);
      await ctx()
        .database.db.update(numbers)
        .set({ status: 'sold' })
        .where(eq(numbers.id, id('9811223344')));

      const before = (await client.get(api('/cart'))).json().data;
      expect(before.items.map((i: { available: boolean }) => i.available)).toEqual([
        true,
        true,
        false,
      ]);
      expect(before.items[1]).toMatchObject({ priceAtAdd: 20_000, currentPrice: 18_500 });

      const res = await client.post(api('/cart/validate'));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(
        'Some items in your cart are no longer available; they have been removed from your cart. Prices for some items in your cart have changed; your cart now holds the new prices.',
      );
      expect(res.json().data.validationResults).toEqual([
        {
          productId: id('9876598765'),
          valid: true,
          priceChanged: false,
          newPrice: null,
          reason: null,
        },
        {
          productId: id('9812341234'),
          valid: true,
          priceChanged: true,
          newPrice: 18_500,
          reason: null,
        },
        {
          productId: id('9811223344'),
          valid: false,
          priceChanged: false,
          newPrice: null,
          reason: 'unavailable',
        },
      ]);
      const cart = res.json().data.cart;
      expect(cart.productIds).toEqual([id('9876598765'), id('9812341234')]);
      expect(cart.subtotal).toBe(68_500);

      const again = await client.post(api('/cart/validate'), {});
      expect(again.json().message).toBe('All items in your cart are available');
      expect(again.json().data.validationResults.every((r: { valid: boolean }) => r.valid)).toBe(
        true,
      );
    });

    it("validates a guest's items without storing anything", async () => {
      const empty = await guest('POST', '/cart/validate');
      expect(empty.statusCode).toBe(200);
      expect(empty.json().data).toEqual({ validationResults: [] });
      const product = (await guest('POST', `/cart/add/${id('9876598765')}`)).json().data.product;
      await setPrice(ctx().app, id('9876598765'), 45_000);
      const res = await guest('POST', '/cart/validate', {
        items: [
          { product, priceAtAdd: 50_000 },
          { product: id('7070700852'), priceAtAdd: 20_000 },
          { product: { id: String(id('9898701234')) }, priceAtAdd: 9_000 },
        ],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(
        'Some items in your cart are no longer available. Prices for some items in your cart have changed',
      );
      expect(res.json().data.validationResults).toEqual([
        {
          productId: id('9876598765'),
          valid: true,
          priceChanged: true,
          newPrice: 45_000,
          reason: null,
        },
        {
          productId: id('7070700852'),
          valid: true,
          priceChanged: false,
          newPrice: null,
          reason: null,
        },
        {
          productId: id('9898701234'),
          valid: false,
          priceChanged: false,
          newPrice: null,
          reason: 'unavailable',
        },
      ]);
      expect(res.json().data.cart).toBeUndefined();
    });

    it('never tells the digits of a hidden or sold number, to a guest or at a sync', async () => {
      const gone = [id('9898701234'), id('9512120345')];
      const items = gone.map((product) => ({ product, priceAtAdd: 1 }));
      const checked = await guest('POST', '/cart/validate', { items });
      expect(checked.json().data.validationResults).toEqual(
        gone.map((productId) => ({
          productId,
          valid: false,
          priceChanged: false,
          newPrice: null,
          reason: 'unavailable',
        })),
      );
      const { client } = await signedIn(ctx().app);
      const synced = await client.post(api('/cart/sync'), { items });
      expect(synced.json().data.dropped).toEqual(
        gone.map((productId) => ({ productId, reason: 'unavailable' })),
      );
      for (const body of [checked.body, synced.body]) {
        expect(body).not.toContain('9898701234');
        expect(body).not.toContain('9512120345');
      }
    });

    it('lets a Corporate account choose an allowed TDS rate, and no one else', async () => {
      const corporate = await signedIn(ctx().app, { accountType: 'Corporate' });
      const initial = (await corporate.client.get(api('/cart'))).json().data;
      expect(initial.tdsRates).toEqual([0, 0.1, 1, 2]);
      await corporate.client.post(api(`/cart/add/${id('9876598765')}`));
      const set = await corporate.client.request({
        method: 'PUT',
        url: api('/cart/tds'),
        payload: { tdsPercent: 2 },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().data).toMatchObject({
        tdsPercent: 2,
        subtotal: 50_000,
        // GST on the full value; TDS deducted from what is paid, not from the taxable value.
        tdsDeducted: 1_000,
        taxable: 50_000,
        taxAmount: 9_000,
        totalAmount: 58_000,
      });
      const bad = await corporate.client.request({
        method: 'PUT',
        url: api('/cart/tds'),
        payload: { tdsPercent: 5 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'INVALID_TDS_RATE',
        message: 'The TDS percent must be one of: 0, 0.1, 1, 2.',
        allowedRates: [0, 0.1, 1, 2],
      });
      const individual = await signedIn(ctx().app);
      expect((await individual.client.get(api('/cart'))).json().data.tdsRates).toEqual([]);
      const refused = await individual.client.request({
        method: 'PUT',
        url: api('/cart/tds'),
        payload: { tdsPercent: 1 },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only Corporate accounts can deduct TDS.');
      // The cart keeps its rate after being emptied.
      await corporate.client.request({ method: 'DELETE', url: api('/cart') });
      expect((await corporate.client.get(api('/cart'))).json().data.tdsPercent).toBe(2);
    });

    it('works for a buyer who registered through the real sign-up flow', async () => {
      const { client } = await registerCustomer(ctx().app);
      const res = await client.post(api(`/cart/add/${id('9876598765')}`), undefined, {
        headers: { origin: 'http://store.test' },
      });
      expect(res.statusCode).toBe(200);
      const foreign = await client.post(api(`/cart/add/${id('7070700852')}`), undefined, {
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.statusCode).toBe(403);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
