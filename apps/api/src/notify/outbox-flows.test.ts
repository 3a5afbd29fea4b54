import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app';
import { inTransaction } from '../db/transactions';
import { sendEnquiry } from '../../test-support/console-fixtures';
import { insertTestNumbers } from '../../test-support/numbers';
import { buyerWithOrder, salesInventory, staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { resetDatabase, sharedDatabase, testConfig } from '../../test-support/test-app';
import type { OutgoingMessage } from './message';
import type { Notifier } from './notifier';
import { enqueueMessages } from './outbox';

/** The store's messages through the outbox: none lost when a provider fails or a process dies. */
describe('messages through the outbox', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function store(env: Record<string, string>) {
    const database = await sharedDatabase();
    await resetDatabase(database);
    const sent: OutgoingMessage[] = [];
    const provider = { down: false };
    const notifier: Notifier = {
      send: async (message) => {
        if (provider.down) throw new Error('connect ECONNREFUSED');
        sent.push(message);
      },
      close: async () => {},
    };
    app = await buildApp(testConfig(env), { database, notifier });
    await app.ready();
    return { app, database, sent, provider };
  }

  it('keeps an enquiry’s acknowledgement and staff alert when the provider is down, and sends them on retry', async () => {
    const { app, database, sent, provider } = await store({
      STAFF_ALERT_EMAILS: 'owner@example.com',
    });
    provider.down = true;
    expect((await sendEnquiry(app)).statusCode).toBe(201);
    expect(sent).toEqual([]);
    const waiting = await database.query<{ to: string; attempts: number }>(
      `select message->>'to' as to, attempts from outbox where sent_at is null order by id`,
    );
    expect(waiting).toEqual([
      { to: 'ravi@example.com', attempts: 1 },
      { to: 'owner@example.com', attempts: 1 },
    ]);

    provider.down = false;
    await database.query('update outbox set next_attempt_at = now()');
    expect(await app.services.outbox.deliver()).toEqual({ sent: 2, failed: 0 });
    expect(sent.map((message) => message.to)).toEqual(['ravi@example.com', 'owner@example.com']);
  });

  it('writes a payment’s messages with the payment, and none for a payment refused', async () => {
    const { app, database, sent, provider } = await store({
      STAFF_ALERT_EMAILS: 'team@example.com',
    });
    const [numberId, otherId] = [...(await insertTestNumbers(app, salesInventory)).values()];
    const buyer = await buyerWithOrder(app, [numberId!]);
    const other = await buyerWithOrder(app, [otherId!]);
    await app.services.outbox.deliver();
    sent.length = 0;
    const staff = await staffMember(app);
    const confirm = (orderId: string) =>
      staff.client.post(api(`/admin/orders/${orderId}/payments`), { reference: 'UTR 55501' });

    provider.down = true;
    expect((await confirm(buyer.order.id)).statusCode).toBe(200);
    const waiting = async () =>
      (
        await database.query<{ to: string }>(
          `select message->>'to' as to from outbox where sent_at is null order by id`,
        )
      ).map((row) => row.to);
    expect(await waiting()).toEqual(['team@example.com', buyer.user.email, buyer.user.mobile]);
    // The same reference on another order is refused: its transaction, messages and all, is not.
    expect((await confirm(other.order.id)).statusCode).toBe(409);
    expect(await waiting()).toHaveLength(3);

    provider.down = false;
    await database.query('update outbox set next_attempt_at = now()');
    expect(await app.services.outbox.deliver()).toEqual({ sent: 3, failed: 0 });
    expect(sent.map((message) => message.to)).toEqual([
      'team@example.com',
      buyer.user.email,
      buyer.user.mobile,
    ]);
  });

  it('sends, from the worker, a message a process committed and died before sending', async () => {
    const { database, sent } = await store({ OUTBOX_POLL_SECONDS: '1' });
    // As a process leaves it when killed between its commit and its delivery.
    await inTransaction(database, (tx) =>
      enqueueMessages(tx, [{ channel: 'sms', to: '9876543210', text: 'Your order is paid.' }]),
    );
    await vi.waitFor(() => expect(sent.map((m) => m.text)).toEqual(['Your order is paid.']), {
      timeout: 5_000,
    });
    // The worker marks the message sent just after the provider took it: on a busy machine, a
    // moment later.
    await vi.waitFor(
      async () => {
        const rows = await database.query<{ sent: boolean }>(
          'select sent_at is not null as sent from outbox',
        );
        expect(rows).toEqual([{ sent: true }]);
      },
      { timeout: 5_000 },
    );
    expect(sent).toHaveLength(1);
  });
});
