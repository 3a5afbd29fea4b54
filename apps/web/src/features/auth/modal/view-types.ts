import type { SessionResult } from '../api/auth-answers';
import type { OtpFlow } from './otp-state';

export type AuthView =
  | 'sign-in-password'
  | 'sign-in-otp'
  | 'register'
  | 'verify-otp'
  | 'forgot-password'
  | 'reset-password';

export interface AuthViewProps {
  otp: OtpFlow;
  go: (view: AuthView) => void;
  /** A call signed the user in: set the session, say so, close the modal. */
  onAuthenticated: (result: SessionResult, fallbackMessage: string) => void;
}
