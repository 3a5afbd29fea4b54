import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  compact,
  mobileOf,
  sessionResult,
  type ContactInfo,
  type OtpPurpose,
  type SessionResult,
} from './auth-answers';

export interface VerifyOtpInput {
  purpose: OtpPurpose;
  contact: ContactInfo;
  /** The code sent by SMS (a sign-in code also goes by e-mail). */
  otp: string;
  /** A registration's second code, the one sent by e-mail. */
  emailOtp?: string;
  requestId?: string | null;
}

/**
 * POST /auth/verify-otp: registration sends e-mail, mobile, both codes and the request id;
 * login only the mobile and the code (spec §7).
 */
export async function verifyOtp(input: VerifyOtpInput): Promise<SessionResult> {
  const { purpose, contact, otp } = input;
  const body =
    purpose === 'login'
      ? compact({ mobile: mobileOf(contact.mobile), otp })
      : compact({
          email: contact.email,
          mobile: mobileOf(contact.mobile),
          otp,
          emailOtp: input.emailOtp,
          requestId: input.requestId ?? undefined,
        });
  return sessionResult(await api.post('/auth/verify-otp', body));
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
