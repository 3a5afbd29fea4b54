import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { describeEachDatabase, testConfig } from '../test/test-app';
import { listOutbox } from './dev-outbox';
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
      email: { send: async (m) => void sent.push(m) },
      sms: { send: async (m) => void sent.push(m) },
    });
    await notifier.send({
      channel: 'email',
      to: 'a@example.com',
      subject: 'S',
      text: 'T 123456',
      otp: '123456',
    });
    await notifier.send({ channel: 'sms', to: '9876543210', text: 'hello' });
    expect(sent.map((m) => m.channel)).toEqual(['email', 'sms']);
    const kept = await listOutbox(ctx().database, { limit: 10 });
    expect(kept.map((m) => [m.channel, m.to, m.otp])).toEqual([
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
        MSG91_TEMPLATE_ID: 'template',
        MSG91_API_BASE: `http://127.0.0.1:${port}/api/v5`,
      });
      const notifier = createNotifier({ config, database: ctx().database, log: capture().log });
      await notifier.send({
        channel: 'sms',
        to: '9876543210',
        text: '111222 is your code',
        otp: '111222',
      });
      expect(requests).toEqual([
        {
          template_id: 'template',
          short_url: '0',
          recipients: [{ mobiles: '919876543210', otp: '111222', content: '111222 is your code' }],
        },
      ]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('needs the MSG91 key and template when SMS_PROVIDER=msg91', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'key' })).toThrow(
      /MSG91_TEMPLATE_ID: required when SMS_PROVIDER=msg91/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91', MSG91_TEMPLATE_ID: 't' })).toThrow(
      /MSG91_AUTH_KEY: required when SMS_PROVIDER=msg91/,
    );
  });
});
