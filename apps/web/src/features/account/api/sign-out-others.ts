import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/logout-others: every other session of the account ends; the server's message. */
async function signOutOthers() {
  const response = await api.post('/auth/logout-others');
  return response.message ?? 'You have been signed out on your other devices.';
}

export function useSignOutOthers() {
  return useMutation({ mutationFn: signOutOthers });
}
