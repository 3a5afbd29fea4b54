import { expect, it } from 'vitest';
import { inTransaction } from '../db/transactions';
import { insertOrders } from '../../test-support/console-fixtures';
import { staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase('the audit log by order reference, with names', (ctx) => {
  it('finds the changes of the order a buyer quotes by its reference, in any case', async () => {
    const { app, database } = ctx();
    const admin = await staffMember(app, 'admin');
    const support = await staffMember(app, 'support');
    const [orderId = ''] = await insertOrders(app, [{ reference: 'VN-20261122-7K3Q9MZA' }]);
    await inTransaction(database, (tx) =>
      app.services.audit.record(
        tx,
        {
          actorId: admin.user.id,
          action: 'order.payment_confirmed',
          entityType: 'order',
          entityId: orderId,
          orderId,
        },
        { actorId: admin.user.id, action: 'number.hide', entityType: 'number', entityId: 7 },
        {
          actorId: admin.user.id,
          action: 'staff.role',
          entityType: 'user',
          entityId: support.user.id,
          before: { role: 'support' },
          after: { role: 'admin' },
        },
      ),
    );

    const byReference = await admin.client.get(
      api('/admin/audit?orderReference=%20vn-20261122-7k3q9mza'),
    );
    expect(byReference.statusCode).toBe(200);
    expect(byReference.json().data.entries).toMatchObject([
      { action: 'order.payment_confirmed', orderId, orderReference: 'VN-20261122-7K3Q9MZA' },
    ]);
    const all = (await admin.client.get(api('/admin/audit'))).json().data.entries;
    expect(all.find((e: { action: string }) => e.action === 'number.hide')).toMatchObject({
      orderId: null,
      orderReference: null,
      entityName: null,
    });
    // The staff member an entry changed is named.
    expect(all.find((e: { action: string }) => e.action === 'staff.role')).toMatchObject({
      entityName: 'Sunita Support',
    });
    for (const query of [
      'orderReference=VN-20261122-NOSUCHXX',
      `orderReference=VN-20261122-7K3Q9MZA&orderId=00000000-0000-4000-8000-000000000000`,
    ]) {
      const none = await admin.client.get(api(`/admin/audit?${query}`));
      expect(none.json().data, query).toMatchObject({ entries: [], total: 0 });
    }
    const tooLong = await admin.client.get(api(`/admin/audit?orderReference=${'X'.repeat(41)}`));
    expect(tooLong.statusCode).toBe(400);
  });

  it('pins further pages to the first page’s newest entry, so an entry written meanwhile repeats no row', async () => {
    const { app, database } = ctx();
    const admin = await staffMember(app, 'admin');
    const hide = (id: number) => ({
      actorId: admin.user.id,
      action: 'number.hide' as const,
      entityType: 'number' as const,
      entityId: id,
    });
    const write = (ids: number[]) =>
      inTransaction(database, (tx) => app.services.audit.record(tx, ...ids.map(hide)));
    for (const id of [1, 2, 3, 4, 5, 6, 7]) await write([id]);
    const read = async (query: string) => {
      const res = await admin.client.get(
        api(`/admin/audit?action=number.hide&pageSize=5&${query}`),
      );
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      return { ...data, ids: data.entries.map((e: { entityId: string }) => e.entityId) };
    };
    const first = await read('page=1');
    expect(first.ids).toEqual(['7', '6', '5', '4', '3']);
    expect(first.upTo).toBe(first.entries[0].id);
    // Another member changes something while the owner reads page 1.
    await write([8]);
    const second = await read(`page=2&upTo=${first.upTo}`);
    expect(second.ids).toEqual(['2', '1']);
    expect(second).toMatchObject({ total: 7, pageCount: 2, upTo: first.upTo });
    // Without upTo, as before: the newest entries now.
    expect((await read('page=1')).ids).toEqual(['8', '7', '6', '5', '4']);
    for (const upTo of ['abc', '0', '1.5', '99999999999999999999', '1e2', '0x10', 'Infinity']) {
      const refused = await admin.client.get(api(`/admin/audit?upTo=${upTo}`));
      expect(refused.statusCode, upTo).toBe(400);
      expect(refused.body, upTo).toContain('upTo: must be an entry id');
    }
  });

  it('filters by actions, several or all of a thing, and names what it takes for an unknown one', async () => {
    const { app, database } = ctx();
    const admin = await staffMember(app, 'admin');
    const number = (action: 'number.reprice' | 'number.hide' | 'number.add', id: number) => ({
      actorId: admin.user.id,
      action,
      entityType: 'number' as const,
      entityId: id,
    });
    await inTransaction(database, (tx) =>
      app.services.audit.record(
        tx,
        number('number.add', 1),
        number('number.reprice', 1),
        number('number.reprice', 2),
        number('number.hide', 2),
        { actorId: admin.user.id, action: 'enquiry.status', entityType: 'enquiry', entityId: 'e1' },
      ),
    );
    const actions = async (filter: string) => {
      const res = await admin.client.get(api(`/admin/audit?action=${encodeURIComponent(filter)}`));
      expect(res.statusCode, filter).toBe(200);
      const { entries, total } = res.json().data;
      expect(total).toBe(entries.length);
      return entries.map((entry: { action: string }) => entry.action);
    };
    expect(await actions('number.hide')).toEqual(['number.hide']);
    expect(await actions('number.hide, enquiry.status')).toEqual(['enquiry.status', 'number.hide']);
    expect(await actions('number.')).toEqual([
      'number.hide',
      'number.reprice',
      'number.reprice',
      'number.add',
    ]);
    expect(await actions('number.,number.add')).toHaveLength(4);
    expect(await actions('staff.')).toEqual([]);

    for (const filter of ['bogus', 'number.add,number', 'number.Add', 'num.', '.', '']) {
      const refused = await admin.client.get(api(`/admin/audit?action=${filter}`));
      expect(refused.statusCode, filter).toBe(400);
      expect(refused.json().message, filter).toContain('is not an action of the log');
    }
    const refused = await admin.client.get(api('/admin/audit?action=number.add,bogus'));
    expect(refused.json().message).toBe(
      'Invalid query parameter: action: "bogus" is not an action of the log: give actions such as number.add, or a prefix of them (customer., enquiry., import., message., number., order., staff., tax_register., user.), separated by commas',
    );
  });
});
