import { expect, it } from 'vitest';
import { CART_CHANGED_NOTE } from './order-service';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';
import { lapseHold, signedIn, withSalesInventory } from '../../test-support/sales';

describeEachDatabase(
  "the buyer's orders",
  (ctx) => {
    const { checkOut } = withSalesInventory(ctx);

    async function checkedOut(buyer: Awaited<ReturnType<typeof signedIn>>, numbers: string[]) {
      // The open order the cart's numbers are in is cancelled, as the buyer would confirm.
      const open = (await buyer.client.get(api('/cart'))).json().data.openOrder;
      const query = open ? `?cancelOrder=${open.id}` : '';
      await buyer.client.request({ method: 'DELETE', url: api(`/cart${query}`) });
      return checkOut(buyer.client, numbers);
    }

    it('answers 401 to visitors', async () => {
      for (const url of ['/orders', '/orders/00000000-0000-4000-8000-000000000000']) {
        expect((await ctx().app.inject({ method: 'GET', url: api(url) })).statusCode).toBe(401);
      }
    });

    it('lists only the own orders, newest first, with status and timeline', async () => {
      const asha = await signedIn(ctx().app);
      const ravi = await signedIn(ctx().app);
      const first = await checkedOut(asha, ['9876598765']);
      const second = await checkedOut(asha, ['9812341234']);
      const ravis = await checkedOut(ravi, ['7070700852']);

      const res = await asha.client.get(api('/orders'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json().data;
      expect(data).toMatchObject({ total: 2, page: 1, pageSize: 20, pageCount: 1 });
      expect(data.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
      // Emptying the cart for the second checkout cancelled the first order.
      expect(data.orders[1]).toMatchObject({
        status: 'cancelled',
        statusLabel: 'Cancelled',
        timeline: [
          { status: 'pending_payment', label: 'Awaiting payment', by: null },
          { status: 'cancelled', note: CART_CHANGED_NOTE },
        ],
      });
      expect(data.orders[0]).toMatchObject({
        status: 'pending_payment',
        payment: { status: 'pending' },
      });

      const paged = (await asha.client.get(api('/orders?page=2&pageSize=1'))).json().data;
      expect(paged.orders.map((o: { id: string }) => o.id)).toEqual([first.id]);
      expect(paged.pageCount).toBe(2);

      const own = await ravi.client.get(api(`/orders/${ravis.id}`));
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ id: ravis.id, reference: ravis.reference });
      const foreign = await ravi.client.get(api(`/orders/${first.id}`));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Order not found.');
      expect((await ravi.client.get(api('/orders/not-a-uuid'))).statusCode).toBe(404);
      expect((await ravi.client.get(api('/orders'))).json().data.orders).toHaveLength(1);
    });

    it('says "Hold lapsed" for an order whose hold lapsed unpaid, in the list and on its page, before the sweep and after', async () => {
      const asha = await signedIn(ctx().app);
      const order = await checkedOut(asha, ['9876598765']);
      await lapseHold(ctx().database, order.id);
      const seen = async () => {
        const listed = (await asha.client.get(api('/orders'))).json().data.orders[0];
        const page = (await asha.client.get(api(`/orders/${order.id}`))).json().data;
        expect(listed.statusLabel).toBe(page.statusLabel);
        return page;
      };
      // Not yet swept: still stored as awaiting payment, but it can no longer be paid (QA 28 F9).
      expect(await seen()).toMatchObject({
        status: 'pending_payment',
        statusLabel: 'Hold lapsed',
        payment: { status: 'expired' },
      });
      expect((await ctx().app.services.orders.sweepExpiredHolds()).cancelled).toContain(order.id);
      expect(await seen()).toMatchObject({
        status: 'cancelled',
        statusLabel: 'Hold lapsed',
        payment: { status: 'cancelled' },
      });
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
