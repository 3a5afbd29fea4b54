import { normalizeMobile } from '@store/domain';
import { toAuthSession, type AuthSession } from '../auth-session';

/** What the authentication calls of spec §7 send and answer, shared by the call files here. */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export type OtpPurpose = 'registration' | 'login' | 'password_reset';

export interface OtpChannels {
  email: boolean;
  sms: boolean;
}

/** What every call that sends a code answers. Any field may be missing. */
export interface OtpIssued {
  requestId?: string;
  channels?: OtpChannels;
  otpExpiry?: string;
  maxAttempts?: number;
  /** Seconds before another code may be asked for (the store's OTP_RESEND_COOLDOWN_SECONDS). */
  resendAfter?: number;
  message?: string;
}

export interface ContactInfo {
  email?: string;
  mobile?: string;
}

export function otpIssued(response: { data?: unknown; message?: string }): OtpIssued {
  const data = isRecord(response.data) ? response.data : {};
  const channels = isRecord(data.channels)
    ? { email: data.channels.email === true, sms: data.channels.sms === true }
    : undefined;
  return {
    requestId: typeof data.requestId === 'string' ? data.requestId : undefined,
    channels,
    otpExpiry: typeof data.otpExpiry === 'string' ? data.otpExpiry : undefined,
    maxAttempts: typeof data.maxAttempts === 'number' ? data.maxAttempts : undefined,
    resendAfter:
      typeof data.resendAfter === 'number' && data.resendAfter >= 0 ? data.resendAfter : undefined,
    message: response.message,
  };
}

export interface SessionResult {
  session: AuthSession;
  message?: string;
}

export function sessionResult(response: { data?: unknown; message?: string }): SessionResult {
  const session = toAuthSession(response.data);
  if (!session) throw new Error('The server did not return the account.');
  return { session, message: response.message };
}

/** Drops undefined and empty values, so absent contacts are not sent at all. */
export function compact<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

export const mobileOf = (mobile: string | undefined) =>
  mobile ? (normalizeMobile(mobile) ?? mobile.trim()) : undefined;
