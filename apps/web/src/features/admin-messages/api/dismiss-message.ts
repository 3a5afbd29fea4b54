import { api } from '../../../lib/api-client';
import { useConsoleMutation } from '../../admin-shell';

/** DELETE /admin/undelivered-messages/:id: resolves to the server's message. */
async function dismissMessage(id: number) {
  return (await api.delete(`/admin/undelivered-messages/${id}`)).message ?? 'Message dismissed.';
}

export const useDismissMessage = () => useConsoleMutation(dismissMessage);
