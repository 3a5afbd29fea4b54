import { lazyPart } from '../../components/lazy-part';

/** The auth feature as other features and root.tsx see it. */

export type { AuthAddress, AuthSession, AuthUser } from './auth-session';
export { toAuthSession } from './auth-session';
export { useForgetAccount } from './api/logout';
export { AuthSessionProvider } from './auth-session-provider';
export {
  AuthUiProvider,
  capitalizeFirst,
  truncateEmail,
  useAuthUi,
  type AuthModalProps,
  type AuthUiUser,
} from './auth-ui';
export { useSessionHint } from './session-hint';
export { SignedInOnly } from './signed-in-only';
export { useAuth, useAuthActions, useIsSignedIn } from './use-auth';
export { useSignOut } from './use-sign-out';

/** The sign-in modal, loaded at its first opening: public pages carry no forms or validation. */
export const AuthModal = lazyPart(
  () => import('./modal/auth-modal'),
  (module) => module.AuthModal,
);
