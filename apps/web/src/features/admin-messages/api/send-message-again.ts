import { api } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { useConsoleMutation } from '../../admin-shell';

type SentAgain = ApiData<'/admin/undelivered-messages/{id}/send-again', 'post'>;

/**
 * POST /admin/undelivered-messages/:id/send-again: whether it went, in the server's words (a
 * refusal again leaves it with the outbox's retries, or back on the list).
 */
async function sendMessageAgain(id: number) {
  const answer = await api.post<SentAgain>(`/admin/undelivered-messages/${id}/send-again`);
  return { said: answer.message ?? 'Sent again.', sent: answer.data?.status === 'sent' };
}

export const useSendMessageAgain = () => useConsoleMutation(sendMessageAgain);
