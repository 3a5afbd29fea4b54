import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { describeEachDatabase, testConfig } from '../../test-support/test-app';
import { msg91TemplateSettings } from '../../test-support/msg91-templates';
import { listOutbox } from './dev-outbox';
import { smsMessage } from './sms-templates';
import { createNotifier, type OutgoingMessage } from './notifier';

describeEachDatabase('the notifier', (ctx) => {
  function capture() {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    return { lines, log };
  }

  it('routes each channel to its adapter and keeps a copy in the dev outbox', async () => {
    const sent: OutgoingMessage[] = [];
    const { log } = capture();
    const notifier = createNotifier({
      config: ctx().config,
      database: ctx().database,
      log,
      email: { send: async (m) => void sent.push({ ...m, subject: `email: ${m.subject}` }) },
      sms: { send: async (m) => void sent.push({ ...m, subject: 'sms' }) },
      whatsapp: { send: async (m) => void sent.push({ ...m, subject: 'whatsapp' }) },
    });
    await notifier.send({
      channel: 'email',
      to: 'a@example.com',
      subject: 'S',
      text: 'T 123456',
      otp: '123456',
    });
    await notifier.send({ channel: 'sms', to: '9876543210', text: 'hello' });
    await notifier.send({
      channel: 'whatsapp',
      to: '9876543210',
      text: 'order update',
      template: { kind: 'order_update', parameters: ['Asha', 'VN-1', 'done'] },
    });
    expect(sent.map((m) => [m.channel, m.subject])).toEqual([
      ['email', 'email: S'],
      ['sms', 'sms'],
      ['whatsapp', 'whatsapp'],
    ]);
    const kept = await listOutbox(ctx().database, { limit: 10 });
    expect(kept.map((m) => [m.channel, m.to, m.otp])).toEqual([
      ['whatsapp', '9876543210', null],
      ['sms', '9876543210', null],
      ['email', 'a@example.com', '123456'],
    ]);
  });

  it('logs a message when no provider is configured, with the code masked', async () => {
    const { lines, log } = capture();
    const notifier = createNotifier({ config: ctx().config, database: ctx().database, log });
    await notifier.send({
      channel: 'sms',
      to: '9876543210',
      text: '482913 is your code',
      otp: '482913',
    });
    const output = lines.join('');
    expect(output).toContain('9876543210');
    expect(output).toContain('/api/v1/dev/outbox?to=9876543210');
    expect(output).toContain('is your code');
    expect(output).not.toContain('482913');
  });

  it('outside production refuses for good a message to .invalid, but lets a code through', async () => {
    const { log } = capture();
    const notifier = createNotifier({ config: ctx().config, database: ctx().database, log });
    const receipt = { channel: 'email', to: 'asha@mistyped.invalid', subject: 'Paid', text: 'x' };
    await expect(notifier.send({ ...receipt, channel: 'email' })).rejects.toMatchObject({
      permanent: true,
      message: expect.stringContaining('550 asha@mistyped.invalid'),
    });
    await notifier.send({ ...receipt, channel: 'email', otp: '482913' });
    const production = testConfig({ NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(32) });
    await createNotifier({ config: production, database: ctx().database, log }).send({
      ...receipt,
      channel: 'email',
    });
  });

  it('uses the MSG91 adapter when SMS_PROVIDER=msg91', async () => {
    const requests: unknown[] = [];
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        requests.push(JSON.parse(raw));
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"type":"success","message":"id"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const config = testConfig({
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'key',
        ...msg91TemplateSettings,
        MSG91_TEMPLATE_OTP: '6500aaaabbbbccccdddd0001',
        MSG91_API_BASE: `http://127.0.0.1:${port}/api/v5`,
      });
      const notifier = createNotifier({ config, database: ctx().database, log: capture().log });
      await notifier.send({
        ...smsMessage(
          '9876543210',
          { kind: 'otp', variables: ['111222', 'sign in', '10 minutes'] },
          config,
        ),
        otp: '111222',
      });
      // The OTP kind's own template, from its setting, with its variables.
      expect(requests).toEqual([
        {
          template_id: '6500aaaabbbbccccdddd0001',
          short_url: '0',
          recipients: [
            { mobiles: '919876543210', VAR1: '111222', VAR2: 'sign in', VAR3: '10 minutes' },
          ],
        },
      ]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('counts the log as delivered outside production (the dev outbox has the message)', () => {
    const notifier = createNotifier({
      config: ctx().config,
      database: ctx().database,
      log: capture().log,
    });
    expect(notifier.delivers?.('email')).toBe(true);
    expect(notifier.delivers?.('sms')).toBe(true);
  });

  it('in production without providers: not delivered, and a warning at start-up', async () => {
    const production = testConfig({ NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(32) });
    const { lines, log } = capture();
    const notifier = createNotifier({ config: production, database: ctx().database, log });
    expect(notifier.delivers?.('email')).toBe(false);
    expect(notifier.delivers?.('sms')).toBe(false);
    const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
    expect(warnings.map((entry) => entry.msg)).toEqual([
      expect.stringContaining('Neither e-mail nor SMS can be delivered'),
      expect.stringContaining('No WhatsApp provider configured'),
    ]);
    // Other features' messages still resolve (they only log), without the code.
    await notifier.send({ channel: 'sms', to: '9876543210', text: '482913 code', otp: '482913' });
    expect(lines.join('')).not.toContain('482913');
    expect(lines.join('')).not.toContain('/dev/outbox');
    // Nor whom they were for, or what they said: nobody reads a production log for that.
    await notifier.send({
      channel: 'whatsapp',
      to: '9829012345',
      subject: 'upc_sent',
      text: 'Hello Asha Verma, 12 MG Road: UPC for 93388 89222 is QZ7K2M9P',
    });
    const logged = lines.join('');
    for (const secret of ['9829012345', '9876543210', 'Asha Verma', 'MG Road', 'QZ7K2M9P']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('whatsapp message not sent: no provider configured.');
  });

  it('in production with SMTP only: e-mail is delivered, SMS is not, and the warning says so', async () => {
    const production = testConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'p'.repeat(32),
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    const { lines, log } = capture();
    const notifier = createNotifier({ config: production, database: ctx().database, log });
    try {
      expect(notifier.delivers?.('email')).toBe(true);
      expect(notifier.delivers?.('sms')).toBe(false);
      expect(lines.join('')).toContain('No provider configured for SMS');
    } finally {
      await notifier.close();
    }
  });

  it('needs the MSG91 key and a template per kind of SMS when SMS_PROVIDER=msg91', () => {
    const { MSG91_TEMPLATE_UPC_SENT: _left, ...allButOne } = msg91TemplateSettings;
    expect(() =>
      loadConfig({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'key', ...allButOne }),
    ).toThrow(
      /^Invalid configuration:\n {2}- MSG91_TEMPLATE_UPC_SENT: required when SMS_PROVIDER=msg91$/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91', ...msg91TemplateSettings })).toThrow(
      /MSG91_AUTH_KEY: required when SMS_PROVIDER=msg91/,
    );
    expect(
      loadConfig({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'key', ...msg91TemplateSettings })
        .MSG91_TEMPLATE_ORDER_PLACED_UPI,
    ).toBe('order_placed_upi');
    // The one template of before cannot pass DLT: an owner upgrading is told what replaced it.
    expect(() =>
      loadConfig({
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'key',
        MSG91_TEMPLATE_ID: 'old',
        ...msg91TemplateSettings,
      }),
    ).toThrow(/MSG91_TEMPLATE_ID: no longer read: each kind of SMS has its own DLT template/);
    // The UPI ID goes in a DLT variable of the order SMS: 30 characters at most.
    expect(() =>
      loadConfig({
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'key',
        PAYMENT_UPI_ID: 'vipnumberstore.payments@okhdfcbank',
        ...msg91TemplateSettings,
      }),
    ).toThrow(/PAYMENT_UPI_ID: at most 30 characters with SMS_PROVIDER=msg91/);
  });
});
