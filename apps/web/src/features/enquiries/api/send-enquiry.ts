import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';

/** What the API answers on success (spec-style message). */
const ENQUIRY_SUCCESS_MESSAGE = 'Thank you! We will get back to you shortly.';

type EnquiryPayload = ApiBody<'/enquiries', 'post'>;

/** POST /enquiries; resolves to the server's thank-you message. */
async function sendEnquiry(payload: EnquiryPayload): Promise<string> {
  const response = await api.post('/enquiries', payload);
  return response.message || ENQUIRY_SUCCESS_MESSAGE;
}

export function useSendEnquiry() {
  return useMutation({ mutationFn: sendEnquiry });
}
