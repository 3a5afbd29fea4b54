import { expect, it } from 'vitest';
import {
  buyerWithOrder,
  signedIn,
  staffMember,
  withSalesInventory,
} from '../../test-support/sales';
import {
  api,
  changeContact,
  registerCustomer,
  saveAddress,
  type SessionClient,
} from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

/** The references of the orders the console's search finds for `q`. */
async function searchOrders(staff: SessionClient, q: string): Promise<string[]> {
  const res = await staff.get(api(`/admin/orders?q=${encodeURIComponent(q)}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.orders.map((o: { reference: string }) => o.reference);
}

describeEachDatabase(
  'finding orders in the console',
  (ctx) => {
    const { id, checkOut } = withSalesInventory(ctx);

    it('finds an order by its reference, the buyer’s e-mail or mobile, or a number in it', async () => {
      const first = await buyerWithOrder(ctx().app, [id('9876598765'), id('9812341234')]);
      const second = await buyerWithOrder(ctx().app, [id('7070700852')]);
      const staff = await staffMember(ctx().app);
      const found = (q: string) => searchOrders(staff.client, q);
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

    it('finds an order by a UTR as the bank shows it, its reference’s random end, or the buyer’s name or company', async () => {
      const submitted = await buyerWithOrder(ctx().app, [id('9876598765')], { name: 'Asha Verma' });
      const confirmed = await buyerWithOrder(ctx().app, [id('9812341234')], {
        name: 'Ravi Kapoor',
        accountType: 'Corporate',
        companyName: 'R&D 100% Labs',
      });
      const staff = await staffMember(ctx().app);
      const found = (q: string) => searchOrders(staff.client, q);
      const submission = await submitted.client.post(
        api(`/orders/${submitted.order.id}/payment-submission`),
        { utr: '4312 9876 5432' },
      );
      expect(submission.statusCode, submission.body).toBe(200);
      const payment = await staff.client.post(api(`/admin/orders/${confirmed.order.id}/payments`), {
        reference: 'axis n 2026 1128 0042',
      });
      expect(payment.statusCode, payment.body).toBe(200);
      const [mine, theirs] = [submitted.order.reference, confirmed.order.reference];

      // The UTR the buyer gave with "I have paid", and a payment staff recorded: spaces and case
      // as the bank statement or the buyer writes them.
      expect(await found('431298765432')).toEqual([mine]);
      expect(await found(' 4312 9876 5432 ')).toEqual([mine]);
      expect(await found('AXISN202611280042')).toEqual([theirs]);
      expect(await found('Axis N 2026 1128 0042')).toEqual([theirs]);
      expect(await found('AXISN2026')).toEqual([]);

      // The random end of the reference, as a buyer may quote it.
      const randomEnd = mine.slice(-8);
      expect(randomEnd).toMatch(/^[0-9A-Z]{8}$/);
      expect(await found(randomEnd)).toEqual([mine]);
      expect(await found(randomEnd.toLowerCase())).toEqual([mine]);

      // Any part of the buyer's name or company name, any case.
      expect(await found('asha')).toEqual([mine]);
      expect(await found('SHA VER')).toEqual([mine]);
      expect(await found('kapoor')).toEqual([theirs]);
      expect(await found('r&d 100%')).toEqual([theirs]);
      // LIKE's wildcards are plain characters here too.
      expect(await found('asha_verma')).toEqual([]);
      expect(await found('asha%verma')).toEqual([]);
      expect(await found('Sunita')).toEqual([]);
      // Runs of spaces, as pasted, count as one.
      expect(await found('asha   verma')).toEqual([mine]);

      // The name the order is billed to, which the bank statement usually shows as the payer.
      const billed = await signedIn(ctx().app, { name: 'Vikram Rathore' });
      await billed.client.post(api(`/cart/add/${id('9137605193')}`));
      const billedOrder = await billed.client.post(api('/cart/checkout'), {
        billing: {
          name: 'Rathore Exports Pvt Ltd',
          line1: '1 Mall Road',
          city: 'Jaipur',
          state: 'Rajasthan',
          pinCode: '302001',
        },
      });
      expect(billedOrder.statusCode, billedOrder.body).toBe(201);
      expect(await found('rathore exports')).toEqual([billedOrder.json().data.order.reference]);

      // A UTR staff sent back still finds its order: the money may turn up after all.
      const rejected = await staff.client.post(
        api(`/admin/orders/${submitted.order.id}/payment-submission/reject`),
        { reason: 'No credit with this UTR yet.' },
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(await found('4312 9876 5432')).toEqual([mine]);
    });

    it('finds an order by the e-mail and mobile it was billed to after the buyer changed them (decision 0064)', async () => {
      const { client, details } = await registerCustomer(ctx().app);
      await saveAddress(client);
      const order = await checkOut(client, ['9876598765']);
      const other = await buyerWithOrder(ctx().app, [id('9812341234')]);
      await changeContact(ctx().app, client, { mobile: '9123400088' });
      await changeContact(ctx().app, client, { email: 'asha.moved@example.in' });
      const staff = await staffMember(ctx().app);
      const found = (q: string) => searchOrders(staff.client, q);
      const { reference } = order;

      // The invoice's contacts: the e-mail whole in any case, the mobile written any way.
      expect(await found(details.email)).toEqual([reference]);
      expect(await found(` ${details.email.toUpperCase()} `)).toEqual([reference]);
      const mobile = details.mobile;
      expect(await found(mobile)).toEqual([reference]);
      expect(await found(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`)).toEqual([reference]);
      // The account's contacts now find it too.
      expect(await found('ASHA.MOVED@example.in')).toEqual([reference]);
      expect(await found('91234 00088')).toEqual([reference]);
      // Part of an e-mail finds nothing; the other buyer's contacts find only theirs.
      expect(await found(details.email.slice(1))).toEqual([]);
      expect(await found(other.user.email)).toEqual([other.order.reference]);
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
