import { api } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { useConsoleMutation } from '../../admin-shell';

type CloseRequest = ApiBody<'/admin/customers/close', 'post'>;

/** What the store keeps, and the server's message. */
async function close(path: string, body: unknown) {
  const response = await api.post<{ kept: string }>(path, body);
  return { kept: response.data?.kept ?? '', message: response.message ?? 'Closed.' };
}

/** POST /admin/customers/close: the account found by the buyer's e-mail or mobile. */
export const useCloseCustomerAccount = () =>
  useConsoleMutation((request: CloseRequest) => close('/admin/customers/close', request));

/** POST /admin/customers/:id/close: the account opened in the console. */
export const useCloseCustomerById = () =>
  useConsoleMutation(({ id, reason }: { id: string; reason: string }) =>
    close(`/admin/customers/${id}/close`, { reason }),
  );
