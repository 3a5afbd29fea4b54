import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app';
import {
  api,
  latestOtp,
  outbox,
  registerCustomer,
  SessionClient,
} from '../../test-support/session-client';
import { INVALID_CREDENTIALS_MESSAGE } from './auth-service';

describeEachDatabase(
  'POST /auth/login, /auth/sign-in, /auth/forgot-password, /auth/reset-password',
  (ctx) => {
    it('signs in with the e-mail in any case, or the mobile in any usual form, and the password', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      for (const contact of [
        details.email.toUpperCase(),
        details.mobile,
        `+91 ${details.mobile.slice(0, 5)} ${details.mobile.slice(5)}`,
        `0${details.mobile}`,
      ]) {
        const client = new SessionClient(app);
        const res = await client.post(api('/auth/login'), { contact, password: details.password });
        expect(res.statusCode, contact).toBe(200);
        expect(res.json()).toMatchObject({
          success: true,
          data: { user: { email: details.email, mobile: details.mobile }, address: null },
        });
        expect(client.cookie('access_token')).toBeTruthy();
        expect((await client.get(api('/user/profile'))).statusCode).toBe(200);
      }
    });

    it('answers wrong credentials with 400 and one message, whichever part was wrong', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      const attempts = [
        { contact: details.email, password: 'not the password' },
        { contact: 'nobody@example.com', password: details.password },
        { contact: '9111111111', password: details.password },
      ];
      for (const body of attempts) {
        const res = await app.inject({ method: 'POST', url: api('/auth/login'), payload: body });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 'INVALID_CREDENTIALS',
          message: INVALID_CREDENTIALS_MESSAGE,
        });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const malformed = await app.inject({
        method: 'POST',
        url: api('/auth/login'),
        payload: { contact: '12345', password: 'whatever' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('VALIDATION_ERROR');
      const missing = await app.inject({
        method: 'POST',
        url: api('/auth/login'),
        payload: { contact: details.email },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain('Enter your password.');
    });

    it('signs in with a code sent by SMS and e-mail (verify-otp with only mobile and otp)', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      const res = await app.inject({
        method: 'POST',
        url: api('/auth/sign-in'),
        payload: { mobile: `+91-${details.mobile}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        channels: { email: true, sms: true },
        maxAttempts: 10,
      });
      const [sms] = await outbox(app, details.mobile);
      const [mail] = await outbox(app, details.email);
      expect(sms!.text).toContain('to sign in');
      expect(mail!.otp).toBe(sms!.otp);

      const client = new SessionClient(app);
      const verified = await client.post(api('/auth/verify-otp'), {
        mobile: details.mobile,
        otp: sms!.otp,
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().data.user.mobile).toBe(details.mobile);
      expect(client.cookie('refresh_token')).toBeTruthy();
    });

    it('answers a sign-in for an unknown mobile exactly like a known one, and sends nothing', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      const known = await app.inject({
        method: 'POST',
        url: api('/auth/sign-in'),
        payload: { mobile: details.mobile },
      });
      const unknown = await app.inject({
        method: 'POST',
        url: api('/auth/sign-in'),
        payload: { mobile: '9111111112' },
      });
      expect(unknown.statusCode).toBe(known.statusCode);
      const shape = (body: { data: Record<string, unknown> }) => ({
        ...body,
        data: { ...body.data, requestId: 'x', otpExpiry: 'x' },
      });
      expect(shape(unknown.json())).toEqual(shape(known.json()));
      expect(await outbox(app, '9111111112')).toHaveLength(0);

      // Its code never verifies; it answers like a wrong code.
      const guess = await app.inject({
        method: 'POST',
        url: api('/auth/verify-otp'),
        payload: { mobile: '9111111112', otp: '123456' },
      });
      expect(guess.statusCode).toBe(400);
      expect(guess.json()).toMatchObject({ code: 'OTP_INVALID', remainingAttempts: 9 });
      // and it can be resent like a real one
      const resent = await app.inject({
        method: 'POST',
        url: api('/auth/resend-otp'),
        payload: { mobile: '9111111112' },
      });
      expect(resent.statusCode).toBe(200);
      expect(resent.json().data.channels).toEqual({ email: true, sms: true });
    });

    it('lets staff sign in with their e-mail too', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      const res = await app.inject({
        method: 'POST',
        url: api('/auth/sign-in'),
        payload: { email: details.email },
      });
      expect(res.statusCode).toBe(200);
      const verified = await new SessionClient(app).post(api('/auth/verify-otp'), {
        email: details.email,
        otp: await latestOtp(app, details.email),
      });
      expect(verified.statusCode).toBe(200);
    });

    it('refuses a sign-in with a bad or missing mobile', async () => {
      const { app } = ctx();
      const bad = await app.inject({
        method: 'POST',
        url: api('/auth/sign-in'),
        payload: { mobile: '12345' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('valid 10-digit Indian mobile');
      const none = await app.inject({ method: 'POST', url: api('/auth/sign-in'), payload: {} });
      expect(none.statusCode).toBe(400);
      expect(none.json().code).toBe('CONTACT_REQUIRED');
    });

    it('resets a forgotten password with a code, signs in and ends the other sessions', async () => {
      const { app } = ctx();
      const { details, client: oldSession } = await registerCustomer(app);
      const forgot = await app.inject({
        method: 'POST',
        url: api('/auth/forgot-password'),
        payload: { email: details.email },
      });
      expect(forgot.statusCode).toBe(200);
      expect(forgot.json().data.channels).toEqual({ email: true, sms: false });
      expect(await outbox(app, details.mobile)).toHaveLength(1); // the registration code only
      const [mail] = await outbox(app, details.email);
      expect(mail!.text).toContain('reset your password');

      // A code for a password reset does not sign anyone in through verify-otp.
      const misuse = await app.inject({
        method: 'POST',
        url: api('/auth/verify-otp'),
        payload: { email: details.email, otp: mail!.otp },
      });
      expect(misuse.statusCode).toBe(400);

      const common = await app.inject({
        method: 'POST',
        url: api('/auth/reset-password'),
        payload: { email: details.email, mobile: '', otp: mail!.otp, newPassword: 'qwerty123' },
      });
      expect(common.statusCode).toBe(400);
      expect(common.json().message).toContain('too common');

      const client = new SessionClient(app);
      const reset = await client.post(api('/auth/reset-password'), {
        email: details.email,
        mobile: details.mobile,
        otp: mail!.otp,
        newPassword: 'a brand new passphrase',
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toMatchObject({
        success: true,
        data: { user: { email: details.email }, address: null },
      });
      expect(client.cookie('access_token')).toBeTruthy();

      // The old session ends at once: its access token too, not only when it expires.
      expect((await oldSession.get(api('/user/profile'))).statusCode).toBe(401);
      expect((await client.get(api('/user/profile'))).statusCode).toBe(200);
      const oldRefresh = await oldSession.post(api('/auth/refresh-token'));
      expect(oldRefresh.statusCode).toBe(401);

      const oldPassword = await app.inject({
        method: 'POST',
        url: api('/auth/login'),
        payload: { contact: details.email, password: details.password },
      });
      expect(oldPassword.statusCode).toBe(400);
      const newPassword = await app.inject({
        method: 'POST',
        url: api('/auth/login'),
        payload: { contact: details.mobile, password: 'a brand new passphrase' },
      });
      expect(newPassword.statusCode).toBe(200);

      const reuse = await app.inject({
        method: 'POST',
        url: api('/auth/reset-password'),
        payload: { email: details.email, otp: mail!.otp, newPassword: 'yet another passphrase' },
      });
      expect(reuse.statusCode).toBe(400);
    });

    it('answers a reset with a wrong code with 400 OTP_INVALID and the attempts left', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      await app.inject({
        method: 'POST',
        url: api('/auth/forgot-password'),
        payload: { mobile: details.mobile },
      });
      const otp = await latestOtp(app, details.mobile);
      const res = await app.inject({
        method: 'POST',
        url: api('/auth/reset-password'),
        payload: {
          mobile: details.mobile,
          otp: otp === '000000' ? '111111' : '000000',
          newPassword: 'a brand new passphrase',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'OTP_INVALID', remainingAttempts: 9 });
      const short = await app.inject({
        method: 'POST',
        url: api('/auth/reset-password'),
        payload: { mobile: details.mobile, otp, newPassword: 'short' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toContain('at least 8 characters');
      const noContact = await app.inject({
        method: 'POST',
        url: api('/auth/reset-password'),
        payload: { otp, newPassword: 'a brand new passphrase' },
      });
      expect(noContact.json().code).toBe('CONTACT_REQUIRED');
    });

    it('answers forgot-password for unknown contacts like for known ones, sending nothing', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      const known = await app.inject({
        method: 'POST',
        url: api('/auth/forgot-password'),
        payload: { mobile: details.mobile },
      });
      const unknown = await app.inject({
        method: 'POST',
        url: api('/auth/forgot-password'),
        payload: { mobile: '9222222222' },
      });
      // Known e-mail with someone else's mobile: treated as unknown.
      const mixed = await app.inject({
        method: 'POST',
        url: api('/auth/forgot-password'),
        payload: { email: details.email, mobile: '9333333333' },
      });
      for (const res of [known, unknown, mixed]) {
        expect(res.statusCode).toBe(200);
        expect(Object.keys(res.json().data).sort()).toEqual([
          'channels',
          'maxAttempts',
          'otpExpiry',
          'requestId',
          'resendAfter',
        ]);
      }
      expect(unknown.json().data.channels).toEqual(known.json().data.channels);
      expect(unknown.json().message).toBe(known.json().message);
      expect(mixed.json().data.channels).toEqual({ email: true, sms: true });
      expect(await outbox(app, '9222222222')).toHaveLength(0);
      expect(await outbox(app, '9333333333')).toHaveLength(0);
      const reset = await app.inject({
        method: 'POST',
        url: api('/auth/reset-password'),
        payload: { mobile: '9222222222', otp: '123456', newPassword: 'a brand new passphrase' },
      });
      expect(reset.json()).toMatchObject({ code: 'OTP_INVALID' });
    });
  },
  { env: { OTP_RESEND_COOLDOWN_SECONDS: '0' } },
);
