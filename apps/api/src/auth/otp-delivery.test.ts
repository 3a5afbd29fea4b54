import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Notifier, OutgoingMessage } from '../notify/notifier';
import { resetDatabase, sharedDatabase, testConfig } from '../test/test-app';
import { api, newCustomer } from '../test/session-client';

describe('OTP delivery failures', () => {
  let app: App;
  let failing: Set<string>;
  const sent: OutgoingMessage[] = [];
  const notifier: Notifier = {
    async send(message) {
      if (failing.has(message.channel)) throw new Error(`${message.channel} provider down`);
      sent.push(message);
    },
    async close() {},
  };

  beforeAll(async () => {
    app = await buildApp(testConfig({ OTP_RESEND_COOLDOWN_SECONDS: '0' }), {
      database: await sharedDatabase('pglite'),
      notifier,
    });
    await app.ready();
  });
  beforeEach(async () => {
    await resetDatabase(await sharedDatabase('pglite'));
    sent.length = 0;
    failing = new Set();
  });
  afterAll(() => app.close());

  it('reports only the channels that worked', async () => {
    failing.add('email');
    const res = await app.inject({
      method: 'POST',
      url: api('/auth/register'),
      payload: newCustomer(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.channels).toEqual({ email: false, sms: true });
    expect(res.json().message).toBe('We have sent a verification code to your mobile.');
    expect(sent.map((m) => m.channel)).toEqual(['sms']);
  });

  it('answers 503 when no channel worked, and leaves no usable code behind', async () => {
    failing.add('email').add('sms');
    const details = newCustomer();
    const res = await app.inject({ method: 'POST', url: api('/auth/register'), payload: details });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'OTP_DELIVERY_FAILED' });
    const verify = await app.inject({
      method: 'POST',
      url: api('/auth/verify-otp'),
      payload: { mobile: details.mobile, otp: '123456' },
    });
    expect(verify.json().code).toBe('OTP_NOT_FOUND');
  });
});
