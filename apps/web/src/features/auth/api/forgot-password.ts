import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { compact, mobileOf, otpIssued, type ContactInfo, type OtpIssued } from './auth-answers';

/** POST /auth/forgot-password: sends a reset code to the e-mail address or the mobile number. */
async function forgotPassword(contact: ContactInfo): Promise<OtpIssued> {
  return otpIssued(
    await api.post(
      '/auth/forgot-password',
      compact({ email: contact.email?.trim().toLowerCase(), mobile: mobileOf(contact.mobile) }),
    ),
  );
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
