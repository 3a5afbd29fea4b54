import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import { lapseHold, numberState, salesInventory, signedIn } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';
import { orders } from '../db/schema';

/** Decision 0014: nobody keeps numbers off the market by checking out again and again. */
describeEachDatabase(
  'hold limits at checkout',
  (ctx) => {
    let ids = new Map<string, number>();
    const id = (number: string) => ids.get(number)!;
    beforeEach(async () => {
      ids = await insertTestNumbers(ctx().app, salesInventory);
    });

    async function buyerWith(numbersToAdd: string[]) {
      const buyer = await signedIn(ctx().app);
      for (const number of numbersToAdd) {
        const res = await buyer.client.post(api(`/cart/add/${id(number)}`));
        expect(res.statusCode, res.body).toBe(200);
      }
      return buyer;
    }
    type Buyer = Awaited<ReturnType<typeof buyerWith>>;
    const checkout = (buyer: Buyer, remoteAddress = '203.0.113.1') =>
      buyer.client.request({ method: 'POST', url: api('/cart/checkout'), remoteAddress });
    const holdEnd = async (orderId: string) => {
      const [row] = await ctx().database.db.select().from(orders).where(eq(orders.id, orderId));
      return row!.holdExpiresAt.getTime();
    };

    it('holds at most HOLDS_PER_ACCOUNT numbers for one account', async () => {
      const buyer = await buyerWith(['9876598765', '9812341234', '9811223344']);
      const refused = await checkout(buyer);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        success: false,
        code: 'HOLD_LIMIT',
        maxHolds: 2,
        message:
          'You can hold up to 2 numbers at a time. Please remove 1 number from your cart to check out.',
      });
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');
      await buyer.client.request({ method: 'DELETE', url: api(`/cart/item/${id('9811223344')}`) });
      expect((await checkout(buyer)).statusCode).toBe(201);
    });

    it('counts the numbers of orders whose payment is being verified, which no checkout replaces', async () => {
      const buyer = await buyerWith(['9876598765']);
      const order = (await checkout(buyer)).json().data.order;
      const submitted = await buyer.client.post(api(`/orders/${order.id}/payment-submission`), {
        utr: '412345678901',
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      // A fake UTR per order must not keep numbers off the market past the limit.
      await buyer.client.post(api(`/cart/add/${id('9812341234')}`));
      await buyer.client.post(api(`/cart/add/${id('9811223344')}`));
      const refused = await checkout(buyer);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'HOLD_LIMIT',
        message:
          'You can hold up to 2 numbers at a time, counting the 1 in orders whose payment our team is verifying. Please remove 1 number from your cart to check out.',
      });
      await buyer.client.request({ method: 'DELETE', url: api(`/cart/item/${id('9811223344')}`) });
      expect((await checkout(buyer)).statusCode).toBe(201);
    });

    it('holds at most HOLDS_PER_IP numbers for the checkouts from one address', async () => {
      const first = await buyerWith(['9876598765', '9812341234']);
      const firstOrder = (await checkout(first)).json().data.order;
      const second = await buyerWith(['9811223344', '7070700852']);
      const refused = await checkout(second);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'HOLD_LIMIT_ADDRESS',
        message:
          'Too many numbers are held from your network right now. Please try again in 15 minutes.',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // From another address, or once the first hold has ended, it goes through.
      const third = await buyerWith(['9876543210']);
      expect((await checkout(third, '198.51.100.4')).statusCode).toBe(201);
      await lapseHold(ctx().database, firstOrder.id, 60);
      const secondOrder = await checkout(second);
      expect(secondOrder.statusCode).toBe(201);
      // The buyer's own open order, which the checkout replaces, does not count against it.
      await second.client.post(api(`/cart/add/${id('9991926234')}`));
      await second.client.request({
        method: 'DELETE',
        url: api(`/cart/item/${id('7070700852')}?cancelOrder=${secondOrder.json().data.order.id}`),
      });
      expect((await checkout(second)).statusCode).toBe(201);
    });

    it('makes a buyer wait HOLD_COOLDOWN_MINUTES before holding a lapsed number again, while others may take it', async () => {
      const buyer = await buyerWith(['9876598765', '9812341234']);
      const order = (await checkout(buyer)).json().data.order;
      await lapseHold(ctx().database, order.id, 1);
      const refused = await checkout(buyer);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'HOLD_COOLDOWN',
        message:
          'You held 98765 98765 and 98123 41234 a short while ago without paying: to give other buyers a chance, you can hold them again in 29 minutes.',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(28 * 60);
      expect(retryAfter).toBeLessThanOrEqual(29 * 60);
      // With another number in the cart, the buyer is told how to check out that one now.
      const swap = async (out: string, into: string) => {
        await buyer.client.request({ method: 'DELETE', url: api(`/cart/item/${id(out)}`) });
        await buyer.client.post(api(`/cart/add/${id(into)}`));
      };
      await swap('9812341234', '9811223344');
      expect((await checkout(buyer)).json().message).toBe(
        'You held 98765 98765 a short while ago without paying: to give other buyers a chance, you can hold it again in 29 minutes. Remove it from your cart to check out the rest now.',
      );
      await swap('9811223344', '9812341234');
      // Nothing was held again: another buyer takes one of them meanwhile.
      const other = await buyerWith(['9876598765']);
      expect((await checkout(other, '198.51.100.9')).statusCode).toBe(201);
      // The cool-down over, the first buyer holds the other number afresh.
      await buyer.client.request({ method: 'DELETE', url: api(`/cart/item/${id('9876598765')}`) });
      await lapseHold(ctx().database, order.id, 31);
      const before = Date.now();
      const again = await checkout(buyer);
      expect(again.statusCode).toBe(201);
      expect(Date.parse(again.json().data.order.holdExpiresAt) - before).toBeGreaterThan(
        14 * 60_000,
      );
    });

    it('never extends a hold by checking out again: a changed cart or a number re-added keeps its end', async () => {
      const buyer = await buyerWith(['9876598765']);
      const first = (await checkout(buyer)).json().data.order;
      const end = await holdEnd(first.id);
      // A number added: the new order holds both until the first hold's end.
      await buyer.client.post(api(`/cart/add/${id('9812341234')}`));
      const changed = (await checkout(buyer)).json().data.order;
      expect(changed.id).not.toBe(first.id);
      expect(await holdEnd(changed.id)).toBe(end);
      // Removed (the hold goes at once) and added back: still the same end.
      await buyer.client.request({
        method: 'DELETE',
        url: api(`/cart/item/${id('9876598765')}?cancelOrder=${changed.id}`),
      });
      expect((await numberState(ctx().database, id('9876598765'))).status).toBe('available');
      await buyer.client.post(api(`/cart/add/${id('9876598765')}`));
      const readded = await checkout(buyer);
      expect(readded.statusCode).toBe(201);
      expect(await holdEnd(readded.json().data.order.id)).toBe(end);
      expect((await numberState(ctx().database, id('9876598765'))).reservedUntil!.getTime()).toBe(
        end,
      );
    });
  },
  {
    env: {
      HOLDS_PER_ACCOUNT: '2',
      HOLDS_PER_IP: '3',
      HOLD_COOLDOWN_MINUTES: '30',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
);
