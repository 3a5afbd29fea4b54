import { expect, it } from 'vitest';
import {
  numberState,
  sentTo,
  signedIn,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase('POST /cart/checkout with numberId: Buy now', (ctx) => {
  const { id } = withSalesInventory(ctx);

  async function buyerWith(numbersToAdd: string[]) {
    const buyer = await signedIn(ctx().app);
    for (const number of numbersToAdd) {
      const res = await buyer.client.post(api(`/cart/add/${id(number)}`));
      expect(res.statusCode, res.body).toBe(200);
    }
    return buyer;
  }
  type Buyer = Awaited<ReturnType<typeof buyerWith>>;
  const buyNow = (buyer: Buyer, number: string) =>
    buyer.client.post(api('/cart/checkout'), { numberId: id(number) });
  const cartNumbers = async (buyer: Buyer) =>
    (await buyer.client.get(api('/cart')))
      .json()
      .data.items.map((item: { product: { number: string } }) => item.product.number);

  it('orders the one number alone and leaves the cart as it was', async () => {
    const buyer = await buyerWith(['9876598765', '7070700852']);
    const res = await buyNow(buyer, '9811223344');
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json().data;
    expect(order.items.map((item: { number: string }) => item.number)).toEqual(['9811223344']);
    expect(res.json().message).toMatch(/ to keep your number\.$/);
    expect(order.timeline[0].note).toMatch(/^Order placed; the number is held until /);
    expect(order.amounts.subtotal).toBe(5_000);
    expect(await numberState(ctx().database, id('9811223344'))).toMatchObject({
      status: 'reserved',
      orderId: order.id,
    });
    for (const number of ['9876598765', '7070700852']) {
      expect((await numberState(ctx().database, id(number))).status).toBe('available');
    }
    expect(await cartNumbers(buyer)).toEqual(['9876598765', '7070700852']);

    // Asking again while the order holds the number answers the same order.
    const again = await buyNow(buyer, '9811223344');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.order.id).toBe(order.id);
  });

  it('stops once when the number costs more than the price the buyer was shown', async () => {
    const buyer = await buyerWith([]);
    // Shown on offer at ₹4,500; the offer ended before Buy now.
    const asked = { numberId: id('9811223344'), expectedPrice: 4_500 };
    const stopped = await buyer.client.post(api('/cart/checkout'), asked);
    expect(stopped.statusCode, stopped.body).toBe(409);
    expect(stopped.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      message: 'The price of this number has changed. Please check the new price before you buy.',
      validationResults: [{ productId: id('9811223344'), priceChanged: true, newPrice: 5_000 }],
    });
    expect((await numberState(ctx().database, id('9811223344'))).status).toBe('available');

    const placed = await buyer.client.post(api('/cart/checkout'), {
      ...asked,
      expectedPrice: 5_000,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.order.amounts.subtotal).toBe(5_000);
  });

  it('refuses an expected price without a number to buy', async () => {
    const buyer = await buyerWith(['9811223344']);
    const res = await buyer.client.post(api('/cart/checkout'), { expectedPrice: 5_000 });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('expectedPrice is for Buy now: send it with numberId');
  });

  it('keeps the order when the cart is emptied: its number was never in the cart', async () => {
    const buyer = await buyerWith(['9876598765']);
    const { order } = (await buyNow(buyer, '9811223344')).json().data;
    const emptied = await buyer.client.request({ method: 'DELETE', url: api('/cart') });
    expect(emptied.statusCode).toBe(200);
    expect((await buyer.client.get(api(`/orders/${order.id}`))).json().data.status).toBe(
      'pending_payment',
    );
    expect(await numberState(ctx().database, id('9811223344'))).toMatchObject({
      status: 'reserved',
      orderId: order.id,
    });
  });

  it('takes a number of the cart out of it only when the order is paid', async () => {
    const buyer = await buyerWith(['9876598765', '7070700852']);
    const { order } = (await buyNow(buyer, '7070700852')).json().data;
    expect(order.items.map((item: { number: string }) => item.number)).toEqual(['7070700852']);
    expect(order.amounts.subtotal).toBe(20_000);
    expect(await cartNumbers(buyer)).toEqual(['9876598765', '7070700852']);

    const staff = await staffMember(ctx().app);
    const paid = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
      reference: 'UPI 1111',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await cartNumbers(buyer)).toEqual(['9876598765']);
    expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');
  });

  it("replaces the buyer's open order for the cart, releasing its numbers", async () => {
    const buyer = await buyerWith(['9876598765']);
    const cartOrder = (await buyer.client.post(api('/cart/checkout'))).json().data.order;
    const res = await buyNow(buyer, '9811223344');
    expect(res.statusCode).toBe(201);
    expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');
    // The timeline, in the order the events happened (event ids are random UUIDs).
    const replaced = (await buyer.client.get(api(`/orders/${cartOrder.id}`))).json().data;
    expect(replaced.status).toBe('cancelled');
    expect(replaced.timeline.at(-1)).toMatchObject({
      status: 'cancelled',
      note: 'Replaced by a new checkout: Buy now of one number',
    });
    // The Buy now order's e-mail and page name it, not to be paid (decision 0075).
    expect(res.json().data.order.replaces).toEqual([cartOrder.reference]);
    const [placed] = (await sentTo(ctx().database, buyer.user.email)).filter((message) =>
      message.subject?.includes('please pay'),
    );
    expect(placed!.subject).toContain(`(replaces ${cartOrder.reference})`);
    expect(placed!.text).toContain(
      `This order replaces your order ${cartOrder.reference}, which is now cancelled. Please do not pay it`,
    );
  });

  it('refuses a number that is sold, hidden or not in the store', async () => {
    const buyer = await buyerWith([]);
    for (const number of ['9898701234', '9512120345']) {
      const res = await buyNow(buyer, number);
      expect(res.statusCode, number).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CART_ITEMS_UNAVAILABLE',
        message:
          'This number is no longer available: it has been sold or is held by another buyer.',
        validationResults: [{ productId: id(number), valid: false }],
      });
    }
    const unknown = await buyer.client.post(api('/cart/checkout'), { numberId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Number 999999 is not in the store.');
  });

  it('asks a guest to sign in', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: api('/cart/checkout'),
      payload: { numberId: id('9811223344') },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please log in to checkout');
  });
});
