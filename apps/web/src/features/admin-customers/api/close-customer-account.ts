import { api } from '../../../lib/api-client';
import { useConsoleMutation } from '../../admin-shell';

/** POST /admin/customers/:id/close: the account opened in the console; the server's message and what the store keeps. */
export const useCloseCustomerById = () =>
  useConsoleMutation(async ({ id, reason }: { id: string; reason: string }) => {
    const response = await api.post<{ kept: string }>(`/admin/customers/${id}/close`, { reason });
    return { kept: response.data?.kept ?? '', message: response.message ?? 'Closed.' };
  });
