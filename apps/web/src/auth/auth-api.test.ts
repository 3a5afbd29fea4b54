import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorMessage } from '../lib/api-client';
import { fail, installFakeApi, ok } from '../lib/auth-test-utils';
import {
  AUTH_ERROR_FALLBACKS,
  authApi,
  registerPayload,
  remainingAttemptsOf,
  RESEND_CONTACT_REQUIRED,
  retryAfterOf,
} from './auth-api';
import {
  initialOtpState,
  OTP_DEFAULT_ATTEMPTS,
  OTP_DEFAULT_TTL_MS,
  OTP_RESEND_COOLDOWN_MS,
  otpReducer,
} from './otp-state';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('error texts (spec §8)', () => {
  it('has the authentication fallbacks word for word', () => {
    expect(Object.values(AUTH_ERROR_FALLBACKS)).toEqual([
      'Registration failed',
      'Invalid OTP. Please try again.',
      'Failed to resend OTP',
      'Login failed',
      'Failed to send OTP',
      'OTP verification failed',
      'Failed to send password reset OTP',
      'Password reset failed',
    ]);
  });

  it("shows the server's message when it sent one", () => {
    const error = new ApiError('An account with this e-mail already exists.', {
      status: 409,
      body: { success: false, message: 'An account with this e-mail already exists.' },
    });
    expect(apiErrorMessage(error, AUTH_ERROR_FALLBACKS.register)).toBe(
      'An account with this e-mail already exists.',
    );
  });

  it('falls back to the call’s own text when the server sent no message', () => {
    for (const fallback of Object.values(AUTH_ERROR_FALLBACKS)) {
      const error = new ApiError('Something went wrong', { status: 500, body: undefined });
      expect(apiErrorMessage(error, fallback)).toBe(fallback);
      const empty = new ApiError('Something went wrong', { status: 400, body: { success: false } });
      expect(apiErrorMessage(empty, fallback)).toBe(fallback);
    }
    expect(apiErrorMessage(undefined, 'Login failed')).toBe('Login failed');
    expect(apiErrorMessage(new Error(''), 'Login failed')).toBe('Login failed');
  });

  it('says so when no response arrived', () => {
    const error = new ApiError('No response received from server', { code: 'NETWORK_ERROR' });
    expect(apiErrorMessage(error, 'Login failed')).toBe('No response received from server');
  });

  it('reads remainingAttempts and retryAfter from error bodies', () => {
    const invalid = new ApiError('Invalid OTP. Please try again.', {
      status: 400,
      body: { success: false, message: 'Invalid OTP. Please try again.', remainingAttempts: 7 },
    });
    expect(remainingAttemptsOf(invalid)).toBe(7);
    expect(remainingAttemptsOf(new Error('x'))).toBeUndefined();
    const cooldown = new ApiError('Wait', { status: 429, body: { retryAfter: 22 } });
    expect(retryAfterOf(cooldown)).toBe(22);
    expect(retryAfterOf(invalid)).toBeUndefined();
  });

  it.each([
    ['register', () => authApi.register(registerPayload(corporateInput)), 'Registration failed'],
    ['login', () => authApi.login('a@b.co', 'x'), 'Login failed'],
  ])('%s rejects with an ApiError whose fallback applies', async (_name, call, fallback) => {
    installFakeApi({
      'POST /auth/register': { status: 500 },
      'POST /auth/login': { status: 400 },
    });
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(apiErrorMessage(error, fallback)).toBe(fallback);
  });
});

const corporateInput = {
  name: ' Asha ',
  email: 'Asha@Example.com ',
  mobile: '+91 98765-43210',
  password: 'long enough password',
  accountType: 'Corporate' as const,
  getWhatsappUpdate: true,
  acceptTermsAndConditions: true,
  companyName: ' Asha Traders ',
  gstinNo: '27aapfu0939f1zv',
};

describe('request bodies (spec §7)', () => {
  it('register: Corporate details upper-cased, only for Corporate', () => {
    expect(registerPayload(corporateInput)).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      mobile: '9876543210',
      password: 'long enough password',
      accountType: 'Corporate',
      getWhatsappUpdate: true,
      acceptTermsAndConditions: true,
      companyName: 'Asha Traders',
      gstinNo: '27AAPFU0939F1ZV',
    });
    const individual = registerPayload({ ...corporateInput, accountType: 'Individual' });
    expect(individual).not.toHaveProperty('companyName');
    expect(individual).not.toHaveProperty('gstinNo');
  });

  it('verify: registration sends e-mail, mobile and request id; login only mobile and otp', async () => {
    const session = { user: { id: 'u', email: 'a@b.co', name: 'A' }, address: null };
    const api = installFakeApi({ 'POST /auth/verify-otp': ok(session) });
    await authApi.verifyOtp({
      purpose: 'registration',
      contact: { email: 'a@b.co', mobile: '9876543210' },
      otp: '123456',
      requestId: 'r-1',
    });
    await authApi.verifyOtp({
      purpose: 'login',
      contact: { email: 'a@b.co', mobile: '9876543210' },
      otp: '654321',
      requestId: 'r-2',
    });
    expect(api.calls.map((c) => c.body)).toEqual([
      { email: 'a@b.co', mobile: '9876543210', otp: '123456', requestId: 'r-1' },
      { mobile: '9876543210', otp: '654321' },
    ]);
  });

  it('resend: e-mail and mobile, login only the mobile; none at all fails (spec §5)', async () => {
    const api = installFakeApi({ 'POST /auth/resend-otp': ok({ requestId: 'r' }) });
    await authApi.resendOtp('registration', { email: 'a@b.co', mobile: '9876543210' });
    await authApi.resendOtp('login', { email: 'a@b.co', mobile: '9876543210' });
    await authApi.resendOtp('password_reset', { mobile: '98765 43210' }, 'r-9');
    await authApi.resendOtp('login', { mobile: '9876543210' }, null);
    expect(api.calls.map((c) => c.body)).toEqual([
      { email: 'a@b.co', mobile: '9876543210' },
      { mobile: '9876543210' },
      { mobile: '9876543210', requestId: 'r-9' },
      { mobile: '9876543210' },
    ]);
    await expect(authApi.resendOtp('registration', {})).rejects.toThrow(RESEND_CONTACT_REQUIRED);
    await expect(authApi.resendOtp(null, null)).rejects.toThrow(
      'Contact information is required to resend OTP',
    );
    expect(api.calls).toHaveLength(4);
  });

  it('reset: mobile, e-mail, otp and the new password', async () => {
    const session = { user: { id: 'u', email: 'a@b.co', name: 'A' }, address: null };
    const api = installFakeApi({ 'POST /auth/reset-password': ok(session, 'Changed') });
    const result = await authApi.resetPassword({
      contact: { mobile: '98765 43210' },
      otp: '111111',
      newPassword: 'new password 1',
    });
    expect(api.calls[0]?.body).toEqual({
      mobile: '9876543210',
      otp: '111111',
      newPassword: 'new password 1',
    });
    expect(result.session.user.id).toBe('u');
    expect(result.message).toBe('Changed');
  });

  it('a failed verify carries remainingAttempts from the response', async () => {
    installFakeApi({
      'POST /auth/verify-otp': fail(400, 'Invalid OTP. Please try again.', {
        remainingAttempts: 4,
      }),
    });
    const error = await authApi
      .verifyOtp({ purpose: 'login', contact: { mobile: '9876543210' }, otp: '000000' })
      .catch((e: unknown) => e);
    expect(remainingAttemptsOf(error)).toBe(4);
    expect(apiErrorMessage(error, AUTH_ERROR_FALLBACKS.verifyLogin)).toBe(
      'Invalid OTP. Please try again.',
    );
  });
});

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
      resendAvailableAt: now + OTP_RESEND_COOLDOWN_MS,
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
      resendAvailableAt: now + 60_000 + OTP_RESEND_COOLDOWN_MS,
    });
    expect(otpReducer(state, { type: 'clear' })).toEqual(initialOtpState);
  });
});
