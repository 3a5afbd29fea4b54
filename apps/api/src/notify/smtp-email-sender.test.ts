import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { insertTestNumbers } from '../../test-support/numbers';
import { buyerWithOrder, staffMember } from '../../test-support/sales';
import { resetDatabase, sharedDatabase, testConfig } from '../../test-support/test-app';
import { api, latestOtp, newCustomer } from '../../test-support/session-client';
import { createSmtpEmailSender } from './smtp-email-sender';

describe('the SMTP e-mail adapter', () => {
  const received: Array<{ envelopeTo: string[]; user?: string; mail: ParsedMail }> = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'mail-secret')
          return callback(null, { user: 'mailer' });
        return callback(new Error('bad credentials'));
      },
      // A mailbox that does not exist is refused for good; a full one for now.
      onRcptTo(address, _session, callback) {
        const refusals: Record<string, [string, number]> = {
          'nobody@example.com': ['5.1.1 No such user', 550],
          'full@example.com': ['4.2.2 Mailbox full, try later', 452],
        };
        const refusal = refusals[address.address];
        if (!refusal) return callback();
        return callback(Object.assign(new Error(refusal[0]), { responseCode: refusal[1] }));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              user: session.user as string | undefined,
              mail,
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers text and HTML through a real SMTP server, logging in with the URL credentials', async () => {
    const sender = createSmtpEmailSender({
      url: `smtp://mailer:mail-secret@127.0.0.1:${port}`,
      from: 'VIP Number Store <no-reply@store.test>',
      timeoutMs: 5_000,
    });
    try {
      await sender.send({
        channel: 'email',
        to: 'asha@example.com',
        subject: 'Your VIP Number Store verification code',
        text: 'Your verification code is 482913.',
        html: '<p>Your verification code is <strong>482913</strong>.</p>',
        otp: '482913',
      });
      await sender.send({
        channel: 'email',
        to: 'ravi@example.com',
        subject: 'Second',
        text: 'Plain only',
      });
    } finally {
      await sender.close?.();
    }
    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(first!.envelopeTo).toEqual(['asha@example.com']);
    expect(first!.user).toBe('mailer');
    expect(first!.mail.from?.value).toEqual([
      { name: 'VIP Number Store', address: 'no-reply@store.test' },
    ]);
    expect(first!.mail.subject).toBe('Your VIP Number Store verification code');
    expect(first!.mail.text?.trim()).toBe('Your verification code is 482913.');
    expect(first!.mail.html).toContain('<strong>482913</strong>');
    expect(second!.envelopeTo).toEqual(['ravi@example.com']);
    expect(second!.mail.html).toBe(false);
  });

  it('rejects when the server cannot be reached', async () => {
    const sender = createSmtpEmailSender({
      url: 'smtp://127.0.0.1:1',
      from: 'a@store.test',
      timeoutMs: 5_000,
    });
    try {
      await expect(
        sender.send({ channel: 'email', to: 'x@example.com', subject: 's', text: 't' }),
      ).rejects.toThrow();
    } finally {
      await sender.close?.();
    }
  });

  it('calls only a recipient the server refuses for good permanent, not one refused for now or a refused login', async () => {
    const sender = createSmtpEmailSender({
      url: `smtp://mailer:mail-secret@127.0.0.1:${port}`,
      from: 'VIP Number Store <no-reply@store.test>',
      timeoutMs: 5_000,
    });
    const refusal = (to: string) =>
      sender.send({ channel: 'email', to, subject: 'Your receipt', text: 'Paid.' }).then(
        () => undefined,
        (error: unknown) => error as Error & { permanent?: boolean },
      );
    try {
      const gone = await refusal('nobody@example.com');
      expect(gone?.message).toContain('No such user');
      expect(gone?.permanent).toBe(true);
      const later = await refusal('full@example.com');
      expect(later?.message).toContain('Mailbox full');
      expect(later?.permanent).toBe(false);
    } finally {
      await sender.close?.();
    }
    // A refused login (535) is the store's settings, not the message's: not permanent.
    const misconfigured = createSmtpEmailSender({
      url: `smtp://mailer:wrong-secret@127.0.0.1:${port}`,
      from: 'VIP Number Store <no-reply@store.test>',
      timeoutMs: 5_000,
    });
    try {
      const refused = await misconfigured
        .send({ channel: 'email', to: 'asha@example.com', subject: 'Your receipt', text: 'Paid.' })
        .then(
          () => undefined,
          (error: unknown) => error as Error & { permanent?: boolean; responseCode?: number },
        );
      expect(refused?.responseCode).toBe(535);
      expect(refused?.permanent).toBe(false);
    } finally {
      await misconfigured.close?.();
    }
  });

  it('carries the registration code when the server is configured with SMTP_URL', async () => {
    received.length = 0;
    const database = await sharedDatabase();
    await resetDatabase(database);
    const app = await buildApp(
      testConfig({
        SMTP_URL: `smtp://mailer:mail-secret@127.0.0.1:${port}`,
        MAIL_FROM: 'Store <otp@store.test>',
        PUBLIC_SUPPORT_EMAIL: 'help@store.test',
      }),
      { database },
    );
    try {
      const details = newCustomer();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: details,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.channels).toEqual({ email: true, sms: true });
      expect(received).toHaveLength(1);
      const mail = received[0]!.mail;
      const code = /code is (\d{6})/.exec(mail.text ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.html).toContain(code);
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(details.email);
      // A reply reaches the support mailbox, not the no-reply sender (QA 13b F2).
      expect(mail.replyTo?.value).toEqual([{ address: 'help@store.test', name: '' }]);
      const verified = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-otp',
        // The e-mail carries the e-mail's code; the SMS code is in the dev outbox.
        payload: {
          email: details.email,
          mobile: details.mobile,
          otp: await latestOtp(app, details.mobile),
          emailOtp: code,
        },
      });
      expect(verified.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("sends an order's e-mail with its text and an HTML part that links every address of the text", async () => {
    received.length = 0;
    const database = await sharedDatabase();
    await resetDatabase(database);
    const app = await buildApp(
      testConfig({ SMTP_URL: `smtp://mailer:mail-secret@127.0.0.1:${port}` }),
      { database },
    );
    try {
      const ids = await insertTestNumbers(app, [{ number: '9876598765', basePrice: 50_000 }]);
      const name = `O'Brien <b>& आशा`;
      const { order } = await buyerWithOrder(app, [ids.get('9876598765')!], { name });
      const staff = await staffMember(app);
      const paid = await staff.client.post(api(`/admin/orders/${order.id}/payments`), {
        reference: '412345678902',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const mail = await vi.waitFor(() => {
        const found = received.find(
          ({ mail }) => mail.subject === `Payment received: order ${order.reference}`,
        );
        if (!found) throw new Error('no receipt yet');
        return found.mail;
      });
      const text = mail.text ?? '';
      expect(text).toContain(`Dear ${name},`);
      expect(text).toContain(order.reference);
      const html = typeof mail.html === 'string' ? mail.html : '';
      expect(html).toContain(`<title>Payment received: order ${order.reference}</title>`);
      expect(html).toContain('Dear O&#39;Brien &lt;b&gt;&amp; आशा,');
      expect(html).not.toContain('<b>');
      expect(html).toContain(order.reference);
      // Every address of the text, and nothing else, is a link.
      const links = [...text.matchAll(/https?:\/\/[^\s)]+/g)].map(([link]) =>
        link.replace(/[.,]$/, ''),
      );
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(html).toContain(`<a href="${link}"`);
      expect(html.match(/<a /g)).toHaveLength(links.length);
      // The invoice is still attached.
      expect(mail.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
    } finally {
      await app.close();
    }
  });
});
