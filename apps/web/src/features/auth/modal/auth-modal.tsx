import { useCallback, useState } from 'react';
import { displayMobile } from '@store/domain';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast';
import type { SessionResult } from '../api/auth-answers';
import type { AuthModalProps, AuthModalView } from '../auth-ui';
import { useAuthActions } from '../use-auth';
import { AuthDialog } from './auth-dialog';
import { useOtpFlow } from './otp-state';
import { ForgotPasswordView, ResetPasswordView } from './password-reset-views';
import { RegisterView, type RegisterValues } from './register-view';
import { SignInOtpView, SignInPasswordView } from './sign-in-view';
import { VerifyOtpView } from './verify-otp-view';
import { describeDestination } from './view-parts';
import type { AuthView, AuthViewProps } from './view-types';

function firstView(view: AuthModalView): AuthView {
  if (view === 'register') return 'register';
  if (view === 'forgot-password') return 'forgot-password';
  return 'sign-in-password';
}

/**
 * The authentication modal opened by the header's Sign In button (through AuthUiProvider):
 * sign in with a password or with a code sent to the mobile, register (then verify the code),
 * forgot password (then reset it with the code and a new password).
 */
export function AuthModal({ open, onClose, initialView }: AuthModalProps) {
  const toast = useToast();
  const { setSession } = useAuthActions();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const otp = useOtpFlow();
  const [view, setView] = useState<AuthView>(() => firstView(initialView));
  const [registerDraft, setRegisterDraft] = useState<RegisterValues | null>(null);
  const [openedWith, setOpenedWith] = useState<{ open: boolean; initialView: AuthModalView }>({
    open,
    initialView,
  });

  // Every opening starts afresh at the requested view (state adjusted during render, not in
  // an effect, so the first frame already shows the right view).
  if (openedWith.open !== open || openedWith.initialView !== initialView) {
    setOpenedWith({ open, initialView });
    if (open) {
      setView(firstView(initialView));
      setRegisterDraft(null);
      if (otp.state.isOtpSent) otp.clear();
    }
  }

  const onAuthenticated = useCallback(
    (result: SessionResult, fallbackMessage: string) => {
      setSession(result.session);
      setRegisterDraft(null);
      toast.success(result.message || fallbackMessage);
      onClose();
      // Staff land on the console, wherever they signed in.
      const staff = result.session.user.role !== 'customer';
      if (staff && !pathname.startsWith('/admin')) navigate('/admin');
    },
    [setSession, toast, onClose, navigate, pathname],
  );

  // Views that need a sent code fall back to their form when there is none.
  if ((view === 'verify-otp' || view === 'reset-password') && !otp.state.isOtpSent) {
    setView(view === 'verify-otp' ? 'sign-in-otp' : 'forgot-password');
  }

  const props: AuthViewProps = { otp, go: setView, onAuthenticated };
  const destination = describeDestination(otp.state);

  let title: string;
  let description: string;
  let content;
  switch (view) {
    case 'sign-in-password':
      title = 'Sign In';
      description = 'Welcome back. Sign in with your e-mail address or mobile number.';
      content = <SignInPasswordView {...props} />;
      break;
    case 'sign-in-otp':
      title = 'Sign In';
      description = 'We will text you a one-time code: no password needed.';
      content = <SignInOtpView {...props} />;
      break;
    case 'register':
      title = 'Create your account';
      description = 'Register to buy premium numbers and follow your orders.';
      content = <RegisterView {...props} draft={registerDraft} onDraft={setRegisterDraft} />;
      break;
    case 'verify-otp':
      if (otp.state.otpPurpose === 'login') {
        title = 'Enter your sign-in code';
        description = `We have sent a 6-digit code to ${destination}.`;
      } else {
        // A registration proves both contacts: one code by SMS, another by e-mail.
        const { mobile, email } = otp.state.contactInfo ?? {};
        title = 'Verify your details';
        description = `We have sent a 6-digit code to your mobile ${displayMobile(mobile ?? '')} and another to your e-mail ${email ?? ''}.`;
      }
      content = <VerifyOtpView {...props} />;
      break;
    case 'forgot-password':
      title = 'Forgot your password?';
      description = 'Enter your e-mail address or mobile number and we will send you a code.';
      content = <ForgotPasswordView {...props} />;
      break;
    case 'reset-password':
      title = 'Reset your password';
      description = `Enter the 6-digit code we sent to ${destination} and choose a new password.`;
      content = <ResetPasswordView {...props} />;
      break;
  }

  return (
    <AuthDialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      viewKey={view}
    >
      {content}
    </AuthDialog>
  );
}
