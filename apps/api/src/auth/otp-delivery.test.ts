import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import {
  createNotifier,
  type MessageSender,
  type Notifier,
  type NotifyLog,
  type OutgoingMessage,
} from '../notify/notifier';
import { resetDatabase, sharedDatabase, testConfig } from '../../test-support/test-app';
import { api, newCustomer } from '../../test-support/session-client';

describe('OTP delivery failures', () => {
  let app: App;
  let failing: Set<string>;
  const sent: OutgoingMessage[] = [];
  const logLines: string[] = [];
  const notifier: Notifier = {
    async send(message) {
      if (failing.has(message.channel)) throw new Error(`${message.channel} provider down`);
      sent.push(message);
    },
    async close() {},
  };

  beforeAll(async () => {
    app = await buildApp(testConfig({ OTP_RESEND_COOLDOWN_SECONDS: '30', LOG_LEVEL: 'warn' }), {
      database: await sharedDatabase(),
      notifier,
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
    await app.ready();
  });
  beforeEach(async () => {
    await resetDatabase(await sharedDatabase());
    sent.length = 0;
    failing = new Set();
  });
  afterAll(() => app.close());

  it('reports only the channels that worked', async () => {
    const details = newCustomer();
    expect(
      (await app.inject({ method: 'POST', url: api('/auth/register'), payload: details }))
        .statusCode,
    ).toBe(200);
    sent.length = 0;
    failing.add('email');
    const res = await app.inject({
      method: 'POST',
      url: api('/auth/forgot-password'),
      payload: { email: details.email, mobile: details.mobile },
    });
    // (no account yet: a decoy claims what a real request would have sent)
    expect(res.statusCode).toBe(200);
    await (
      await sharedDatabase()
    ).query(
      `insert into users (name, email, mobile, account_type) values ('Asha', '${details.email}', '${details.mobile}', 'Individual')`,
    );
    await (
      await sharedDatabase()
    ).query(`update otp_requests set last_sent_at = now() - interval '1 hour'`);
    const real = await app.inject({
      method: 'POST',
      url: api('/auth/sign-in'),
      payload: { mobile: details.mobile },
    });
    expect(real.statusCode).toBe(200);
    expect(real.json().data.channels).toEqual({ email: false, sms: true });
    // The wait before another code, as the store is set (the dialog's Resend countdown).
    expect(real.json().data.resendAfter).toBe(30);
    expect(real.json().message).toBe('We have sent a verification code to your mobile.');
    expect(sent.map((m) => m.channel)).toEqual(['sms']);
    // The log names the setting to check (QA 29 F3).
    expect(logLines.join('')).toContain('OTP email delivery failed: check SMTP_URL');
  });

  it('refuses a registration whose second code could not be sent: it needs both', async () => {
    failing.add('email');
    const details = newCustomer();
    const res = await app.inject({ method: 'POST', url: api('/auth/register'), payload: details });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      code: 'OTP_DELIVERY_FAILED',
      message:
        'We could not send a code to your e-mail address right now. Please try again later or contact support.',
    });
    const verify = await app.inject({
      method: 'POST',
      url: api('/auth/verify-otp'),
      payload: { mobile: details.mobile, otp: sent[0]!.otp, emailOtp: '123456' },
    });
    expect(verify.json().code).toBe('OTP_NOT_FOUND');
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

    // Nothing was sent, so there is no resend wait: once the providers are back, a code goes.
    failing.clear();
    const again = await app.inject({
      method: 'POST',
      url: api('/auth/register'),
      payload: details,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(sent.map((message) => message.to)).toEqual(
      expect.arrayContaining([details.email, details.mobile]),
    );
  });
});

const silentLog: NotifyLog = { info() {}, warn() {}, error() {} };

describe('OTP delivery in production without real senders', () => {
  const production = testConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-production-secret-of-32-characters!',
    OTP_RESEND_COOLDOWN_SECONDS: '0',
  });
  let app: App | undefined;
  afterAll(() => app?.close());
  beforeEach(async () => {
    await resetDatabase(await sharedDatabase());
  });

  async function start(email?: MessageSender) {
    await app?.close();
    const database = await sharedDatabase();
    app = await buildApp(production, {
      database,
      ...(email
        ? { notifier: createNotifier({ config: production, database, log: silentLog, email }) }
        : {}),
    });
    await app.ready();
    await database.query(
      `insert into users (name, email, mobile, account_type) values ('Known', 'known@example.com', '9876500001', 'Individual')`,
    );
    return app;
  }
  const post = (url: string, payload: object) =>
    app!.inject({ method: 'POST', url: api(url), payload });

  it('answers 503 instead of claiming a code was sent when only the log would get it', async () => {
    await start();
    const register = await post('/auth/register', newCustomer());
    expect(register.statusCode).toBe(503);
    expect(register.json()).toEqual({
      success: false,
      code: 'OTP_DELIVERY_FAILED',
      message: 'We could not send a code right now. Please try again later or contact support.',
    });
    // A known and an unknown number answer alike (the unknown one's decoy fails the same way).
    const known = await post('/auth/sign-in', { mobile: '9876500001' });
    const unknown = await post('/auth/sign-in', { mobile: '9876500002' });
    expect(known.statusCode).toBe(503);
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json()).toEqual(known.json());
    const forgot = await post('/auth/forgot-password', { email: 'known@example.com' });
    expect(forgot.statusCode).toBe(503);
    // Nothing is left open to verify or resend.
    const resend = await post('/auth/resend-otp', { mobile: '9876500002' });
    expect(resend.json().code).toBe('OTP_NOT_FOUND');
  });

  it('reports only the channel with a real sender', async () => {
    const mails: OutgoingMessage[] = [];
    await start({ send: async (message) => void mails.push(message) });
    // A registration needs its SMS code as well: it cannot be made without an SMS sender.
    const register = await post('/auth/register', newCustomer());
    expect(register.statusCode).toBe(503);
    expect(register.json().message).toContain('could not send a code to your mobile number');
    const known = await post('/auth/sign-in', { mobile: '9876500001' });
    const unknown = await post('/auth/sign-in', { mobile: '9876500002' });
    expect(known.json().data.channels).toEqual({ email: true, sms: false });
    expect(unknown.json().data.channels).toEqual(known.json().data.channels);
    // Nothing went to the registration's e-mail: its code alone would be of no use.
    expect(mails.map((m) => m.to)).toEqual(['known@example.com']);
  });
});
