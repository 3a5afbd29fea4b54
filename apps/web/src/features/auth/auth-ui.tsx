import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { toastPartNotLoaded, type LazyPartProps } from '../../components/lazy-part';
import { useToast } from '../../components/toast';

/**
 * What other features use of the authentication UI: open the sign-in modal and read the
 * signed-in user (useAuthUi: the header, the cart's checkout, the order page).
 * AuthSessionProvider (root.tsx) provides it with the real user, logout and modal; a test can
 * provide its own with <AuthUiProvider modal={…} user={…} onLogout={…}>.
 */

export type AuthModalView = 'sign-in' | 'register' | 'forgot-password';

export interface AuthModalProps {
  open: boolean;
  onClose: () => void;
  /** View requested by whoever opened the modal. */
  initialView: AuthModalView;
}

/** What the header needs to know about the signed-in user. */
export interface AuthUiUser {
  name: string;
  email: string;
}

export interface AuthUiValue {
  isAuthModalOpen: boolean;
  authModalView: AuthModalView;
  openAuthModal: (view?: AuthModalView) => void;
  closeAuthModal: () => void;
  /** The signed-in user, or null when signed out (or not known yet). */
  user: AuthUiUser | null;
  /** Signs out; resolves when done (it should clear local state even if the call fails). */
  logout: () => Promise<void>;
}

const noop = () => {};

const AuthUiContext = createContext<AuthUiValue>({
  isAuthModalOpen: false,
  authModalView: 'sign-in',
  openAuthModal: noop,
  closeAuthModal: noop,
  user: null,
  logout: () => Promise.resolve(),
});
AuthUiContext.displayName = 'AuthUiContext';

export interface AuthUiProviderProps {
  children: ReactNode;
  /**
   * The authentication modal: mounted at its first opening (it may be a lazy component, so
   * pages do not load the forms and their validation until someone signs in), then kept.
   */
  modal?: ComponentType<AuthModalProps & LazyPartProps>;
  user?: AuthUiUser | null;
  onLogout?: () => Promise<void>;
}

export function AuthUiProvider({
  children,
  modal: ModalComponent,
  user = null,
  onLogout,
}: AuthUiProviderProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [view, setView] = useState<AuthModalView>('sign-in');

  const openAuthModal = useCallback((next: AuthModalView = 'sign-in') => {
    setView(next);
    setOpen(true);
    setOpened(true);
  }, []);
  const closeAuthModal = useCallback(() => setOpen(false), []);
  // A modal that could not be loaded is unmounted, so the next Sign In loads it again.
  const toast = useToast();
  const modalNotLoaded = useCallback(
    (again: boolean) => {
      toastPartNotLoaded(toast, again);
      setOpen(false);
      setOpened(false);
    },
    [toast],
  );
  const logout = useCallback(() => (onLogout ? onLogout() : Promise.resolve()), [onLogout]);

  const value = useMemo<AuthUiValue>(
    () => ({
      isAuthModalOpen: open,
      authModalView: view,
      openAuthModal,
      closeAuthModal,
      user,
      logout,
    }),
    [open, view, openAuthModal, closeAuthModal, user, logout],
  );

  return (
    <AuthUiContext.Provider value={value}>
      {children}
      {ModalComponent && opened ? (
        <ModalComponent
          open={open}
          onClose={closeAuthModal}
          initialView={view}
          onLoadFailed={modalNotLoaded}
        />
      ) : null}
    </AuthUiContext.Provider>
  );
}

export function useAuthUi(): AuthUiValue {
  return useContext(AuthUiContext);
}

/** Header display of an e-mail address: cut after 20 characters (spec §9). */
const HEADER_EMAIL_MAX_CHARS = 20;

export function truncateEmail(email: string, max: number = HEADER_EMAIL_MAX_CHARS): string {
  return email.length > max ? `${email.slice(0, max)}...` : email;
}

/** Header display of a name: first letter capitalised. */
export function capitalizeFirst(name: string): string {
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}
