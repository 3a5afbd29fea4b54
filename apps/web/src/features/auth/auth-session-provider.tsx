import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LazyPartProps } from '../../components/lazy-part';
import { onSessionExpired } from '../../lib/api-client';
import { useLogout } from './api/logout';
import { AuthUiProvider, type AuthModalProps } from './auth-ui';
import { clearSession, followOtherTabs } from './session-cache';
import { useAuth } from './use-auth';

/**
 * Wires the auth state into the app (root.tsx): clears the session when a token refresh is refused,
 * follows the sign-ins and sign-outs of the browser's other tabs,
 * and gives the header's AuthUiProvider the user, the logout and the authentication modal.
 * useSignOut adds the 'Successfully Logged Out' toast; the header goes to /premium-numbers on
 * desktop.
 */
export function AuthSessionProvider({
  modal,
  children,
}: {
  modal?: ComponentType<AuthModalProps & LazyPartProps>;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const onLogout = useLogout();

  useEffect(() => onSessionExpired(() => clearSession(queryClient)), [queryClient]);
  useEffect(() => followOtherTabs(queryClient), [queryClient]);

  return (
    <AuthUiProvider modal={modal} user={user} onLogout={onLogout}>
      {children}
    </AuthUiProvider>
  );
}
