import { normalizeMobile } from '@store/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AccountType } from '../auth-session';
import { otpIssued, type OtpIssued } from './auth-answers';

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

/** POST /auth/register: creates the account and sends the code that verifies it. */
export async function register(input: RegisterInput): Promise<OtpIssued> {
  return otpIssued(await api.post('/auth/register', registerPayload(input)));
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
