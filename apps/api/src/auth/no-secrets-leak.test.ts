import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { resetDatabase, sharedDatabase, testConfig } from '../../test-support/test-app';
import { api, newCustomer, outbox, SessionClient } from '../../test-support/session-client';

describe('secrets stay out of responses and logs', () => {
  let app: App;
  const logLines: string[] = [];
  beforeAll(async () => {
    const database = await sharedDatabase();
    await resetDatabase(database);
    app = await buildApp(testConfig({ LOG_LEVEL: 'debug', OTP_RESEND_COOLDOWN_SECONDS: '0' }), {
      database,
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('never shows a password, password hash, OTP code or token outside the dev outbox', async () => {
    const bodies: string[] = [];
    const tokens = new Set<string>();
    const client = new SessionClient(app);
    const call = async (method: 'POST' | 'GET' | 'PATCH', path: string, payload?: object) => {
      const res = await client.request({ method, url: api(path), ...(payload ? { payload } : {}) });
      bodies.push(res.body);
      for (const c of res.cookies as Array<{ value: string }>)
        if (c.value.length > 8) tokens.add(c.value);
      return res;
    };
    const codeFor = async (to: string) => (await outbox(app, to))[0]!.otp!;

    const details = newCustomer();
    await call('POST', '/auth/register', details);
    await call('POST', '/auth/verify-otp', {
      mobile: details.mobile,
      otp: '000000',
      emailOtp: '000000',
    });
    await call('POST', '/auth/resend-otp', { mobile: details.mobile });
    await call('POST', '/auth/verify-otp', {
      email: details.email,
      mobile: details.mobile,
      otp: await codeFor(details.mobile),
      emailOtp: await codeFor(details.email),
    });
    await call('GET', '/user/profile');
    await call('POST', '/auth/refresh-token');
    await call('POST', '/auth/logout');
    await call('POST', '/auth/login', { contact: details.email, password: 'wrong password here' });
    await call('POST', '/auth/login', { contact: details.mobile, password: details.password });
    await call('POST', '/auth/sign-in', { mobile: details.mobile });
    await call('POST', '/auth/verify-otp', {
      mobile: details.mobile,
      otp: await codeFor(details.mobile),
    });
    await call('POST', '/auth/forgot-password', { email: details.email });
    const newPassword = 'another long passphrase';
    await call('POST', '/auth/reset-password', {
      email: details.email,
      otp: await codeFor(details.email),
      newPassword,
    });
    await call('POST', '/auth/register', { ...newCustomer(), password: 'short' });
    // A link's token in the address, logged with the request.
    await call('GET', '/alerts/unsubscribe?token=unsubscribe-token-1f2e3d4c');

    const codes = (await outbox(app, details.mobile))
      .concat(await outbox(app, details.email))
      .map((m) => m.otp!);
    expect(codes.length).toBeGreaterThanOrEqual(4);
    const hashes = (
      await app.database.query<{ password_hash: string }>('select password_hash from users')
    ).map((r) => r.password_hash);
    const refreshHashes = (
      await app.database.query<{ token_hash: string }>('select token_hash from refresh_tokens')
    ).map((r) => r.token_hash);
    expect(tokens.size).toBeGreaterThanOrEqual(6);

    const logs = logLines.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('sms message not sent');
    expect(logs).toContain('/api/v1/alerts/unsubscribe?token=%E2%80%A6');
    const secrets = [
      ...codes,
      ...hashes,
      ...refreshHashes,
      ...tokens,
      details.password,
      newPassword,
      'short',
      'unsubscribe-token-1f2e3d4c',
    ];
    // A code is 6 digits: it may appear by chance inside a longer number (a log line's time or
    // response time), which is not the code; so a code is looked for standing alone.
    const pattern = (secret: string) =>
      /^[0-9]+$/.test(secret) ? new RegExp(`(?<![0-9])${secret}(?![0-9])`) : secret;
    for (const secret of secrets) {
      expect(logs, 'logs').not.toMatch(pattern(secret));
      for (const body of bodies) expect(body).not.toMatch(pattern(secret));
    }
    expect(logs).not.toContain('$argon2');
    for (const body of bodies) expect(body).not.toMatch(/argon2|password_?hash|code_?hash/i);
  });
});
