import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMsg91SmsSender, SmsDeliveryError } from './msg91-sms-sender';

/** A local fake of MSG91's Flow endpoint: POST /api/v5/flow with an authkey header. */
describe('the MSG91 SMS adapter', () => {
  const requests: Array<{
    method?: string;
    url?: string;
    headers: IncomingHttpHeaders;
    body: unknown;
  }> = [];
  let reply: { status: number; body: unknown } = {
    status: 200,
    body: { type: 'success', message: '3763646c3058313530393435' },
  };
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        requests.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: JSON.parse(raw || 'null'),
        });
        if (req.url !== '/api/v5/flow' || req.method !== 'POST') {
          res
            .writeHead(404, { 'content-type': 'application/json' })
            .end('{"type":"error","message":"Not found"}');
          return;
        }
        if (req.headers.authkey !== 'test-auth-key') {
          res
            .writeHead(401, { 'content-type': 'application/json' })
            .end('{"type":"error","message":"Authentication failure"}');
          return;
        }
        res
          .writeHead(reply.status, { 'content-type': 'application/json' })
          .end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v5`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    reply = { status: 200, body: { type: 'success', message: '3763646c3058313530393435' } };
  });

  const sender = (authKey = 'test-auth-key') =>
    createMsg91SmsSender({
      authKey,
      templateId: '6500aaaabbbbccccdddd0001',
      apiBase: base,
      timeoutMs: 5_000,
    });

  it('posts the template, the number with country code and the variables', async () => {
    await sender().send({
      channel: 'sms',
      to: '9876543210',
      text: '482913 is your VIP Number Store code to sign in.',
      otp: '482913',
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/v5/flow');
    expect(request!.headers.authkey).toBe('test-auth-key');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      template_id: '6500aaaabbbbccccdddd0001',
      short_url: '0',
      recipients: [
        {
          mobiles: '919876543210',
          otp: '482913',
          content: '482913 is your VIP Number Store code to sign in.',
        },
      ],
    });
  });

  it('rejects when MSG91 refuses the message', async () => {
    reply = { status: 200, body: { type: 'error', message: 'Template ID missing or invalid' } };
    await expect(sender().send({ channel: 'sms', to: '9876543210', text: 'x' })).rejects.toThrow(
      /Template ID missing or invalid/,
    );
    await expect(
      sender('wrong-key').send({ channel: 'sms', to: '9876543210', text: 'x' }),
    ).rejects.toBeInstanceOf(SmsDeliveryError);
    reply = { status: 500, body: 'oops' };
    await expect(sender().send({ channel: 'sms', to: '9876543210', text: 'x' })).rejects.toThrow(
      /HTTP 500/,
    );
  });

  it('rejects when MSG91 cannot be reached', async () => {
    const unreachable = createMsg91SmsSender({
      authKey: 'k',
      templateId: 't',
      apiBase: 'http://127.0.0.1:1/api/v5',
      timeoutMs: 5_000,
    });
    await expect(unreachable.send({ channel: 'sms', to: '9876543210', text: 'x' })).rejects.toThrow(
      /could not be reached/,
    );
  });
});
