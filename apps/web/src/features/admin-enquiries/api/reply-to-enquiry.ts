import { api, isApiError } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useConsoleMutation } from '../../admin-shell';
import type { EnquiryDetail } from './get-enquiry';

type Reply = ApiBody<'/admin/enquiries/{id}/replies', 'post'>;

type ReplyInput = Reply & { id: string };

/**
 * POST /admin/enquiries/:id/replies: e-mails the reply; resolves to the server's message. A
 * retry with the same key is not e-mailed again.
 */
async function replyToEnquiry({ id, ...reply }: ReplyInput, idempotencyKey: string) {
  const headers = { 'Idempotency-Key': idempotencyKey };
  return (
    (await api.post(`/admin/enquiries/${id}/replies`, reply, { headers })).message ?? 'Reply sent.'
  );
}

export function useReplyToEnquiry() {
  const withKey = useIdempotencyKey();
  return useConsoleMutation((input: ReplyInput) =>
    withKey(input, (key) => replyToEnquiry(input, key)),
  );
}

/**
 * The replies other agents sent since the page was loaded (409 ALREADY_REPLIED: nothing was
 * sent), if that was why.
 */
export function repliesSentMeanwhile(error: unknown): EnquiryDetail['replies'] | undefined {
  if (!isApiError(error) || error.code !== 'ALREADY_REPLIED') return undefined;
  return (error.body as { replies?: EnquiryDetail['replies'] } | undefined)?.replies;
}
