import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mobileOf, sessionResult, type SessionResult } from './auth-answers';

/** POST /auth/login with an e-mail address or a mobile number and the password. */
export async function login(contact: string, password: string): Promise<SessionResult> {
  const value = contact.trim();
  const normalized = value.includes('@') ? value.toLowerCase() : (mobileOf(value) ?? value);
  return sessionResult(await api.post('/auth/login', { contact: normalized, password }));
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: { contact: string; password: string }) =>
      login(input.contact, input.password),
  });
}
