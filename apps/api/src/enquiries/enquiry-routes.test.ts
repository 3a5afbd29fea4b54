import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Notifier } from '../notify/notifier';
import { insertTestNumbers } from '../../test-support/numbers';
import { api, outbox } from '../../test-support/session-client';
import {
  describeEachDatabase,
  resetDatabase,
  sharedDatabase,
  testConfig,
} from '../../test-support/test-app';
import { ENQUIRY_RECEIVED_MESSAGE } from './enquiry-schemas';

const valid = {
  name: '  Ravi Kulkarni ',
  mobile: '+91 98765-43210',
  email: ' Ravi.K@Example.COM ',
  topic: 'smart-ivr',
  message: 'We need an IVR for our clinic with three departments.',
  pagePath: '/products/smart-ivr',
};

interface EnquiryRow {
  id: string;
  name: string;
  mobile: string;
  email: string;
  topic: string;
  message: string;
  status: string;
  page_path: string | null;
  client_ip: string | null;
}

describeEachDatabase(
  'POST /enquiries',
  (ctx) => {
    const send = (payload: unknown, remoteAddress = '203.0.113.7') =>
      ctx().app.inject({
        method: 'POST',
        url: api('/enquiries'),
        payload: payload as object,
        remoteAddress,
      });
    const rows = () =>
      ctx().database.query<EnquiryRow>('select * from enquiries order by created_at');

    it('stores the enquiry, normalised, and answers 201 with its id and reference', async () => {
      const res = await send(valid);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: ENQUIRY_RECEIVED_MESSAGE,
        data: { id: expect.any(String), reference: expect.stringMatching(/^ENQ-[0-9A-F]{8}$/) },
      });
      expect(body.data.reference).toBe(`ENQ-${body.data.id.slice(0, 8).toUpperCase()}`);
      expect(body.message).toBe('Thank you! We will get back to you shortly.');
      const [row, ...rest] = await rows();
      expect(rest).toHaveLength(0);
      expect(row).toMatchObject({
        id: body.data.id,
        name: 'Ravi Kulkarni',
        mobile: '9876543210',
        email: 'ravi.k@example.com',
        topic: 'smart-ivr',
        message: valid.message,
        status: 'new',
        page_path: '/products/smart-ivr',
        client_ip: '203.0.113.7',
      });
    });

    it('acknowledges the enquiry by e-mail, without repeating what the sender wrote', async () => {
      const res = await send(valid);
      const messages = await outbox(ctx().app, 'ravi.k@example.com');
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        channel: 'email',
        subject: `We have received your enquiry – ${ctx().config.STORE_NAME}`,
      });
      const text = messages[0]!.text;
      // Nothing the sender typed, not even the name (decision 0057): only the reference.
      expect(text.startsWith('Hello,\n')).toBe(true);
      expect(text).not.toContain('Ravi');
      expect(text).toContain('If you did not contact');
      expect(text).toContain('Smart IVR');
      expect(text).toContain('get back to you shortly');
      // A reference short enough to read out on the phone, not the enquiry's whole id.
      expect(text).toContain(`Reference: ${res.json().data.reference} (please quote it`);
      expect(text).not.toContain(res.json().data.id);
      // The address is not verified: the message never goes out to it.
      expect(text).not.toContain(valid.message);
      expect(text).not.toContain('clinic');
      expect(text).not.toContain('Kulkarni');
    });

    it("names the store's number an enquiry from its page is about, as the site shows it", async () => {
      await insertTestNumbers(ctx().app, [{ number: '9812347003', basePrice: 5_500 }]);
      const about = { ...valid, topic: 'vip-number', number: '98123 47003' };
      const res = await send({ ...about, pagePath: '/numbers/9812347003' });
      expect(res.statusCode).toBe(201);
      const [mail] = await outbox(ctx().app, 'ravi.k@example.com');
      expect(mail!.subject).toBe(
        `We have received your enquiry about 98123 47003 – ${ctx().config.STORE_NAME}`,
      );
      expect(mail!.text).toContain('We have received your enquiry about 98123 47003 and');
      expect(mail!.text).toContain(`Reference: ${res.json().data.reference}`);

      // A number the store does not have is the sender's text: not repeated (decision 0057).
      await send({ ...about, number: '9999999999' }, '203.0.113.8');
      const [other] = await outbox(ctx().app, 'ravi.k@example.com');
      expect(other!.text).not.toContain('99999');
      expect(other!.text).toContain('your enquiry about a VIP number and');
    });

    it('does not relay spam through the name', async () => {
      const spam = 'Visit https://spam.example/offer for cheap loans, call 99999 99999 now';
      const res = await send({
        ...valid,
        name: 'www.spam.example cheap loans',
        message: spam,
      });
      expect(res.statusCode).toBe(201);
      const [mail] = await outbox(ctx().app, 'ravi.k@example.com');
      expect(mail!.text.startsWith('Hello,\n')).toBe(true);
      for (const word of ['spam', 'loans', 'cheap', '99999'])
        expect(mail!.text).not.toContain(word);
      // The team still has every word of it.
      expect((await rows())[0]).toMatchObject({
        name: 'www.spam.example cheap loans',
        message: spam,
      });
    });

    it('takes job applications as enquiries with the topic career', async () => {
      const res = await send({
        ...valid,
        topic: 'career',
        message: 'Applying for Sales Executive. Four years in telecom retail in Pune.',
        pagePath: '/career',
      });
      expect(res.statusCode).toBe(201);
      expect((await rows())[0]).toMatchObject({ topic: 'career', page_path: '/career' });
      const [mail] = await outbox(ctx().app, 'ravi.k@example.com');
      expect(mail!.subject).toContain('application');
      expect(mail!.text).not.toContain('Sales Executive');
    });

    it('accepts every topic of the spec and works without a page path', async () => {
      for (const topic of [
        'general',
        'vip-number',
        'smart-ivr',
        'sms-solutions',
        'whatsapp',
        'career',
      ]) {
        const { pagePath: _pagePath, ...withoutPath } = valid;
        const res = await send({ ...withoutPath, topic }, `198.51.100.${topic.length}`);
        expect(res.statusCode, topic).toBe(201);
      }
      expect(await rows()).toHaveLength(6);
    });

    it('refuses bad input with 400 and a message naming the field', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...valid, mobile: '12345' }, 'mobile'],
        [{ ...valid, email: 'not-an-email' }, 'email'],
        [{ ...valid, topic: 'pizza' }, 'topic'],
        [{ ...valid, name: 'A' }, 'name'],
        [{ ...valid, message: 'hi' }, 'message'],
        [{ ...valid, message: 'x'.repeat(3001) }, 'message'],
        [{ ...valid, pagePath: 'https://evil.example/' }, 'pagePath'],
        [{ name: 'Ravi' }, 'mobile'],
      ];
      for (const [payload, field] of cases) {
        const res = await send(payload);
        expect(res.statusCode, field).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        expect(res.json().message).toContain(field);
      }
      // Markup as a name is refused, as a company name's is (decision 0097).
      const markup = await send({ ...valid, name: 'Kiran <img src=x onerror=alert(2)>' });
      expect(markup.statusCode).toBe(400);
      expect(markup.json().message).toContain('A name cannot have < or >.');
      const empty = await ctx().app.inject({ method: 'POST', url: api('/enquiries') });
      expect(empty.statusCode).toBe(400);
      expect(await rows()).toHaveLength(0);
    });

    it('answers a filled honeypot like a success but stores and sends nothing', async () => {
      const res = await send({ ...valid, website: 'http://spam.example' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: ENQUIRY_RECEIVED_MESSAGE });
      expect(res.json().data.id).toEqual(expect.any(String));
      expect(await rows()).toHaveLength(0);
      expect(await outbox(ctx().app, 'ravi.k@example.com')).toHaveLength(0);
      // An empty honeypot is what people send.
      expect((await send({ ...valid, website: '' })).statusCode).toBe(201);
      expect(await rows()).toHaveLength(1);
    });

    it('limits enquiries per client address an hour, with Retry-After', async () => {
      expect((await send(valid)).statusCode).toBe(201);
      expect((await send(valid)).statusCode).toBe(201);
      const limited = await send(valid);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
      expect(limited.json().message).toMatch(/try again in \d+ minutes?/);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await rows()).toHaveLength(2);

      // Another address is not affected.
      expect((await send(valid, '192.0.2.44')).statusCode).toBe(201);

      // Enquiries older than an hour no longer count.
      await ctx().database.query(
        `update enquiries set created_at = now() - interval '61 minutes' where client_ip = '203.0.113.7'`,
      );
      expect((await send(valid)).statusCode).toBe(201);
    });

    it('answers a repeat with the same Idempotency-Key with the first enquiry, sending nothing again', async () => {
      const withKey = (payload: unknown, key: string, remoteAddress = '203.0.113.7') =>
        ctx().app.inject({
          method: 'POST',
          url: api('/enquiries'),
          payload: payload as object,
          headers: { 'idempotency-key': key },
          remoteAddress,
        });
      const key = 'a1b2c3d4-0000-4000-8000-000000000001';
      const first = await withKey(valid, key);
      expect(first.statusCode, first.body).toBe(201);
      // The retry after a lost answer, and one from another address (the phone changed network).
      for (const address of ['203.0.113.7', '198.51.100.9']) {
        const again = await withKey(valid, key, address);
        expect(again.statusCode).toBe(201);
        expect(again.json()).toEqual(first.json());
      }
      expect(await rows()).toHaveLength(1);
      expect(await outbox(ctx().app, 'ravi.k@example.com')).toHaveLength(1);

      const other = await withKey({ ...valid, message: 'Another question entirely, please.' }, key);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await rows()).toHaveLength(1);

      // Two sent at the same moment make one enquiry.
      const twins = await Promise.all(
        ['203.0.113.7', '198.51.100.9'].map((address) =>
          withKey({ ...valid, email: 'twin@example.com' }, 'twin-key-0001', address),
        ),
      );
      expect(twins.map((res) => res.statusCode)).toEqual([201, 201]);
      expect(twins[0]!.json().data).toEqual(twins[1]!.json().data);
      expect(await rows()).toHaveLength(2);
      expect(await outbox(ctx().app, 'twin@example.com')).toHaveLength(1);
      // 203.0.113.7 is at its limit (2), yet a repeat is still answered: it stores nothing.
      expect((await send(valid)).statusCode).toBe(429);
      expect((await withKey(valid, key)).json()).toEqual(first.json());
      // Without a key, a repeat is a new enquiry, as before.
      expect((await send(valid, '192.0.2.50')).statusCode).toBe(201);
      expect(await rows()).toHaveLength(3);
    });

    it('refuses an Idempotency-Key that is not a plain token', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: api('/enquiries'),
        payload: valid,
        headers: { 'idempotency-key': 'short' },
      });
      expect(res.statusCode).toBe(400);
      expect(await rows()).toHaveLength(0);
    });

    it('refuses a form posted from another site', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: api('/enquiries'),
        payload: valid,
        headers: { origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(403);
      expect(await rows()).toHaveLength(0);
    });
  },
  { env: { ENQUIRIES_PER_IP_PER_HOUR: '2' } },
);

describeEachDatabase(
  'POST /enquiries behind nginx on the same machine (TRUST_PROXY=127.0.0.1)',
  (ctx) => {
    /** As deploy/nginx/store.conf sends it: from 127.0.0.1, X-Forwarded-For set by nginx. */
    const send = (forwardedFor: string, from = '127.0.0.1') =>
      ctx().app.inject({
        method: 'POST',
        url: api('/enquiries'),
        payload: valid,
        remoteAddress: from,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const ips = async () =>
      (
        await ctx().database.query<{ client_ip: string }>(
          'select client_ip from enquiries order by created_at',
        )
      ).map((row) => row.client_ip);

    it('counts the address nginx saw, not one the client wrote into X-Forwarded-For', async () => {
      // A client's own header, with nginx's address appended ($proxy_add_x_forwarded_for):
      // only the address nginx added is believed.
      expect((await send('203.0.113.9, 198.51.100.4')).statusCode).toBe(201);
      expect((await send('203.0.113.10, 198.51.100.4')).statusCode).toBe(201);
      expect((await send('203.0.113.11, 198.51.100.4')).statusCode).toBe(429);
      expect(await ips()).toEqual(['198.51.100.4', '198.51.100.4']);
    });

    it('counts each real client apart when nginx sets the header ($remote_addr)', async () => {
      expect((await send('198.51.100.4')).statusCode).toBe(201);
      expect((await send('198.51.100.5')).statusCode).toBe(201);
      expect((await send('198.51.100.4')).statusCode).toBe(201);
      expect((await send('198.51.100.4')).statusCode).toBe(429);
      expect(await ips()).toEqual(['198.51.100.4', '198.51.100.5', '198.51.100.4']);
    });

    it('does not believe the header from an address that is not the proxy', async () => {
      const direct = (forwardedFor: string) => send(forwardedFor, '203.0.113.50');
      expect((await direct('198.51.100.1')).statusCode).toBe(201);
      expect((await direct('198.51.100.2')).statusCode).toBe(201);
      expect((await direct('198.51.100.3')).statusCode).toBe(429);
      expect(await ips()).toEqual(['203.0.113.50', '203.0.113.50']);
    });
  },
  { env: { ENQUIRIES_PER_IP_PER_HOUR: '2', TRUST_PROXY: '127.0.0.1' } },
);

describeEachDatabase(
  'POST /enquiries with TRUST_PROXY=true (every hop trusted)',
  (ctx) => {
    it('lets a client choose its address: why the README says to name the proxy instead', async () => {
      const send = (forwardedFor: string) =>
        ctx().app.inject({
          method: 'POST',
          url: api('/enquiries'),
          payload: valid,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `${forwardedFor}, 198.51.100.4` },
        });
      for (const spoofed of ['203.0.113.9', '203.0.113.10', '203.0.113.11']) {
        expect((await send(spoofed)).statusCode).toBe(201);
      }
    });
  },
  { env: { ENQUIRIES_PER_IP_PER_HOUR: '2', TRUST_PROXY: 'true' } },
);

describe('POST /enquiries when the acknowledgement cannot be sent', () => {
  let app: App;
  const failing: Notifier = {
    send: () => Promise.reject(new Error('SMTP server unreachable')),
    close: () => Promise.resolve(),
  };

  beforeAll(async () => {
    const database = await sharedDatabase();
    await resetDatabase(database);
    app = await buildApp(testConfig(), { database, notifier: failing });
    await app.ready();
  });
  afterAll(() => app.close());

  it('still stores the enquiry and answers 201', async () => {
    const res = await app.inject({ method: 'POST', url: api('/enquiries'), payload: valid });
    expect(res.statusCode).toBe(201);
    const stored = await app.database.query<{ id: string }>('select id from enquiries');
    expect(stored.map((row) => row.id)).toEqual([res.json().data.id]);
  });
});
