import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { forgetTabStorage } from '../../../lib/tab-storage';
import { clearSession } from '../session-cache';

/**
 * Forgets the signed-in account in this tab: the session, and what the tab kept for it (the
 * billing draft). After a sign-out and a closed account; an expired session keeps the draft.
 */
function forgetAccount(queryClient: QueryClient) {
  clearSession(queryClient);
  forgetTabStorage();
}

/** POST /auth/logout, then clears the session whatever the call's outcome. Never rejects. */
async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await api.post('/auth/logout');
  } catch {
    // Logout always clears the local state, even when the call fails (spec §4).
  } finally {
    forgetAccount(queryClient);
  }
}

/** Logout bound to the app's QueryClient. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => logout(queryClient), [queryClient]);
}

/** Forgets the account in this tab once the server has closed it (no logout call needed). */
export function useForgetAccount(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => forgetAccount(queryClient), [queryClient]);
}
