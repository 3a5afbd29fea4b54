import { api } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { useConsoleMutation } from '../../admin-shell';

type CloseRequest = ApiBody<'/admin/customers/close', 'post'>;

/** POST /admin/customers/close: what the store keeps, and the server's message. */
async function closeCustomerAccount(request: CloseRequest) {
  const response = await api.post<{ kept: string }>('/admin/customers/close', request);
  return { kept: response.data?.kept ?? '', message: response.message ?? 'Closed.' };
}

export const useCloseCustomerAccount = () => useConsoleMutation(closeCustomerAccount);
