import { describe, expect, it } from 'vitest';
import {
  initialOtpState,
  OTP_DEFAULT_ATTEMPTS,
  OTP_DEFAULT_TTL_MS,
  OTP_DEFAULT_RESEND_COOLDOWN_MS,
  otpReducer,
} from './otp-state';

describe('OTP state (spec §3, §4)', () => {
  const now = Date.parse('2030-01-01T10:00:00Z');

  it('defaults to 10 minutes and 10 attempts when the server says nothing', () => {
    const state = otpReducer(initialOtpState, {
      type: 'sent',
      purpose: 'login',
      contact: { mobile: '9876543210' },
      issued: {},
      now,
    });
    expect(state).toMatchObject({
      isOtpSent: true,
      otpPurpose: 'login',
      contactInfo: { mobile: '9876543210' },
      remainingAttempts: OTP_DEFAULT_ATTEMPTS,
      otpExpiry: new Date(now + OTP_DEFAULT_TTL_MS).toISOString(),
      resendAvailableAt: now + OTP_DEFAULT_RESEND_COOLDOWN_MS,
    });
    expect(OTP_DEFAULT_ATTEMPTS).toBe(10);
    expect(OTP_DEFAULT_TTL_MS).toBe(600_000);
  });

  it('takes what the server says, updates attempts on failure, refreshes on resend, clears', () => {
    let state = otpReducer(initialOtpState, {
      type: 'sent',
      purpose: 'registration',
      contact: { email: 'a@b.co', mobile: '9876543210' },
      issued: {
        requestId: 'r-1',
        channels: { email: true, sms: false },
        otpExpiry: '2030-01-01T10:05:00.000Z',
        maxAttempts: 5,
      },
      now,
    });
    expect(state).toMatchObject({
      otpRequestId: 'r-1',
      otpChannels: { email: true, sms: false },
      otpExpiry: '2030-01-01T10:05:00.000Z',
      remainingAttempts: 5,
    });
    state = otpReducer(state, { type: 'verifyFailed', remainingAttempts: 2 });
    expect(state.remainingAttempts).toBe(2);
    state = otpReducer(state, { type: 'verifyFailed' });
    expect(state.remainingAttempts).toBe(1);
    state = otpReducer(state, {
      type: 'resent',
      issued: {
        requestId: 'r-2',
        channels: { email: true, sms: true },
        otpExpiry: '2030-01-01T10:15:00.000Z',
        maxAttempts: 5,
      },
      now: now + 60_000,
    });
    expect(state).toMatchObject({
      otpRequestId: 'r-2',
      otpChannels: { email: true, sms: true },
      otpExpiry: '2030-01-01T10:15:00.000Z',
      remainingAttempts: 5,
      otpPurpose: 'registration',
      resendAvailableAt: now + 60_000 + OTP_DEFAULT_RESEND_COOLDOWN_MS,
    });
    expect(otpReducer(state, { type: 'clear' })).toEqual(initialOtpState);
  });
  it('goes on with a code whose answer was lost: the known one kept, another with nothing made up', () => {
    const sent = otpReducer(initialOtpState, {
      type: 'sent',
      purpose: 'login',
      contact: { mobile: '9876543210' },
      issued: { requestId: 'r-1', maxAttempts: 5 },
      now,
    });
    const same = otpReducer(sent, {
      type: 'onItsWay',
      purpose: 'login',
      contact: { mobile: '9876543210' },
      until: now + 20_000,
      now,
    });
    expect(same).toEqual({ ...sent, resendAvailableAt: now + 20_000, sentAt: now });

    const other = otpReducer(sent, {
      type: 'onItsWay',
      purpose: 'login',
      contact: { mobile: '9123456780' },
      until: now + 20_000,
      now,
    });
    expect(other).toEqual({
      ...initialOtpState,
      isOtpSent: true,
      otpPurpose: 'login',
      contactInfo: { mobile: '9123456780' },
      resendAvailableAt: now + 20_000,
      sentAt: now,
    });
  });

  it('forgets the expiry and attempts of a code that is gone, until a new one is sent', () => {
    const sent = otpReducer(initialOtpState, {
      type: 'sent',
      purpose: 'login',
      contact: { mobile: '9876543210' },
      issued: {},
      now,
    });
    const gone = otpReducer(sent, { type: 'codeGone' });
    expect(gone).toMatchObject({ codeGone: true, otpExpiry: null, remainingAttempts: null });
    expect(gone.resendAvailableAt).toBe(sent.resendAvailableAt);
    const again = otpReducer(gone, { type: 'resent', issued: {}, now: now + 60_000 });
    expect(again).toMatchObject({ codeGone: false, remainingAttempts: OTP_DEFAULT_ATTEMPTS });
  });

  it("waits the server's resendAfter before Resend, and ends an expired code's count", () => {
    const sent = otpReducer(initialOtpState, {
      type: 'sent',
      purpose: 'login',
      contact: { mobile: '9876543210' },
      issued: { resendAfter: 5, maxAttempts: 10 },
      now,
    });
    expect(sent.resendAvailableAt).toBe(now + 5_000);
    const expired = otpReducer(sent, { type: 'expired' });
    expect(expired).toMatchObject({ otpExpiry: null, remainingAttempts: null, codeGone: false });
    expect(expired.resendAvailableAt).toBe(sent.resendAvailableAt);
  });
});
