import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /user/close: what the store keeps, and the server's message. */
async function closeAccount(confirm: string) {
  const response = await api.post<{ kept: string }>('/user/close', { confirm });
  return { kept: response.data?.kept ?? '', message: response.message };
}

export function useCloseAccount() {
  return useMutation({ mutationFn: closeAccount });
}
