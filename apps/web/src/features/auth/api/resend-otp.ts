import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  compact,
  mobileOf,
  otpIssued,
  type ContactInfo,
  type OtpIssued,
  type OtpPurpose,
} from './auth-answers';

/** Spec §5. */
export const RESEND_CONTACT_REQUIRED = 'Contact information is required to resend OTP';

/**
 * POST /auth/resend-otp with e-mail and mobile; login: mobile only (spec §7). Needs at least one
 * (spec §5). With the current request id the server resends that request only, never another
 * purpose's code opened for the same contact (in another tab, say).
 */
export async function resendOtp(
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
}

export function useResendOtp() {
  return useMutation({
    mutationFn: (input: {
      purpose: OtpPurpose | null;
      contact: ContactInfo | null;
      requestId?: string | null;
    }) => resendOtp(input.purpose, input.contact, input.requestId),
  });
}
