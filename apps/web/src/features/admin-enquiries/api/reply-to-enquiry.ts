import { api } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useConsoleMutation } from '../../admin-shell';

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
