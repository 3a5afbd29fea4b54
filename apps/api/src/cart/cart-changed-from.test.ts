import { expect, it } from 'vitest';
import { setPrice, signedIn, withSalesInventory } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

interface Item {
  productId: number;
  priceAtAdd: number;
  currentPrice: number;
  changedFrom?: number;
}

/** Decision 0093: a cart item keeps the price it was first added at once another is adopted. */
describeEachDatabase("a cart item's price first added at", (ctx) => {
  const { id } = withSalesInventory(ctx);
  const itemOf = (cart: { items: Item[] }, number: string) =>
    cart.items.find((item) => item.productId === id(number))!;

  it('is kept when validation adopts a new price, names the first price after a second change, and goes when the price comes back', async () => {
    const { client } = await signedIn(ctx().app);
    await client.post(api(`/cart/add/${id('9812341234')}`));
    await client.post(api(`/cart/add/${id('9876598765')}`));
    await setPrice(ctx().app, id('9812341234'), 18_500);
    const pending = (await client.get(api('/cart'))).json().data;
    // Not adopted yet: the cart's own rows tell the change.
    expect(itemOf(pending, '9812341234')).not.toHaveProperty('changedFrom');

    await client.post(api('/cart/validate'));
    const adopted = (await client.get(api('/cart'))).json().data;
    expect(itemOf(adopted, '9812341234')).toMatchObject({
      priceAtAdd: 18_500,
      changedFrom: 20_000,
    });
    expect(itemOf(adopted, '9876598765')).not.toHaveProperty('changedFrom');
    expect(adopted.subtotal).toBe(68_500);

    await setPrice(ctx().app, id('9812341234'), 17_000);
    const second = (await client.post(api('/cart/validate'))).json().data.cart;
    expect(itemOf(second, '9812341234')).toMatchObject({
      priceAtAdd: 17_000,
      changedFrom: 20_000,
    });

    await setPrice(ctx().app, id('9812341234'), 20_000);
    const back = (await client.post(api('/cart/validate'))).json().data.cart;
    expect(itemOf(back, '9812341234').priceAtAdd).toBe(20_000);
    expect(itemOf(back, '9812341234')).not.toHaveProperty('changedFrom');
  });

  it('is kept when a checkout stops for a risen price, and leaves with the item', async () => {
    const { client } = await signedIn(ctx().app);
    // On offer at 20,000 (list price 25,000); the offer shrinks to 24,000.
    await client.post(api(`/cart/add/${id('7070700852')}`));
    await setPrice(ctx().app, id('7070700852'), 24_000);
    const stopped = await client.post(api('/cart/checkout'));
    expect(stopped.json().code).toBe('PRICE_CHANGED');
    const cart = (await client.get(api('/cart'))).json().data;
    expect(itemOf(cart, '7070700852')).toMatchObject({
      priceAtAdd: 24_000,
      changedFrom: 20_000,
    });

    await client.delete(api(`/cart/item/${id('7070700852')}`));
    await client.post(api(`/cart/add/${id('7070700852')}`));
    const again = (await client.get(api('/cart'))).json().data;
    expect(itemOf(again, '7070700852').priceAtAdd).toBe(24_000);
    expect(itemOf(again, '7070700852')).not.toHaveProperty('changedFrom');
  });

  it("keeps a synced guest item's changedFrom unless the account's item has its own, and never counts it", async () => {
    const { client } = await signedIn(ctx().app);
    // The account's own item, its price changed and adopted: 20,000 then 18,500.
    await client.post(api(`/cart/add/${id('9812341234')}`));
    await setPrice(ctx().app, id('9812341234'), 18_500);
    await client.post(api('/cart/validate'));

    const res = await client.post(api('/cart/sync'), {
      items: [
        // The guest added at 55,000; validation adopted today's 50,000.
        { product: id('9876598765'), priceAtAdd: 50_000, changedFrom: 55_000 },
        { product: id('9812341234'), priceAtAdd: 18_500, changedFrom: 1_000 },
        // A forged changedFrom far below the price: words on the line, never the total.
        { product: id('9811223344'), priceAtAdd: 5_000, changedFrom: 1 },
        // Its changedFrom is the price it holds: nothing to say.
        { product: id('9876543210'), priceAtAdd: 8_000, changedFrom: 8_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json().data;
    expect(itemOf(cart, '9876598765')).toMatchObject({
      priceAtAdd: 50_000,
      changedFrom: 55_000,
    });
    expect(itemOf(cart, '9812341234')).toMatchObject({
      priceAtAdd: 18_500,
      changedFrom: 20_000,
    });
    expect(itemOf(cart, '9811223344')).toMatchObject({ priceAtAdd: 5_000, changedFrom: 1 });
    expect(itemOf(cart, '9876543210')).not.toHaveProperty('changedFrom');
    expect(cart.subtotal).toBe(50_000 + 18_500 + 5_000 + 8_000);
    // After a reload (GET /cart) too.
    const read = (await client.get(api('/cart'))).json().data;
    expect(itemOf(read, '9876598765').changedFrom).toBe(55_000);
    expect(read.totalAmount).toBe(cart.totalAmount);

    // The checkout charges the server's prices whatever changedFrom said.
    const order = await client.post(api('/cart/checkout'));
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().data.order.amounts.subtotal).toBe(81_500);
  });

  it('refuses a changedFrom that is no price, saying which', async () => {
    const { client } = await signedIn(ctx().app);
    for (const changedFrom of [0, -5, 12.345, 'x', 2_000_000_000]) {
      const res = await client.post(api('/cart/sync'), {
        items: [{ product: id('9876598765'), priceAtAdd: 50_000, changedFrom }],
      });
      expect(res.statusCode, String(changedFrom)).toBe(400);
      expect(res.json().message, String(changedFrom)).toContain('changedFrom');
    }
    expect((await client.get(api('/cart'))).json().data.items).toEqual([]);
  });
});
