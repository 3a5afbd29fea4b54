import { formatIndiaDateTime } from '@store/domain';
import { expect, it } from 'vitest';
import {
  buyerWithOrder,
  lapseHold,
  numberState,
  sentTo,
  setPrice,
  signedIn,
  withSalesInventory,
} from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'POST /orders/{id}/retry',
  (ctx) => {
    const { id } = withSalesInventory(ctx);
    const sweep = () => ctx().app.services.orders.sweepExpiredHolds();

    /** A buyer whose order for these numbers lapsed (past the cool-down) and was swept. */
    async function lapsedOrder(numbers: string[], minutesAgo = 31) {
      const buyer = await buyerWithOrder(ctx().app, numbers.map(id), { state: 'Karnataka' });
      await lapseHold(ctx().database, buyer.order.id, minutesAgo);
      expect((await sweep()).cancelled).toContain(buyer.order.id);
      return buyer;
    }

    it('orders the same numbers again with a fresh hold, billed as before', async () => {
      const buyer = await lapsedOrder(['9876598765', '9812341234']);
      const lapsed = (await buyer.client.get(api(`/orders/${buyer.order.id}`))).json().data;
      expect(lapsed).toMatchObject({ status: 'cancelled', canRetry: true });

      const res = await buyer.client.post(api(`/orders/${buyer.order.id}/retry`));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data;
      expect(order.id).not.toBe(buyer.order.id);
      expect(order).toMatchObject({ status: 'pending_payment', canRetry: false });
      expect(order.items.map((item: { number: string }) => item.number).sort()).toEqual(
        lapsed.items.map((item: { number: string }) => item.number).sort(),
      );
      expect(order.billing.address).toEqual(lapsed.billing.address);
      expect(order.amounts.placeOfSupply).toBe('Karnataka');
      expect(Date.parse(order.holdExpiresAt)).toBeGreaterThan(Date.now() + 14 * 60_000);
      for (const number of ['9876598765', '9812341234']) {
        expect(await numberState(ctx().database, id(number))).toMatchObject({
          status: 'reserved',
          orderId: order.id,
        });
      }
      // A second click answers the order just made.
      const again = await buyer.client.post(api(`/orders/${buyer.order.id}/retry`));
      expect(again.statusCode).toBe(200);
      expect(again.json().data.id).toBe(order.id);
    });

    it("orders again at today's price, not stopped by the cart's older price (decision 0084)", async () => {
      await setPrice(ctx().app, id('9876598765'), 48_000);
      // The cart keeps the number at ₹48,000; the offer then ends.
      const buyer = await lapsedOrder(['9876598765']);
      await setPrice(ctx().app, id('9876598765'), 50_000);
      const res = await buyer.client.post(api(`/orders/${buyer.order.id}/retry`));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.amounts.subtotal).toBe(50_000);
    });

    it('names the lapsed order it replaces as cancelled, not to be paid, when the sweep had not yet cancelled it', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      await lapseHold(ctx().database, buyer.order.id, 31);
      const res = await buyer.client.post(api(`/orders/${buyer.order.id}/retry`));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data;
      expect(order.replaces).toEqual([buyer.order.reference]);
      const old = (await buyer.client.get(api(`/orders/${buyer.order.id}`))).json().data;
      expect(old).toMatchObject({ status: 'cancelled', replaces: [] });
      const [placed] = (await sentTo(ctx().database, buyer.user.email)).filter((message) =>
        message.subject?.includes('please pay'),
      );
      expect(placed!.subject).toBe(
        `Order ${order.reference}: please pay by ${formatIndiaDateTime(new Date(order.holdExpiresAt))} (replaces ${buyer.order.reference})`,
      );
      expect(placed!.text).toContain(
        `This order replaces your order ${buyer.order.reference}, which is now cancelled. Please do not pay it`,
      );
    });

    it('names the numbers another buyer has taken meanwhile, and orders nothing', async () => {
      const buyer = await lapsedOrder(['9876598765', '9812341234']);
      await buyerWithOrder(ctx().app, [id('9812341234')]);
      const res = await buyer.client.post(api(`/orders/${buyer.order.id}/retry`));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'NUMBERS_GONE',
        numbers: ['98123 41234'],
        message:
          'This number is no longer available: 98123 41234. It has been sold or is held by another buyer.',
      });
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');
    });

    it('keeps the cool-down after a lapsed hold, and the order says from when it may be retried', async () => {
      const buyer = await lapsedOrder(['9876598765'], 1);
      const view = (await buyer.client.get(api(`/orders/${buyer.order.id}`))).json().data;
      expect(view.canRetry).toBe(true);
      const cooldown = ctx().config.HOLD_COOLDOWN_MINUTES * 60_000;
      expect(view.retryFrom).toBe(
        new Date(Date.parse(view.holdExpiresAt) + cooldown).toISOString(),
      );
      const res = await buyer.client.post(api(`/orders/${buyer.order.id}/retry`));
      expect(res.statusCode).toBe(429);
      // Nothing about a cart: the retry orders the lapsed order's numbers alone.
      expect(res.json()).toMatchObject({
        code: 'HOLD_COOLDOWN',
        message: `You held 98765 98765 a short while ago without paying: to give other buyers a chance, you can hold it again in ${ctx().config.HOLD_COOLDOWN_MINUTES - 1} minutes.`,
      });
    });

    it("refuses an order whose hold is live, and someone else's order", async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      expect(buyer.order.canRetry).toBe(false);
      expect(buyer.order.retryFrom).toBeNull();
      const live = await buyer.client.post(api(`/orders/${buyer.order.id}/retry`));
      expect(live.statusCode).toBe(409);
      expect(live.json().code).toBe('ORDER_NOT_RETRYABLE');

      const stranger = await signedIn(ctx().app);
      const res = await stranger.client.post(api(`/orders/${buyer.order.id}/retry`));
      expect(res.statusCode).toBe(404);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
