import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { toAuthSession } from '../../auth';

type NewContact = ApiBody<'/user/contact-change', 'post'>;
type ContactCode = ApiBody<'/user/contact-change/verify', 'post'>;

/** POST /user/contact-change: a code to the new e-mail or mobile; the server's message. */
async function sendContactCode(contact: NewContact) {
  const response = await api.post<{ requestId: string }>('/user/contact-change', contact);
  return { requestId: response.data?.requestId ?? '', message: response.message };
}

/** POST /user/contact-change/verify: the account with its new contact, and the message. */
async function verifyContactCode(body: ContactCode) {
  const response = await api.post<unknown>('/user/contact-change/verify', body);
  return { session: toAuthSession(response.data), message: response.message };
}

export function useSendContactCode() {
  return useMutation({ mutationFn: sendContactCode });
}

export function useVerifyContactCode() {
  return useMutation({ mutationFn: verifyContactCode });
}
