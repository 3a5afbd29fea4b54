import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mobileOf, otpIssued, type OtpIssued } from './auth-answers';

/** POST /auth/sign-in: sends a sign-in code to the mobile number. */
async function sendLoginOtp(mobile: string): Promise<OtpIssued> {
  return otpIssued(await api.post('/auth/sign-in', { mobile: mobileOf(mobile) }));
}

export function useSendLoginOtp() {
  return useMutation({ mutationFn: sendLoginOtp });
}
