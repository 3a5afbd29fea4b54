import { isApiError } from '../../lib/api-client';

/** Spec §8 fallbacks, shown when the server gives no message of its own. */
export const AUTH_ERROR_FALLBACKS = {
  register: 'Registration failed',
  verifyRegistration: 'Invalid OTP. Please try again.',
  resend: 'Failed to resend OTP',
  login: 'Login failed',
  sendLoginOtp: 'Failed to send OTP',
  verifyLogin: 'OTP verification failed',
  forgotPassword: 'Failed to send password reset OTP',
  resetPassword: 'Password reset failed',
} as const;

/** What the code screens say of a code the buyer cannot see the server's answer about. */
export const OTP_NOTICES = {
  /** A new code was refused because one went out a moment ago. */
  onItsWay: 'We sent you a code a moment ago. Please enter it here once it arrives.',
  /** OTP_NOT_FOUND: no open code for these details. */
  codeGone: 'This code has been used or has expired: please ask for a new one.',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** remainingAttempts of a failed verification (400 with `{ remainingAttempts }`), if given. */
export function remainingAttemptsOf(error: unknown): number | undefined {
  if (!isApiError(error) || !isRecord(error.body)) return undefined;
  const value = error.body.remainingAttempts;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Seconds to wait before asking again (429 Retry-After, in the body as `retryAfter`). */
export function retryAfterOf(error: unknown): number | undefined {
  if (!isApiError(error) || error.status !== 429 || !isRecord(error.body)) return undefined;
  const value = error.body.retryAfter;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** Which codes of a registration were wrong (400 OTP_INVALID with `wrongCodes`), if said. */
export function wrongCodesOf(error: unknown): { sms: boolean; email: boolean } | undefined {
  if (!isApiError(error) || !isRecord(error.body) || !Array.isArray(error.body.wrongCodes)) {
    return undefined;
  }
  const wrong = error.body.wrongCodes;
  return { sms: wrong.includes('sms'), email: wrong.includes('email') };
}

/**
 * Seconds until another code may be asked for, when a request for a code was refused because
 * one was sent a moment ago (429 OTP_RESEND_COOLDOWN).
 */
export function codeSentMomentsAgo(error: unknown): number | undefined {
  return isApiError(error) && error.code === 'OTP_RESEND_COOLDOWN'
    ? retryAfterOf(error)
    : undefined;
}

/** The server has no open code for these details (OTP_NOT_FOUND): used, or long expired. */
export function isCodeGone(error: unknown): boolean {
  return isApiError(error) && error.code === 'OTP_NOT_FOUND';
}
