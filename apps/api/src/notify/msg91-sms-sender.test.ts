import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMsg91SmsSender, SmsDeliveryError } from './msg91-sms-sender';
import { smsMessage, smsTemplateKinds, type SmsTemplateKind } from './sms-templates';

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

  /** A template id per kind, as an owner sets MSG91_TEMPLATE_<KIND>. */
  const templates = Object.fromEntries(
    smsTemplateKinds.map((kind, index) => [
      kind,
      `6500aaaabbbbccccdddd${String(index).padStart(4, '0')}`,
    ]),
  ) as Record<SmsTemplateKind, string>;
  const sender = (authKey = 'test-auth-key') =>
    createMsg91SmsSender({ authKey, templates, apiBase: base, timeoutMs: 5_000 });
  const site = { STORE_NAME: 'VIP Number Store', PUBLIC_BASE_URL: 'https://vipnumbers.example.in' };
  const sms = (kind: SmsTemplateKind, variables: string[]) =>
    smsMessage('9876543210', { kind, variables }, site);

  it("posts the kind's template, the number with country code and the variables in order", async () => {
    await sender().send({
      ...sms('otp', ['482913', 'sign in', '10 minutes']),
      otp: '482913',
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/v5/flow');
    expect(request!.headers.authkey).toBe('test-auth-key');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      template_id: templates.otp,
      short_url: '0',
      recipients: [
        { mobiles: '919876543210', VAR1: '482913', VAR2: 'sign in', VAR3: '10 minutes' },
      ],
    });
  });

  it('sends each kind of SMS through its own template, never the whole text', async () => {
    const upc = sms('upc_replaced', [
      '94942 66660',
      'CC33DD44',
      '3 Dec 2026',
      'AA11BB22',
      'VN-20261129-5N42PQTZ',
    ]);
    const refund = sms('refund_number', [
      'VN-20261129-8V50XF5P',
      '81384 21421',
      '23,687.20',
      '999988887778',
    ]);
    for (const message of [upc, refund]) await sender().send(message);
    expect(requests.map((request) => request.body)).toEqual([
      {
        template_id: templates.upc_replaced,
        short_url: '0',
        recipients: [
          {
            mobiles: '919876543210',
            VAR1: '94942 66660',
            VAR2: 'CC33DD44',
            VAR3: '3 Dec 2026',
            VAR4: 'AA11BB22',
            VAR5: 'VN-20261129-5N42PQTZ',
          },
        ],
      },
      {
        template_id: templates.refund_number,
        short_url: '0',
        recipients: [
          {
            mobiles: '919876543210',
            VAR1: 'VN-20261129-8V50XF5P',
            VAR2: '81384 21421',
            VAR3: '23,687.20',
            VAR4: '999988887778',
          },
        ],
      },
    ]);
    expect(
      new Set(requests.map((request) => (request.body as { template_id: string }).template_id))
        .size,
    ).toBe(2);
  });

  it('refuses an SMS with no template, rather than send its text where DLT would block it', async () => {
    await expect(sender().send({ channel: 'sms', to: '9876543210', text: 'x' })).rejects.toThrow(
      /needs its DLT template/,
    );
    expect(requests).toHaveLength(0);
  });

  it('rejects when MSG91 refuses the message', async () => {
    reply = { status: 200, body: { type: 'error', message: 'Template ID missing or invalid' } };
    const message = sms('payment_received', ['VN-20261129-MJ2018YZ']);
    await expect(sender().send(message)).rejects.toThrow(/Template ID missing or invalid/);
    await expect(sender('wrong-key').send(message)).rejects.toBeInstanceOf(SmsDeliveryError);
    reply = { status: 500, body: 'oops' };
    await expect(sender().send(message)).rejects.toThrow(/HTTP 500/);
  });

  it('rejects when MSG91 cannot be reached', async () => {
    const unreachable = createMsg91SmsSender({
      authKey: 'k',
      templates,
      apiBase: 'http://127.0.0.1:1/api/v5',
      timeoutMs: 5_000,
    });
    await expect(
      unreachable.send(sms('payment_received', ['VN-20261129-MJ2018YZ'])),
    ).rejects.toThrow(/could not be reached/);
  });
});
