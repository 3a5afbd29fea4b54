import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  compact,
  mobileOf,
  sessionResult,
  type ContactInfo,
  type SessionResult,
} from './auth-answers';

export interface ResetPasswordInput {
  contact: ContactInfo;
  otp: string;
  newPassword: string;
}

/** POST /auth/reset-password: the code and a new password; signs the user in. */
export async function resetPassword(input: ResetPasswordInput): Promise<SessionResult> {
  const body = compact({
    mobile: mobileOf(input.contact.mobile),
    email: input.contact.email,
    otp: input.otp,
    newPassword: input.newPassword,
  });
  return sessionResult(await api.post('/auth/reset-password', body));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
