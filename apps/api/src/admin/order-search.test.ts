import { expect, it } from 'vitest';
import { buyerWithOrder, staffMember, withSalesInventory } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'finding orders in the console',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    it('finds an order by its reference, the buyer’s e-mail or mobile, or a number in it', async () => {
      const first = await buyerWithOrder(ctx().app, [id('9876598765'), id('9812341234')]);
      const second = await buyerWithOrder(ctx().app, [id('7070700852')]);
      const staff = await staffMember(ctx().app);
      const found = async (q: string) => {
        const res = await staff.client.get(api(`/admin/orders?q=${encodeURIComponent(q)}`));
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.orders.map((o: { reference: string }) => o.reference);
      };
      const { reference } = first.order;

      expect(await found(reference)).toEqual([reference]);
      expect(await found(` ${reference.toLowerCase()} `)).toEqual([reference]);
      expect(await found(reference.slice(0, -3))).toEqual([reference]);
      expect((await found('VN-')).sort()).toEqual([reference, second.order.reference].sort());
      expect(await found(first.user.email.toUpperCase())).toEqual([reference]);
      const mobile = first.user.mobile;
      expect(await found(mobile)).toEqual([reference]);
      expect(await found(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`)).toEqual([reference]);
      expect(await found(`0${mobile}`)).toEqual([reference]);
      expect(await found('98123 41234')).toEqual([reference]);
      expect(await found('7070700852')).toEqual([second.order.reference]);

      expect(await found('9999999999')).toEqual([]);
      expect(await found('nobody@example.com')).toEqual([]);
      // LIKE's wildcards are plain characters here.
      expect(await found('%')).toEqual([]);
      expect(await found('VN_')).toEqual([]);
    });

    it('combines the search with the status filter and pages', async () => {
      const a = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const b = await buyerWithOrder(ctx().app, [id('9812341234')]);
      const staff = await staffMember(ctx().app);
      await staff.client.post(api(`/admin/orders/${b.order.id}/payments`), { reference: 'UTR-B1' });
      const paid = (await staff.client.get(api('/admin/orders?q=VN-&status=paid'))).json().data;
      expect(paid.orders.map((o: { id: string }) => o.id)).toEqual([b.order.id]);
      const page = (await staff.client.get(api('/admin/orders?q=VN-&pageSize=1&page=2'))).json()
        .data;
      expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1, pageCount: 2 });
      expect(page.orders.map((o: { id: string }) => o.id)).toEqual([a.order.id]);
      const tooLong = await staff.client.get(api(`/admin/orders?q=${'9'.repeat(101)}`));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toMatch(/^Invalid query parameter: q:/);
    });

    it('counts the orders waiting for staff: paid awaiting a UPC, or money due back', async () => {
      const { orders } = ctx().app.services;
      const staff = await staffMember(ctx().app);
      const unpaid = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const paid = await buyerWithOrder(ctx().app, [id('9812341234')]);
      expect(await orders.countNeedingAction()).toBe(0);
      await staff.client.post(api(`/admin/orders/${paid.order.id}/payments`), {
        reference: 'UTR-P1',
      });
      expect(await orders.countNeedingAction()).toBe(1);
      await staff.client.post(api(`/admin/orders/${unpaid.order.id}/events`), {
        status: 'cancelled',
        note: 'Asked by phone',
      });
      expect(await orders.countNeedingAction()).toBe(1);
      // Money for the order staff cancelled is due back.
      await staff.client.post(api(`/admin/orders/${unpaid.order.id}/payments`), {
        reference: 'UTR-U1',
      });
      expect(await orders.countNeedingAction()).toBe(2);
      await staff.client.post(api(`/admin/orders/${paid.order.id}/events`), {
        status: 'upc_sent',
      });
      expect(await orders.countNeedingAction()).toBe(1);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
