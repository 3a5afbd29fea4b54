import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../../../test-support/fake-api';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { AUTH_ERROR_FALLBACKS, remainingAttemptsOf, retryAfterOf } from '../auth-errors';
import { login } from './login';
import { register, registerPayload } from './register';
import { resendOtp, RESEND_CONTACT_REQUIRED } from './resend-otp';
import { resetPassword } from './reset-password';
import { verifyOtp } from './verify-otp';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('error texts (spec §8)', () => {
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
    ['register', () => register(registerPayload(corporateInput)), 'Registration failed'],
    ['login', () => login('a@b.co', 'x'), 'Login failed'],
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
    await verifyOtp({
      purpose: 'registration',
      contact: { email: 'a@b.co', mobile: '9876543210' },
      otp: '123456',
      requestId: 'r-1',
    });
    await verifyOtp({
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
    await resendOtp('registration', { email: 'a@b.co', mobile: '9876543210' });
    await resendOtp('login', { email: 'a@b.co', mobile: '9876543210' });
    await resendOtp('password_reset', { mobile: '98765 43210' }, 'r-9');
    await resendOtp('login', { mobile: '9876543210' }, null);
    expect(api.calls.map((c) => c.body)).toEqual([
      { email: 'a@b.co', mobile: '9876543210' },
      { mobile: '9876543210' },
      { mobile: '9876543210', requestId: 'r-9' },
      { mobile: '9876543210' },
    ]);
    await expect(resendOtp('registration', {})).rejects.toThrow(RESEND_CONTACT_REQUIRED);
    await expect(resendOtp(null, null)).rejects.toThrow(
      'Contact information is required to resend OTP',
    );
    expect(api.calls).toHaveLength(4);
  });

  it('reset: mobile, e-mail, otp and the new password', async () => {
    const session = { user: { id: 'u', email: 'a@b.co', name: 'A' }, address: null };
    const api = installFakeApi({ 'POST /auth/reset-password': ok(session, 'Changed') });
    const result = await resetPassword({
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
    const error = await verifyOtp({
      purpose: 'login',
      contact: { mobile: '9876543210' },
      otp: '000000',
    }).catch((e: unknown) => e);
    expect(remainingAttemptsOf(error)).toBe(4);
    expect(apiErrorMessage(error, AUTH_ERROR_FALLBACKS.verifyLogin)).toBe(
      'Invalid OTP. Please try again.',
    );
  });
});
