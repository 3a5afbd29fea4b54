import { addDays, indiaDay } from '@store/domain';
import { expect, it } from 'vitest';
import { buyerWithOrder, staffMember, withSalesInventory } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase('relisting a number whose sale was undone', (ctx) => {
  const { id } = withSalesInventory(ctx);

  it('lets staff put back on sale a number of a cancelled paid order that no UPC went out for, and no other', async () => {
    const [kept, ported] = [id('9876598765'), id('9812341234')];
    const { order } = await buyerWithOrder(ctx().app, [kept, ported]);
    const staff = await staffMember(ctx().app);
    const post = (path: string, body?: object) => staff.client.post(api(path), body);
    const stock = async (numberId: number) =>
      (await staff.client.get(api('/admin/numbers?status=sold')))
        .json()
        .data.numbers.find((row: { id: number }) => row.id === numberId);

    expect(
      (await post(`/admin/orders/${order.id}/payments`, { reference: '412345678901' })).statusCode,
    ).toBe(200);
    // Sold, its sale standing: it keeps its status.
    expect(await stock(kept)).toMatchObject({ status: 'sold', relistable: false });
    const paid = (await staff.client.get(api(`/admin/orders/${order.id}`))).json().data;
    expect(paid.relistableNumberIds).toEqual([]);
    const refused = await post(`/admin/numbers/${kept}/unhide`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NUMBER_SOLD');

    const upc = await post(`/admin/orders/${order.id}/numbers/${ported}/porting`, {
      status: 'upc_sent',
      upcCode: 'AB12CD34',
      upcExpiresOn: addDays(indiaDay(), 4),
    });
    expect(upc.statusCode, upc.body).toBe(200);
    const cancelled = await post(`/admin/orders/${order.id}/events`, {
      status: 'cancelled',
      note: 'The buyer asked to cancel',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The console's order names the number it may put back on sale.
    expect(cancelled.json().data.relistableNumberIds).toEqual([kept]);

    // The sale undone: the number no UPC went out for may be relisted, the other may not.
    expect(await stock(kept)).toMatchObject({ status: 'sold', relistable: true });
    expect(await stock(ported)).toMatchObject({ status: 'sold', relistable: false });
    const relisted = await post(`/admin/numbers/${kept}/unhide`);
    expect(relisted.statusCode, relisted.body).toBe(200);
    expect(relisted.json().data).toMatchObject({ status: 'available', relistable: false });
    const orderNow = (await staff.client.get(api(`/admin/orders/${order.id}`))).json().data;
    expect(orderNow.relistableNumberIds).toEqual([]);
    expect((await ctx().app.inject({ url: api(`/numbers/${kept}`) })).statusCode).toBe(200);
    expect((await post(`/admin/numbers/${ported}/unhide`)).json().code).toBe('NUMBER_SOLD');

    const admin = await staffMember(ctx().app, 'admin');
    const audit = (await admin.client.get(api('/admin/audit?number=9876598765'))).json().data;
    expect(audit.entries[0]).toMatchObject({ action: 'number.unhide', before: { status: 'sold' } });
  });
});
