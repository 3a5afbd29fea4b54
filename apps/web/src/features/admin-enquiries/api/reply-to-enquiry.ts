import { api } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { useConsoleMutation } from '../../admin-shell';

type Reply = ApiBody<'/admin/enquiries/{id}/replies', 'post'>;

/** POST /admin/enquiries/:id/replies: e-mails the reply; resolves to the server's message. */
async function replyToEnquiry({ id, ...reply }: Reply & { id: string }) {
  return (await api.post(`/admin/enquiries/${id}/replies`, reply)).message ?? 'Reply sent.';
}

export const useReplyToEnquiry = () => useConsoleMutation(replyToEnquiry);
