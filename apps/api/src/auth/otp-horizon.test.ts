import { expect, it } from 'vitest';
import { api, newCustomer, registrationCodes } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

/**
 * A request is matched until a day after its code expired, whatever OTP_TTL_SECONDS is: a
 * long TTL is never cut short by a fixed age limit.
 */
describeEachDatabase(
  'Which OTP requests verify-otp still matches',
  (ctx) => {
    const register = async () => {
      const details = newCustomer();
      const res = await ctx().app.inject({
        method: 'POST',
        url: api('/auth/register'),
        payload: details,
      });
      expect(res.statusCode).toBe(200);
      return { details, otp: await registrationCodes(ctx().app, details) };
    };
    const verify = (
      details: { email: string; mobile: string },
      codes: { otp: string; emailOtp: string },
    ) =>
      ctx().app.inject({
        method: 'POST',
        url: api('/auth/verify-otp'),
        payload: { email: details.email, mobile: details.mobile, ...codes },
      });
    const age = (email: string, created: string, expires: string) =>
      ctx().database.query(
        `update otp_requests set created_at = now() - interval '${created}', expires_at = now() + interval '${expires}' where email = $1`,
        [email],
      );

    it('verifies a code issued 30 hours ago that is still valid (two-day TTL)', async () => {
      const { details, otp } = await register();
      await age(details.email, '30 hours', '18 hours');
      const res = await verify(details, otp);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('says expired for a day after expiry, then that no code is waiting', async () => {
      const { details, otp } = await register();
      await age(details.email, '71 hours', '-23 hours');
      expect((await verify(details, otp)).json()).toMatchObject({ code: 'OTP_EXPIRED' });
      await age(details.email, '73 hours', '-25 hours');
      expect((await verify(details, otp)).json()).toMatchObject({ code: 'OTP_NOT_FOUND' });
    });
  },
  { env: { OTP_TTL_SECONDS: String(2 * 24 * 3600) } },
);
