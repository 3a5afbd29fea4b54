import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiBody, ApiData } from '../../../lib/api-types';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';

/** What the API answers on success (spec-style message). */
const ENQUIRY_SUCCESS_MESSAGE = 'Thank you! We will get back to you shortly.';

type EnquiryPayload = ApiBody<'/enquiries', 'post'>;
type EnquiryCreated = ApiData<'/enquiries', 'post'>;

/**
 * POST /enquiries; resolves to the server's thank-you message and the enquiry's reference. A
 * retry with the same key gets the same enquiry back (one enquiry, one acknowledgement).
 */
async function sendEnquiry(
  payload: EnquiryPayload,
  idempotencyKey: string,
): Promise<{ thanks: string; reference: string | undefined }> {
  const response = await api.post<EnquiryCreated>('/enquiries', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return {
    thanks: response.message || ENQUIRY_SUCCESS_MESSAGE,
    reference: response.data?.reference,
  };
}

export function useSendEnquiry() {
  const withKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (payload: EnquiryPayload) => withKey(payload, (key) => sendEnquiry(payload, key)),
  });
}
