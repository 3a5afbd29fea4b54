import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { clearSession } from '../session-cache';

/** POST /auth/logout, then clears the session whatever the call's outcome. Never rejects. */
async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await api.post('/auth/logout');
  } catch {
    // Logout always clears the local state, even when the call fails (spec §4).
  } finally {
    clearSession(queryClient);
  }
}

/** Logout bound to the app's QueryClient. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => logout(queryClient), [queryClient]);
}
