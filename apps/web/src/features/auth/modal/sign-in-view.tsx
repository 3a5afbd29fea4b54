import type { FormEventHandler, ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '../../../lib/zod';
import {
  ContactField,
  MobileField,
  PasswordField,
  SubmitButton,
} from '../../../components/form-fields';
import { useToast } from '../../../components/toast';
import { apiErrorMessage } from '../../../lib/api-client';
import { contactSchema, mobileSchema, VALIDATION_MESSAGES } from '../../account';
import { useLogin } from '../api/login';
import { useSendLoginOtp } from '../api/send-login-otp';
import { AUTH_ERROR_FALLBACKS, OTP_NOTICES } from '../auth-errors';
import { LinkButton, MethodSwitch, ViewSwitch, type SignInMethod } from './view-parts';
import type { AuthViewProps } from './view-types';

const passwordSchema = z.object({
  contact: contactSchema,
  password: z.string().min(1, VALIDATION_MESSAGES.passwordRequired),
});
type PasswordValues = z.input<typeof passwordSchema>;

const otpSchema = z.object({ mobile: mobileSchema });
type OtpValues = z.input<typeof otpSchema>;

/** Sign in with a password (e-mail or mobile). */
export function SignInPasswordView({ go, onAuthenticated }: AuthViewProps) {
  const toast = useToast();
  const { mutateAsync: login } = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { contact: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ contact, password }) => {
    try {
      onAuthenticated(await login({ contact, password }), 'You are signed in.');
    } catch (error) {
      toast.error(apiErrorMessage(error, AUTH_ERROR_FALLBACKS.login));
    }
  });

  return (
    <SignInFrame method="password" go={go} onSubmit={onSubmit}>
      <ContactField error={errors.contact?.message} {...register('contact')} />
      <div>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="mt-2 flex justify-end">
          <LinkButton onClick={() => go('forgot-password')}>Forgot password?</LinkButton>
        </div>
      </div>
      <SubmitButton pending={isSubmitting} pendingLabel="Signing in…">
        Sign In
      </SubmitButton>
    </SignInFrame>
  );
}

/** Sign in with a code sent to the mobile number (POST /auth/sign-in). */
export function SignInOtpView({ go, otp }: AuthViewProps) {
  const toast = useToast();
  const { mutateAsync: sendLoginOtp } = useSendLoginOtp();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OtpValues>({
    resolver: zodResolver(otpSchema),
    defaultValues: {
      mobile: otp.state.otpPurpose === 'login' ? (otp.state.contactInfo?.mobile ?? '') : '',
    },
  });

  const onSubmit = handleSubmit(async ({ mobile }) => {
    try {
      const issued = await sendLoginOtp(mobile);
      otp.sent('login', { mobile }, issued);
      go('verify-otp');
    } catch (error) {
      if (otp.onItsWay('login', { mobile }, error)) {
        toast.info(OTP_NOTICES.onItsWay);
        go('verify-otp');
        return;
      }
      toast.error(apiErrorMessage(error, AUTH_ERROR_FALLBACKS.sendLoginOtp));
    }
  });

  return (
    <SignInFrame method="otp" go={go} onSubmit={onSubmit}>
      <MobileField
        hint="We will send a 6-digit sign-in code to this number."
        error={errors.mobile?.message}
        {...register('mobile')}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Sending code…">
        Send OTP
      </SubmitButton>
    </SignInFrame>
  );
}

const signInViews = { password: 'sign-in-password', otp: 'sign-in-otp' } as const;

/** What both sign-in views show around their form: the method switch and the way to register. */
function SignInFrame({
  method,
  go,
  onSubmit,
  children,
}: Pick<AuthViewProps, 'go'> & {
  method: SignInMethod;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <div>
      <MethodSwitch
        method={method}
        onChange={(chosen) => chosen !== method && go(signInViews[chosen])}
      />
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
        {children}
      </form>
      <ViewSwitch prompt="New here?" action="Create an account" onClick={() => go('register')} />
    </div>
  );
}
