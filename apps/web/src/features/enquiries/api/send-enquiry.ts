import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiBody, ApiData } from '../../../lib/api-types';

/** What the API answers on success (spec-style message). */
const ENQUIRY_SUCCESS_MESSAGE = 'Thank you! We will get back to you shortly.';

type EnquiryPayload = ApiBody<'/enquiries', 'post'>;
type EnquiryCreated = ApiData<'/enquiries', 'post'>;

/** POST /enquiries; resolves to the server's thank-you message and the enquiry's reference. */
async function sendEnquiry(
  payload: EnquiryPayload,
): Promise<{ thanks: string; reference: string | undefined }> {
  const response = await api.post<EnquiryCreated>('/enquiries', payload);
  return {
    thanks: response.message || ENQUIRY_SUCCESS_MESSAGE,
    reference: response.data?.reference,
  };
}

export function useSendEnquiry() {
  return useMutation({ mutationFn: sendEnquiry });
}
