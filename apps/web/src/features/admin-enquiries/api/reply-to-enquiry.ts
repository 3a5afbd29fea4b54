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

/** What another agent did since the page was loaded, when that is why nothing was sent (409). */
export type DoneMeanwhile =
  { replies: EnquiryDetail['replies'] } | { answered: { by: string | null; at: string | null } };

/**
 * The replies other agents sent since the page was loaded (409 ALREADY_REPLIED), or who marked
 * the enquiry answered meanwhile (409 ALREADY_ANSWERED), if that was why nothing was sent.
 */
export function doneMeanwhile(error: unknown): DoneMeanwhile | undefined {
  if (!isApiError(error)) return undefined;
  const body = error.body as Partial<{ replies: unknown; answered: unknown }> | undefined;
  if (error.code === 'ALREADY_REPLIED' && Array.isArray(body?.replies)) {
    return { replies: body.replies as EnquiryDetail['replies'] };
  }
  if (error.code === 'ALREADY_ANSWERED' && body?.answered) {
    return { answered: body.answered as { by: string | null; at: string | null } };
  }
  return undefined;
}
