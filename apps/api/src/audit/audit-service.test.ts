import { expect, it } from 'vitest';
import { inTransaction } from '../db/transactions';
import { signedIn, staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase('the audit log', (ctx) => {
  it('records entries with the change and lists them newest first, filtered', async () => {
    const { app, database } = ctx();
    const support = await staffMember(app, 'support');
    const admin = await staffMember(app, 'admin');
    await inTransaction(database, (tx) =>
      app.services.audit.record(
        tx,
        {
          actorId: support.user.id,
          action: 'number.reprice',
          entityType: 'number',
          entityId: 41,
          number: '9820098200',
          before: { price: 25000 },
          after: { price: 20000 },
        },
        {
          actorId: admin.user.id,
          action: 'staff.disable',
          entityType: 'user',
          entityId: support.user.id,
          note: 'left the company',
        },
      ),
    );

    const all = await admin.client.get(api('/admin/audit'));
    expect(all.statusCode).toBe(200);
    const entries = all.json().data.entries;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'staff.disable',
      'number.reprice',
    ]);
    expect(entries[1]).toMatchObject({
      actor: { id: support.user.id, name: 'Sunita Support' },
      entityType: 'number',
      entityId: '41',
      number: '9820098200',
      before: { price: 25000 },
      after: { price: 20000 },
    });

    const bySupport = await admin.client.get(api(`/admin/audit?actorId=${support.user.id}`));
    expect(bySupport.json().data.entries).toHaveLength(1);
    const byNumber = await admin.client.get(api('/admin/audit?number=9820098200'));
    expect(byNumber.json().data.entries[0].action).toBe('number.reprice');
    const bad = await admin.client.get(api('/admin/audit?number=12345'));
    expect(bad.statusCode).toBe(400);
  });

  it('keeps nothing of a change that rolled back', async () => {
    const { app, database } = ctx();
    const admin = await staffMember(app, 'admin');
    await expect(
      inTransaction(database, async (tx) => {
        await app.services.audit.record(tx, {
          actorId: admin.user.id,
          action: 'number.hide',
          entityType: 'number',
          entityId: 7,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await admin.client.get(api('/admin/audit'))).json().data.total).toBe(0);
  });

  it('refuses to edit or delete an entry', async () => {
    const { app, database } = ctx();
    const buyer = await signedIn(app);
    await inTransaction(database, (tx) =>
      app.services.audit.record(tx, {
        actorId: buyer.user.id,
        action: 'number.hide',
        entityType: 'number',
        entityId: 7,
      }),
    );
    await expect(database.query("update audit_log set action = 'nothing'")).rejects.toThrow(
      /append-only/,
    );
    await expect(database.query('delete from audit_log')).rejects.toThrow(/append-only/);
    const [row] = await database.query<{ n: number }>('select count(*)::int as n from audit_log');
    expect(row?.n).toBe(1);
  });
});
