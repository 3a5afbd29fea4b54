import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useHydrated } from '../../lib/use-hydrated';
import { useProfile } from './api/get-profile';
import { useLogout } from './api/logout';
import type { AuthAddress, AuthSession, AuthUser } from './auth-session';
import { clearSession, setSession, updateSession } from './session-cache';
import { useSessionHint } from './session-hint';

type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  address: AuthAddress | null;
}

/**
 * `{ status, user, address }` of the current visitor (spec §4): the profile query, which runs
 * only while the session hint says a session may exist, so a guest never calls /user/profile.
 */
export function useAuth(): AuthState {
  const hydrated = useHydrated();
  const hint = useSessionHint();
  const query = useProfile(hint);
  const session = query.data ?? null;

  let status: AuthStatus;
  if (!hydrated) status = 'loading';
  else if (session) status = 'authenticated';
  else if (hint && query.isPending) status = 'loading';
  else status = 'unauthenticated';

  return useMemo(
    () => ({
      status,
      user: status === 'authenticated' ? (session?.user ?? null) : null,
      address: status === 'authenticated' ? (session?.address ?? null) : null,
    }),
    [status, session],
  );
}

/** True once the profile call (or a sign-in) has shown a signed-in user. */
export function useIsSignedIn(): boolean {
  return useAuth().status === 'authenticated';
}

export interface AuthActions {
  setSession: (session: AuthSession) => void;
  updateSession: (session: AuthSession) => void;
  clearSession: () => void;
  logout: () => Promise<void>;
}

/** The session setters bound to the app's QueryClient. */
export function useAuthActions(): AuthActions {
  const queryClient = useQueryClient();
  const logout = useLogout();
  return useMemo(
    () => ({
      setSession: (session) => setSession(queryClient, session),
      updateSession: (session) => updateSession(queryClient, session),
      clearSession: () => clearSession(queryClient),
      logout,
    }),
    [queryClient, logout],
  );
}
