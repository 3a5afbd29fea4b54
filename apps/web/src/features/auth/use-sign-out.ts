import { useToast } from '../../components/toast';
import { useAuthUi } from './auth-ui';

const SIGNED_OUT_MESSAGE = 'Successfully Logged Out';

/**
 * The storefront's Logout and the console's Sign out: ends the session (the local one even when
 * the call fails) and says so in a toast.
 */
export function useSignOut(): () => Promise<void> {
  const { logout } = useAuthUi();
  const toast = useToast();
  return async () => {
    try {
      await logout();
    } catch {
      // Logout always clears the local session; the auth layer handles the failure.
    }
    toast.success(SIGNED_OUT_MESSAGE);
  };
}
