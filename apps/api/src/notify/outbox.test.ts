import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app';
import { inTransaction } from '../db/transactions';
import type { OutgoingMessage } from './message';
import type { Notifier } from './notifier';
import {
  createOutbox,
  enqueueMessages,
  failureReason,
  OUTBOX_KEEP_DAYS,
  OUTBOX_MAX_ATTEMPTS,
  retryDelayMs,
} from './outbox';
import { qrCodeAttachment } from './qr-code-attachment';
import { smsMessage } from './sms-templates';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const message = (n: number): OutgoingMessage => ({
  channel: 'email',
  to: `buyer${n}@example.com`,
  subject: `Message ${n}`,
  text: `Hello ${n}`,
});

/** The tax invoice the outbox attaches as it sends: a made-up PDF named for the order. */
const invoiceAttachment = async (orderId: string) => ({
  filename: `invoice-${orderId}.pdf`,
  contentType: 'application/pdf',
  content: Buffer.from(`%PDF- ${orderId}`),
});

/** A notifier that records what it sent, failing while `failing` is set. */
function recordingNotifier(delayMs = 0) {
  const sent: OutgoingMessage[] = [];
  const state = { failing: false };
  const notifier: Notifier = {
    async send(outgoing) {
      if (delayMs) await sleep(delayMs);
      if (state.failing) throw new Error('SMTP 451: try again later');
      sent.push(outgoing);
    },
    close: async () => {},
  };
  return { notifier, sent, state };
}

describeEachDatabase('the outbox', (ctx) => {
  /** The outbox as the server runs it, sending through `notifier`. */
  const sendingOutbox = (notifier: Notifier) =>
    createOutbox({
      invoiceAttachment,
      database: ctx().database,
      notifier,
      log: quiet,
      leaseMs: 60_000,
    });
  const rows = () =>
    ctx().database.query<{
      id: string;
      attempts: number;
      sent: boolean;
      failed: boolean;
      last_error: string | null;
      wait_ms: number;
    }>(
      `select id, attempts, sent_at is not null as sent, failed_at is not null as failed, last_error,
              (extract(epoch from next_attempt_at - now()) * 1000)::float8 as wait_ms
         from outbox order by id`,
    );

  it('keeps the messages of a committed change only, and sends each once', async () => {
    const { database } = ctx();
    await expect(
      inTransaction(database, async (tx) => {
        await enqueueMessages(tx, [message(1)]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);

    const ids = await inTransaction(database, (tx) =>
      enqueueMessages(tx, [message(2), message(3)]),
    );
    const { notifier, sent } = recordingNotifier();
    const outbox = sendingOutbox(notifier);
    expect(await outbox.deliver(ids)).toEqual({ sent: 2, failed: 0 });
    expect(sent.map((m) => m.subject)).toEqual(['Message 2', 'Message 3']);
    expect(await outbox.deliver()).toEqual({ sent: 0, failed: 0 });
    expect(sent).toHaveLength(2);
    expect((await rows()).map((row) => row.sent)).toEqual([true, true]);
  });

  it('sends an attachment byte for byte', async () => {
    const { database } = ctx();
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80]);
    const attachment = { filename: 'INV-26-27-000001.pdf', contentType: 'application/pdf' };
    const ids = await inTransaction(database, (tx) =>
      enqueueMessages(tx, [{ ...message(1), attachments: [{ ...attachment, content: pdf }] }]),
    );
    const { notifier, sent } = recordingNotifier();
    const outbox = sendingOutbox(notifier);
    await outbox.deliver(ids);

    expect(sent).toHaveLength(1);
    const [file] = (sent[0] as { attachments: { content: Buffer }[] }).attachments;
    expect(file).toEqual({ ...attachment, content: pdf });
    expect(Buffer.isBuffer(file!.content)).toBe(true);
  });

  it("keeps an SMS's DLT template and variables for its delivery (decision 0052)", async () => {
    const sms = smsMessage(
      '9810012345',
      { kind: 'payment_received', variables: ['VN-20261129-MJ2018YZ'] },
      { STORE_NAME: 'VIP Number Store', PUBLIC_BASE_URL: 'https://shop.example.in' },
    );
    const ids = await inTransaction(ctx().database, (tx) => enqueueMessages(tx, [sms]));
    const { notifier, sent } = recordingNotifier();
    await sendingOutbox(notifier).deliver(ids);
    expect(sent).toEqual([sms]);
    expect(sent[0]!.smsTemplate).toEqual({
      kind: 'payment_received',
      variables: ['VN-20261129-MJ2018YZ'],
    });
  });

  it('makes the tax invoice as it sends, and sends without it when that fails', async () => {
    const { database } = ctx();
    const ids = await inTransaction(database, (tx) =>
      enqueueMessages(tx, [
        { ...message(1), attachments: [{ invoiceOf: 'order-1' }] },
        { ...message(2), attachments: [{ invoiceOf: 'order-2' }] },
      ]),
    );
    const { notifier, sent } = recordingNotifier();
    const errors: unknown[] = [];
    const outbox = createOutbox({
      database,
      notifier,
      log: { ...quiet, error: (context: unknown) => errors.push(context) },
      leaseMs: 60_000,
      invoiceAttachment: (orderId) =>
        orderId === 'order-2' ? Promise.reject(new Error('no font')) : invoiceAttachment(orderId),
    });
    expect(await outbox.deliver(ids)).toEqual({ sent: 2, failed: 0 });

    expect(sent.map((m) => m.attachments)).toEqual([
      [{ ...(await invoiceAttachment('order-1')) }],
      [],
    ]);
    expect(errors).toEqual([expect.objectContaining({ orderId: 'order-2' })]);
  });

  it('keeps a QR code as its link and makes the PNG as it sends', async () => {
    const { database } = ctx();
    const link = 'upi://pay?pa=store@upi&am=81900.00&tn=VN-ABC123';
    const ids = await inTransaction(database, (tx) =>
      enqueueMessages(tx, [
        { ...message(1), attachments: [{ qrCodeOf: link, filename: 'upi-qr.png' }] },
      ]),
    );
    const [stored] = await database.query<{ message: unknown }>(
      'select message from outbox where id = $1',
      [ids[0]],
    );
    expect(stored!.message).toMatchObject({
      attachments: [{ qrCodeOf: link, filename: 'upi-qr.png' }],
    });

    const { notifier, sent } = recordingNotifier();
    const outbox = sendingOutbox(notifier);
    expect(await outbox.deliver(ids)).toEqual({ sent: 1, failed: 0 });
    const [file] = sent[0]!.attachments!;
    expect(file).toEqual(await qrCodeAttachment(link, 'upi-qr.png'));
    expect(file!.contentType).toBe('image/png');
    // A PNG, as a phone's gallery or mail app opens it.
    expect(file!.content.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('retries a failed delivery after a growing wait, and gives up after the last attempt', async () => {
    const { database } = ctx();
    const [id] = await inTransaction(database, (tx) => enqueueMessages(tx, [message(1)]));
    const { notifier, sent, state } = recordingNotifier();
    const outbox = sendingOutbox(notifier);
    state.failing = true;
    expect(await outbox.deliver()).toEqual({ sent: 0, failed: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sent: false, failed: false });
    expect(row!.last_error).toContain('SMTP 451');
    expect(row!.wait_ms).toBeGreaterThan(retryDelayMs(1) - 5_000);
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await outbox.deliver()).toEqual({ sent: 0, failed: 0 });

    const due = () => database.query('update outbox set next_attempt_at = now()');
    for (let attempt = 2; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) {
      await due();
      await outbox.deliver();
    }
    state.failing = false;
    await due();
    expect(await outbox.deliver([id!])).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);

    // A message failing every attempt is given up and left for the staff to see.
    await inTransaction(database, (tx) => enqueueMessages(tx, [message(2)]));
    state.failing = true;
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await due();
      await outbox.deliver();
    }
    [, row] = await rows();
    expect(row).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS, sent: false, failed: true });
    await due();
    expect(await outbox.deliver()).toEqual({ sent: 0, failed: 0 });
  });

  it('gives a message up at the first refusal its sender calls permanent', async () => {
    await inTransaction(ctx().database, (tx) => enqueueMessages(tx, [message(1)]));
    const refusing: Notifier = {
      send: async () => {
        throw Object.assign(new Error('550 5.1.1 no such user'), { permanent: true });
      },
      close: async () => {},
    };
    const logged: string[] = [];
    const outbox = createOutbox({
      invoiceAttachment,
      database: ctx().database,
      notifier: refusing,
      log: { ...quiet, error: (...args: unknown[]) => void logged.push(String(args[1])) },
      leaseMs: 60_000,
    });
    expect(await outbox.deliver()).toEqual({ sent: 0, failed: 1 });
    expect(await rows()).toMatchObject([
      { attempts: 1, failed: true, last_error: '550 5.1.1 no such user' },
    ]);
    // The log names the setting to check (QA 29 F3).
    expect(logged).toEqual(['message not sent: attempts exhausted (check SMTP_URL)']);
  });

  it('keeps a failure as one line, without an address’s password, cut to 300 characters', () => {
    expect(
      failureReason(
        new Error('connect ETIMEDOUT smtp://mailer:S3cret!@smtp.example.com:587\n at x'),
      ),
    ).toBe('connect ETIMEDOUT smtp://…@smtp.example.com:587 at x');
    const long = failureReason(new Error(`MSG91 refused the SMS (HTTP 400): ${'x'.repeat(400)}`));
    expect(long).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
    expect(failureReason('plain')).toBe('plain');
  });

  it('leaves a message claimed by a process that died until its lease ends, then sends it', async () => {
    const { database } = ctx();
    await inTransaction(database, (tx) => enqueueMessages(tx, [message(1)]));
    // A process claimed it and died before sending: the claim pushed its next attempt on.
    const dying = createOutbox({
      invoiceAttachment,
      database,
      notifier: { send: () => new Promise(() => {}), close: async () => {} },
      log: quiet,
      leaseMs: 60_000,
    });
    void dying.deliver();
    await sleep(200);
    const { notifier, sent } = recordingNotifier();
    const other = sendingOutbox(notifier);
    expect(await other.deliver()).toEqual({ sent: 0, failed: 0 });
    // The lease ends.
    await database.query("update outbox set next_attempt_at = now() - interval '1 second'");
    expect(await other.deliver()).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    expect(await rows()).toMatchObject([{ attempts: 2, sent: true }]);
  });

  it('sends each message once with several processes delivering at the same time', async () => {
    const { database } = ctx();
    await inTransaction(database, (tx) =>
      enqueueMessages(
        tx,
        Array.from({ length: 30 }, (_, n) => message(n)),
      ),
    );
    const senders = [1, 2, 3].map(() => recordingNotifier(5));
    const results = await Promise.all(
      senders.map(({ notifier }) => sendingOutbox(notifier).deliver()),
    );
    expect(results.reduce((total, r) => total + r.sent, 0)).toBe(30);
    const subjects = senders.flatMap(({ sent }) => sent.map((m) => m.subject));
    expect(new Set(subjects).size).toBe(30);
    expect(subjects).toHaveLength(30);
    // The work was shared.
    expect(senders.filter(({ sent }) => sent.length > 0).length).toBeGreaterThan(1);
  });

  it('forgets messages sent long ago, and keeps recent, unsent and failed ones', async () => {
    const { database } = ctx();
    await inTransaction(database, (tx) =>
      enqueueMessages(
        tx,
        [1, 2, 3, 4].map((n) => message(n)),
      ),
    );
    const days = (n: number) => `now() - interval '${n} days'`;
    await database.query(`update outbox set sent_at = ${days(OUTBOX_KEEP_DAYS + 1)} where id = 1`);
    await database.query(`update outbox set sent_at = ${days(1)} where id = 2`);
    await database.query(
      `update outbox set failed_at = ${days(OUTBOX_KEEP_DAYS + 1)} where id = 3`,
    );
    const outbox = createOutbox({
      invoiceAttachment,
      database,
      notifier: recordingNotifier().notifier,
      log: quiet,
      leaseMs: 60_000,
    });
    expect(await outbox.prune()).toBe(1);
    expect((await rows()).map((row) => Number(row.id))).toEqual([2, 3, 4]);
  });
});
