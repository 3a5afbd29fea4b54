import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database } from '../db/database';
import { insertTestNumbers } from '../../test-support/numbers';
import { buyerWithOrder, salesInventory, signedIn, staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { resetDatabase, sharedDatabase, testConfig } from '../../test-support/test-app';
import type { OutgoingMessage } from '../notify/message';
import type { Notifier } from '../notify/notifier';
import { OUTBOX_MAX_ATTEMPTS } from '../notify/outbox';

/** Messages the store gave up on, in the console (decision 0087). */
describe('the console’s messages not delivered', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A store whose provider refuses every message to an address in `refused`. */
  async function store() {
    const database = await sharedDatabase();
    await resetDatabase(database);
    const sent: OutgoingMessage[] = [];
    const refused = new Set<string>();
    const notifier: Notifier = {
      send: async (message) => {
        if (refused.has(message.to)) throw new Error(`550 mailbox ${message.to} unavailable`);
        sent.push(message);
      },
      close: async () => {},
    };
    app = await buildApp(testConfig(), { database, notifier });
    await app.ready();
    return { app, database, sent, refused };
  }

  /** Runs the outbox as its worker would, each attempt due at once, until nothing is left to try. */
  async function retryUntilGivenUp(built: App, database: Database) {
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await database.query('update outbox set next_attempt_at = now() where sent_at is null');
      await built.services.outbox.deliver();
    }
  }

  /** A row the outbox gave up on, as it leaves one. */
  const insertFailed = (database: Database, message: object) =>
    database
      .query<{ id: number }>(
        `insert into outbox (message, attempts, failed_at, last_error)
         values ($1, 8, now(), '550 refused') returning id`,
        [JSON.stringify(message)],
      )
      .then(([row]) => Number(row!.id));

  const auditRows = (database: Database, action: string) =>
    database.query<{ entity_id: string; order_id: string | null; after: unknown; row: string }>(
      `select entity_id, order_id, after, row_to_json(a)::text as row from audit_log a
        where action = $1`,
      [action],
    );

  it('lists a receipt given up after its attempts; Send again delivers it once to the e-mail the account has now', async () => {
    const { app, database, sent, refused } = await store();
    const [numberId] = [...(await insertTestNumbers(app, salesInventory)).values()];
    const buyer = await buyerWithOrder(app, [numberId!]);
    refused.add(buyer.user.email);
    const support = await staffMember(app);
    const paid = await support.client.post(api(`/admin/orders/${buyer.order.id}/payments`), {
      reference: 'UTR 4455667788',
    });
    expect(paid.statusCode).toBe(200);
    await retryUntilGivenUp(app, database);

    const listed = await support.client.get(api('/admin/undelivered-messages'));
    expect(listed.statusCode).toBe(200);
    const { messages, total } = listed.json().data;
    expect(total).toBe(1);
    expect(messages[0]).toMatchObject({
      channel: 'email',
      to: buyer.user.email,
      order: { id: buyer.order.id, reference: buyer.order.reference },
      followsAccount: true,
      attempts: OUTBOX_MAX_ATTEMPTS,
      lastError: `550 mailbox ${buyer.user.email} unavailable`,
    });
    expect(messages[0].about).toMatch(/payment/i);
    expect(JSON.stringify(messages[0])).not.toContain('UTR 4455667788');

    const newEmail = { email: 'meera.new@example.com' };
    expect((await buyer.client.post(api('/user/contact-change'), newEmail)).statusCode).toBe(200);
    const { otp } = sent.find((message) => message.to === newEmail.email)!;
    const changed = await buyer.client.post(api('/user/contact-change/verify'), {
      ...newEmail,
      otp,
    });
    expect(changed.statusCode).toBe(200);
    sent.length = 0;
    const again = await support.client.post(
      api(`/admin/undelivered-messages/${messages[0].id}/send-again`),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      data: { status: 'sent', to: 'meera.new@example.com' },
      message: 'Message sent to meera.new@example.com.',
    });
    expect(sent.map((message) => [message.to, message.subject])).toEqual([
      ['meera.new@example.com', expect.stringMatching(/payment/i)],
    ]);
    await app.services.outbox.deliver();
    expect(sent).toHaveLength(1);
    expect((await support.client.get(api('/admin/undelivered-messages'))).json().data.total).toBe(
      0,
    );
    const twice = await support.client.post(
      api(`/admin/undelivered-messages/${messages[0].id}/send-again`),
    );
    expect(twice.statusCode).toBe(404);

    const audited = await auditRows(database, 'message.send_again');
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      entity_id: String(messages[0].id),
      order_id: buyer.order.id,
      after: { channel: 'email', readdressed: true },
    });
    expect(audited[0]!.row).not.toContain('@');
  });

  it('dismisses a message: deleted, audited without its address; a second dismiss or an unknown id is 404', async () => {
    const { app, database } = await store();
    const id = await insertFailed(database, {
      channel: 'sms',
      to: '9876543210',
      text: 'Order VN-1: your UPC is AB123456',
      smsTemplate: { kind: 'upc_sent', variables: ['AB123456'] },
    });
    const support = await staffMember(app);
    const listed = (await support.client.get(api('/admin/undelivered-messages'))).json().data;
    expect(listed.messages[0]).toMatchObject({ id, about: 'upc sent', order: null });
    expect(JSON.stringify(listed)).not.toContain('AB123456');

    const dismissed = await support.client.request({
      method: 'DELETE',
      url: api(`/admin/undelivered-messages/${id}`),
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await database.query('select 1 from outbox where id = $1', [id])).toEqual([]);
    expect(
      (
        await support.client.request({
          method: 'DELETE',
          url: api(`/admin/undelivered-messages/${id}`),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await support.client.post(api('/admin/undelivered-messages/999999/send-again'))).statusCode,
    ).toBe(404);
    const notAnId = await support.client.post(api('/admin/undelivered-messages/1e3/send-again'));
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.body).toContain('must be a message id');
    const audited = await auditRows(database, 'message.dismiss');
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ entity_id: String(id), after: { channel: 'sms' } });
    expect(audited[0]!.row).not.toContain('9876543210');
  });

  it('refuses with 409 a message of a closed account, and a WhatsApp message the buyer has stopped', async () => {
    const { app, database } = await store();
    const buyer = await signedIn(app, { getWhatsappUpdate: false });
    const closed = await insertFailed(database, {
      channel: 'email',
      to: 'gone@example.com',
      subject: 'Order VN-2: payment received',
      text: 'x',
      followsAccount: randomUUID(),
    });
    const whatsapp = await insertFailed(database, {
      channel: 'whatsapp',
      to: buyer.user.mobile,
      text: 'x',
      template: { kind: 'order_update', parameters: [] },
      followsAccount: buyer.user.id,
    });
    const support = await staffMember(app, 'admin');
    const closedAnswer = await support.client.post(
      api(`/admin/undelivered-messages/${closed}/send-again`),
    );
    expect([closedAnswer.statusCode, closedAnswer.json().code]).toEqual([409, 'ACCOUNT_CLOSED']);
    const stopped = await support.client.post(
      api(`/admin/undelivered-messages/${whatsapp}/send-again`),
    );
    expect([stopped.statusCode, stopped.json().code]).toEqual([409, 'WHATSAPP_STOPPED']);
    expect(await auditRows(database, 'message.send_again')).toEqual([]);
  });

  it('answers 401 to a visitor and 403 to a customer', async () => {
    const { app, database } = await store();
    const id = await insertFailed(database, { channel: 'email', to: 'a@example.com', text: 'x' });
    const customer = await signedIn(app);
    for (const [method, url] of [
      ['GET', '/admin/undelivered-messages'],
      ['POST', `/admin/undelivered-messages/${id}/send-again`],
      ['DELETE', `/admin/undelivered-messages/${id}`],
    ] as const) {
      expect((await app.inject({ method, url: api(url) })).statusCode).toBe(401);
      expect((await customer.client.request({ method, url: api(url) })).statusCode).toBe(403);
    }
    expect(await database.query('select 1 from outbox where failed_at is not null')).toHaveLength(
      1,
    );
  });
});
