import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { describeEachDatabase } from '../../test-support/test-app';
import {
  api,
  latestOtp,
  newCustomer,
  outbox,
  registerCustomer,
  registrationCodes,
  SessionClient,
} from '../../test-support/session-client';
import { argon2 } from './password-hashing';

afterEach(() => {
  vi.restoreAllMocks();
});

describeEachDatabase(
  'POST /auth/resend-otp',
  (ctx) => {
    const post = (url: string, payload?: unknown) =>
      ctx().app.inject({
        method: 'POST',
        url: api(url),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    it('issues a new code and request id with fresh expiry and attempts', async () => {
      const { app, database } = ctx();
      const details = newCustomer();
      const first = (await post('/auth/register', details)).json().data;
      const oldOtp = await latestOtp(app, details.mobile);
      const wrong = oldOtp === '000000' ? '111111' : '000000';
      const oldEmailOtp = await latestOtp(app, details.email);
      await post('/auth/verify-otp', { mobile: details.mobile, otp: wrong, emailOtp: oldEmailOtp });
      await post('/auth/verify-otp', { mobile: details.mobile, otp: wrong, emailOtp: oldEmailOtp });
      await database.query(`update otp_requests set expires_at = now() - interval '1 second'`);

      const res = await post('/auth/resend-otp', { email: details.email, mobile: details.mobile });
      expect(res.statusCode).toBe(200);
      const again = res.json().data;
      expect(again.requestId).not.toBe(first.requestId);
      expect(again.channels).toEqual({ email: true, sms: true });
      expect(again.maxAttempts).toBe(10);
      expect(new Date(again.otpExpiry).getTime()).toBeGreaterThan(Date.now() + 590_000);
      expect(await outbox(app, details.mobile)).toHaveLength(2);
      expect(await outbox(app, details.email)).toHaveLength(2);
      const newOtp = await latestOtp(app, details.mobile);
      const emailOtp = await latestOtp(app, details.email);

      const wrongAgain = await post('/auth/verify-otp', {
        mobile: details.mobile,
        otp: newOtp === wrong ? '222222' : wrong,
        emailOtp,
      });
      expect(wrongAgain.json()).toMatchObject({ code: 'OTP_INVALID', remainingAttempts: 9 });
      if (oldOtp !== newOtp) {
        const old = await post('/auth/verify-otp', {
          mobile: details.mobile,
          otp: oldOtp,
          emailOtp,
        });
        expect(old.json().code).toBe('OTP_INVALID');
      }
      if (oldEmailOtp !== emailOtp) {
        const old = await post('/auth/verify-otp', {
          mobile: details.mobile,
          otp: newOtp,
          emailOtp: oldEmailOtp,
        });
        expect(old.json().code).toBe('OTP_INVALID');
      }
      const ok = await post('/auth/verify-otp', { mobile: details.mobile, otp: newOtp, emailOtp });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.user.email).toBe(details.email);
    });

    it('finds the request by the mobile alone, as the login screen sends it', async () => {
      const details = newCustomer();
      await post('/auth/register', details);
      const res = await post('/auth/resend-otp', { mobile: `+91${details.mobile}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.channels).toEqual({ email: true, sms: true });
    });

    it('refuses a resend without contact information', async () => {
      for (const payload of [undefined, {}, { email: '', mobile: '' }]) {
        const res = await post('/auth/resend-otp', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 'CONTACT_REQUIRED',
          message: 'Contact information is required to resend OTP',
        });
      }
    });

    it('answers 400 OTP_NOT_FOUND when nothing is pending', async () => {
      const res = await post('/auth/resend-otp', { mobile: '9123456780' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('OTP_NOT_FOUND');
    });

    it('resends the request named by requestId, not a newer one of another purpose', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      const signIn = (await post('/auth/sign-in', { mobile: details.mobile })).json().data;
      // Another tab asks for a password reset: the newest open request is now that one.
      await post('/auth/forgot-password', { mobile: details.mobile });

      const res = await post('/auth/resend-otp', {
        mobile: details.mobile,
        requestId: signIn.requestId,
      });
      expect(res.statusCode).toBe(200);
      const [latest] = await outbox(app, details.mobile);
      expect(latest!.text).toContain('to sign in');
      // The new code signs in (a password-reset code would not).
      const verified = await post('/auth/verify-otp', {
        mobile: details.mobile,
        otp: latest!.otp,
      });
      expect(verified.statusCode).toBe(200);

      // Without requestId the newest open request (the password reset) is the one resent.
      await post('/auth/resend-otp', { mobile: details.mobile });
      expect((await outbox(app, details.mobile))[0]!.text).toContain('reset your password');
      // A requestId that is no longer open is not replaced by another request.
      const stale = await post('/auth/resend-otp', {
        mobile: details.mobile,
        requestId: signIn.requestId,
      });
      expect(stale.json().code).toBe('OTP_NOT_FOUND');
    });
  },
  { env: { OTP_RESEND_COOLDOWN_SECONDS: '0' } },
);

describeEachDatabase('OTP resend cooldown', (ctx) => {
  it('answers 429 with Retry-After until the cooldown has passed', async () => {
    const { app, database } = ctx();
    const details = newCustomer();
    await app.inject({ method: 'POST', url: api('/auth/register'), payload: details });
    const early = await app.inject({
      method: 'POST',
      url: api('/auth/resend-otp'),
      payload: { mobile: details.mobile },
    });
    expect(early.statusCode).toBe(429);
    const retryAfter = Number(early.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(29);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(early.json()).toMatchObject({ success: false, code: 'OTP_RESEND_COOLDOWN', retryAfter });
    expect(early.json().message).toMatch(/wait \d+ seconds/);

    await database.query(`update otp_requests set last_sent_at = now() - interval '31 seconds'`);
    const later = await app.inject({
      method: 'POST',
      url: api('/auth/resend-otp'),
      payload: { mobile: details.mobile },
    });
    expect(later.statusCode).toBe(200);
  });

  it('refuses a repeated registration in the cooldown before hashing its password', async () => {
    const { app } = ctx();
    const hash = vi.spyOn(argon2, 'hash');
    const details = newCustomer();
    const register = () =>
      app.inject({ method: 'POST', url: api('/auth/register'), payload: details });
    expect((await register()).statusCode).toBe(200);
    expect(hash).toHaveBeenCalledTimes(1);
    const again = await register();
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('OTP_RESEND_COOLDOWN');
    expect(hash).toHaveBeenCalledTimes(1);
  });
});

describeEachDatabase(
  'OTP send limits',
  (ctx) => {
    it('allows OTP_SENDS_PER_CONTACT_PER_HOUR sends to a mobile, then 429 with Retry-After', async () => {
      const { app, database } = ctx();
      const details = newCustomer();
      const send = () =>
        app.inject({
          method: 'POST',
          url: api('/auth/resend-otp'),
          payload: { mobile: details.mobile },
        });
      expect(
        (await app.inject({ method: 'POST', url: api('/auth/register'), payload: details }))
          .statusCode,
      ).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, code: 'OTP_SEND_LIMIT' });
      expect(limited.json().message).toContain('this e-mail address');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);

      // A sign-in code to the same mobile counts against the same limit.
      const signIn = await app.inject({
        method: 'POST',
        url: api('/auth/sign-in'),
        payload: { mobile: details.mobile },
      });
      expect(signIn.statusCode).toBe(429);

      // Once the oldest sends leave the hour, sending works again.
      await database.query(`update otp_sends set sent_at = now() - interval '61 minutes'`);
      expect((await send()).statusCode).toBe(200);
    });

    it('limits the sends from one client address, whatever the contacts', async () => {
      const { app } = ctx();
      const signIn = (mobile: string, remoteAddress = '203.0.113.7') =>
        app.inject({
          method: 'POST',
          url: api('/auth/sign-in'),
          payload: { mobile },
          remoteAddress,
        });
      expect((await signIn('9000000011')).statusCode).toBe(200);
      expect((await signIn('9000000012')).statusCode).toBe(200);
      expect((await signIn('9000000013')).statusCode).toBe(200);
      const limited = await signIn('9000000014');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'OTP_SEND_LIMIT' });
      expect(limited.json().message).toContain('your network');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
      expect((await signIn('9000000014', '198.51.100.9')).statusCode).toBe(200);
    });

    it('counts a registration (one code by e-mail and SMS) as one send from the address', async () => {
      const { app } = ctx();
      const from = { remoteAddress: '203.0.113.8' };
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({
          method: 'POST',
          url: api('/auth/register'),
          payload: newCustomer(),
          ...from,
        });
        expect(res.statusCode).toBe(200);
      }
      const hash = vi.spyOn(argon2, 'hash');
      const fourth = await app.inject({
        method: 'POST',
        url: api('/auth/register'),
        payload: newCustomer(),
        ...from,
      });
      expect(fourth.statusCode).toBe(429);
      // Refused before its password was hashed.
      expect(hash).not.toHaveBeenCalled();
    });

    it('counts a registration refused for a taken e-mail or mobile as a send: past the limit, the same 429', async () => {
      const { app } = ctx();
      const [alice, bob] = [await registerCustomer(app), await registerCustomer(app)];
      const register = (payload: object) =>
        app.inject({
          method: 'POST',
          url: api('/auth/register'),
          payload,
          remoteAddress: '203.0.113.9',
        });
      const byEmail = await register(newCustomer({ email: alice.details.email }));
      expect(byEmail.statusCode).toBe(409);
      expect(byEmail.json().code).toBe('EMAIL_TAKEN');
      const byMobile = await register(newCustomer({ mobile: alice.details.mobile }));
      expect(byMobile.statusCode).toBe(409);
      expect(byMobile.json().code).toBe('MOBILE_TAKEN');
      expect((await register(newCustomer())).statusCode).toBe(200);

      // The address has used its three sends: a taken contact and a free one answer alike.
      const free = await register(newCustomer());
      expect(free.statusCode).toBe(429);
      for (const taken of [{ email: bob.details.email }, { mobile: bob.details.mobile }]) {
        const refused = await register(newCustomer(taken));
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual(free.json());
        expect(refused.headers['retry-after']).toBe(free.headers['retry-after']);
      }
    });

    it('shares attempts and limits between server processes through the database', async () => {
      const { app, database, config } = ctx();
      const other = await buildApp(config, { database });
      try {
        const details = newCustomer();
        await app.inject({ method: 'POST', url: api('/auth/register'), payload: details });
        const otp = await latestOtp(app, details.mobile);
        const wrong = otp === '000000' ? '111111' : '000000';
        const emailOtp = await latestOtp(app, details.email);
        await app.inject({
          method: 'POST',
          url: api('/auth/verify-otp'),
          payload: { mobile: details.mobile, otp: wrong, emailOtp },
        });
        const viaOther = await other.inject({
          method: 'POST',
          url: api('/auth/verify-otp'),
          payload: { mobile: details.mobile, otp: wrong, emailOtp },
        });
        expect(viaOther.json().remainingAttempts).toBe(8);
        expect(
          (
            await other.inject({
              method: 'POST',
              url: api('/auth/resend-otp'),
              payload: { mobile: details.mobile },
            })
          ).statusCode,
        ).toBe(200);
        const limited = await app.inject({
          method: 'POST',
          url: api('/auth/resend-otp'),
          payload: { mobile: details.mobile },
        });
        expect(limited.statusCode).toBe(429);
        // Codes are keyed by SESSION_SECRET, so a code sent by one process verifies on another.
        const verified = await new SessionClient(app).post(api('/auth/verify-otp'), {
          mobile: details.mobile,
          ...(await registrationCodes(app, details)),
        });
        expect(verified.statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });
  },
  {
    env: {
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      OTP_SENDS_PER_CONTACT_PER_HOUR: '2',
      OTP_SENDS_PER_IP_PER_HOUR: '3',
      SESSION_SECRET: 'a-test-secret-of-at-least-32-characters!',
    },
  },
);

describeEachDatabase(
  'OTP send limits over a configured window',
  (ctx) => {
    it('counts sends in OTP_SEND_WINDOW_SECONDS and says when the window frees up', async () => {
      const { app, database } = ctx();
      const signIn = () =>
        app.inject({
          method: 'POST',
          url: api('/auth/sign-in'),
          payload: { mobile: '9000000021' },
        });
      expect((await signIn()).statusCode).toBe(200);
      const limited = await signIn();
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);

      // Eleven minutes ago is outside a ten-minute window, though well inside an hour.
      await database.query(`update otp_sends set sent_at = now() - interval '11 minutes'`);
      expect((await signIn()).statusCode).toBe(200);
    });
  },
  {
    env: {
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      OTP_SENDS_PER_CONTACT_PER_HOUR: '1',
      OTP_SEND_WINDOW_SECONDS: '600',
    },
  },
);

describeEachDatabase(
  'OTP sends of requests that fail later',
  (ctx) => {
    it('still count: a registration failing after its send was counted cannot get past the limit', async () => {
      const { app, database } = ctx();
      const details = newCustomer();
      // A registration PostgreSQL refuses to store (the HTTP routes refuse NUL first; this is
      // the service's own guarantee, whatever makes a request fail after it was counted).
      const failing = {
        ...details,
        name: 'Asha\u0000Verma',
        accountType: 'Individual' as const,
        acceptTermsAndConditions: true as const,
      };
      for (let i = 0; i < 2; i++) {
        await expect(app.services.auth.startRegistration(failing, '203.0.113.9')).rejects.toThrow();
      }
      const [sends] = await database.query<{ n: number }>(
        `select count(*)::int as n from otp_sends where contact = $1`,
        [details.mobile],
      );
      expect(sends!.n).toBe(2);
      const limited = await app.inject({
        method: 'POST',
        url: api('/auth/register'),
        payload: details,
        remoteAddress: '203.0.113.9',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('OTP_SEND_LIMIT');
    });
  },
  {
    env: {
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      OTP_SENDS_PER_CONTACT_AND_IP_PER_HOUR: '2',
    },
  },
);
