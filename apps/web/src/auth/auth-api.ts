import { normalizeMobile } from '@store/domain';
import { api, isApiError } from '../lib/api-client';
import { toAuthSession, type AccountType, type AuthSession } from '../lib/auth-session';

/** The authentication calls of spec §7 and their error texts (spec §8). */

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

/** Spec §5. */
export const RESEND_CONTACT_REQUIRED = 'Contact information is required to resend OTP';

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
  message?: string;
}

export interface ContactInfo {
  email?: string;
  mobile?: string;
}

export interface RegisterInput {
  name: string;
  email: string;
  mobile: string;
  password: string;
  accountType: AccountType;
  getWhatsappUpdate: boolean;
  acceptTermsAndConditions: boolean;
  companyName?: string;
  gstinNo?: string;
}

/** The request body of POST /auth/register: Corporate details only for Corporate, GSTIN upper-cased. */
export function registerPayload(input: RegisterInput) {
  const corporate = input.accountType === 'Corporate';
  return {
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    mobile: normalizeMobile(input.mobile) ?? input.mobile.trim(),
    password: input.password,
    accountType: input.accountType,
    getWhatsappUpdate: input.getWhatsappUpdate,
    acceptTermsAndConditions: input.acceptTermsAndConditions,
    ...(corporate
      ? {
          companyName: (input.companyName ?? '').trim(),
          gstinNo: (input.gstinNo ?? '').trim().toUpperCase(),
        }
      : {}),
  };
}

function otpIssued(response: { data?: unknown; message?: string }): OtpIssued {
  const data = isRecord(response.data) ? response.data : {};
  const channels = isRecord(data.channels)
    ? { email: data.channels.email === true, sms: data.channels.sms === true }
    : undefined;
  return {
    requestId: typeof data.requestId === 'string' ? data.requestId : undefined,
    channels,
    otpExpiry: typeof data.otpExpiry === 'string' ? data.otpExpiry : undefined,
    maxAttempts: typeof data.maxAttempts === 'number' ? data.maxAttempts : undefined,
    message: response.message,
  };
}

export interface SessionResult {
  session: AuthSession;
  message?: string;
}

function sessionResult(response: { data?: unknown; message?: string }): SessionResult {
  const session = toAuthSession(response.data);
  if (!session) throw new Error('The server did not return the account.');
  return { session, message: response.message };
}

/** Drops undefined and empty values, so absent contacts are not sent at all. */
function compact<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

const mobileOf = (mobile: string | undefined) =>
  mobile ? (normalizeMobile(mobile) ?? mobile.trim()) : undefined;

export const authApi = {
  async register(input: RegisterInput): Promise<OtpIssued> {
    return otpIssued(await api.post('/auth/register', registerPayload(input)));
  },

  /** Registration sends e-mail, mobile and the request id; login only the mobile (spec §7). */
  async verifyOtp(input: {
    purpose: OtpPurpose;
    contact: ContactInfo;
    otp: string;
    requestId?: string | null;
  }): Promise<SessionResult> {
    const { purpose, contact, otp } = input;
    const body =
      purpose === 'login'
        ? compact({ mobile: mobileOf(contact.mobile), otp })
        : compact({
            email: contact.email,
            mobile: mobileOf(contact.mobile),
            otp,
            requestId: input.requestId ?? undefined,
          });
    return sessionResult(await api.post('/auth/verify-otp', body));
  },

  /**
   * E-mail and mobile; login: mobile only (spec §7). Needs at least one (spec §5). With the
   * current request id the server resends that request only, never another purpose's code
   * opened for the same contact (in another tab, say).
   */
  async resendOtp(
    purpose: OtpPurpose | null,
    contact: ContactInfo | null,
    requestId?: string | null,
  ): Promise<OtpIssued> {
    const email = purpose === 'login' ? undefined : contact?.email?.trim();
    const mobile = mobileOf(contact?.mobile);
    if (!email && !mobile) throw new Error(RESEND_CONTACT_REQUIRED);
    return otpIssued(
      await api.post(
        '/auth/resend-otp',
        compact({ email, mobile, requestId: requestId ?? undefined }),
      ),
    );
  },

  async login(contact: string, password: string): Promise<SessionResult> {
    const value = contact.trim();
    const normalized = value.includes('@') ? value.toLowerCase() : (mobileOf(value) ?? value);
    return sessionResult(await api.post('/auth/login', { contact: normalized, password }));
  },

  /** POST /auth/sign-in: sends a sign-in code to the mobile number. */
  async sendLoginOtp(mobile: string): Promise<OtpIssued> {
    return otpIssued(await api.post('/auth/sign-in', { mobile: mobileOf(mobile) }));
  },

  async forgotPassword(contact: ContactInfo): Promise<OtpIssued> {
    return otpIssued(
      await api.post(
        '/auth/forgot-password',
        compact({ email: contact.email?.trim().toLowerCase(), mobile: mobileOf(contact.mobile) }),
      ),
    );
  },

  async resetPassword(input: {
    contact: ContactInfo;
    otp: string;
    newPassword: string;
  }): Promise<SessionResult> {
    const body = compact({
      mobile: mobileOf(input.contact.mobile),
      email: input.contact.email,
      otp: input.otp,
      newPassword: input.newPassword,
    });
    return sessionResult(await api.post('/auth/reset-password', body));
  },
};
