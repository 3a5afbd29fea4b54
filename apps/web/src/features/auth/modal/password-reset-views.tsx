import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from '../../../lib/zod';
import {
  ContactField,
  NewPasswordField,
  PasswordField,
  SubmitButton,
} from '../../../components/form-fields';
import { useToast } from '../../../components/toast';
import { apiErrorMessage } from '../../../lib/api-client';
import { contactSchema, newPasswordSchema, splitContact, VALIDATION_MESSAGES } from '../../account';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { AUTH_ERROR_FALLBACKS, isCodeGone, OTP_NOTICES, remainingAttemptsOf } from '../auth-errors';
import { OTP_INCOMPLETE, OTP_LENGTH, OtpInput } from './otp-input';
import { placeServerErrors } from './server-field-errors';
import { codeRefused, LinkButton, OtpStatus, signedInAfterAll, ViewSwitch } from './view-parts';
import type { AuthViewProps } from './view-types';

const forgotSchema = z.object({ contact: contactSchema });
type ForgotValues = z.input<typeof forgotSchema>;

/** Forgot password: send a reset code to the e-mail address or the mobile number. */
export function ForgotPasswordView({ go, otp }: AuthViewProps) {
  const toast = useToast();
  const { mutateAsync: forgotPassword } = useForgotPassword();
  const previous =
    otp.state.otpPurpose === 'password_reset'
      ? (otp.state.contactInfo?.email ?? otp.state.contactInfo?.mobile ?? '')
      : '';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { contact: previous },
  });

  const onSubmit = handleSubmit(async ({ contact }) => {
    const info = splitContact(contact);
    try {
      const issued = await forgotPassword(info);
      otp.sent('password_reset', info, issued);
      go('reset-password');
    } catch (error) {
      if (otp.onItsWay('password_reset', info, error)) {
        toast.info(OTP_NOTICES.onItsWay);
        go('reset-password');
        return;
      }
      toast.error(apiErrorMessage(error, AUTH_ERROR_FALLBACKS.forgotPassword));
    }
  });

  return (
    <div>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <ContactField error={errors.contact?.message} {...register('contact')} />
        <SubmitButton pending={isSubmitting} pendingLabel="Sending code…">
          Send reset code
        </SubmitButton>
      </form>
      <ViewSwitch
        prompt="Remembered it?"
        action="Back to sign in"
        onClick={() => go('sign-in-password')}
      />
    </div>
  );
}

const resetSchema = z
  .object({
    otp: z.string().length(OTP_LENGTH, OTP_INCOMPLETE),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.confirmPassword !== values.newPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: VALIDATION_MESSAGES.passwordMismatch,
      });
    }
  });
type ResetValues = z.input<typeof resetSchema>;

/** Reset password: the code and a new password (POST /auth/reset-password); signs the user in. */
export function ResetPasswordView({ otp, go, onAuthenticated }: AuthViewProps) {
  const toast = useToast();
  const { mutateAsync: resetPassword } = useResetPassword();
  const { mutateAsync: forgotPassword } = useForgotPassword();
  const {
    register,
    control,
    handleSubmit,
    resetField,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: { otp: '', newPassword: '', confirmPassword: '' },
  });
  const noAttemptsLeft = otp.state.remainingAttempts === 0;
  const done = 'Your password has been changed.';

  /** "Send a new code" once the code is gone: asked for as the first one was. */
  async function newCode() {
    const contact = otp.state.contactInfo ?? {};
    const issued = await forgotPassword(contact);
    otp.sent('password_reset', contact, issued);
    resetField('otp');
    toast.success(issued.message || 'A new code has been sent.');
  }

  const onSubmit = handleSubmit(async ({ otp: code, newPassword }) => {
    try {
      const result = await resetPassword({
        contact: otp.state.contactInfo ?? {},
        otp: code,
        newPassword,
      });
      otp.clear();
      onAuthenticated(result, done);
    } catch (error) {
      if (isCodeGone(error)) {
        if (await signedInAfterAll(otp, onAuthenticated, done)) return;
        otp.codeGone();
        resetField('otp');
        setError('otp', { message: OTP_NOTICES.codeGone });
        return;
      }
      if (remainingAttemptsOf(error) !== undefined) {
        codeRefused(otp, error);
        resetField('otp');
      }
      const rest = placeServerErrors(error, setError, {
        fields: { otp: 'otp', newPassword: 'newPassword' },
        fallback: AUTH_ERROR_FALLBACKS.resetPassword,
      });
      if (rest) toast.error(rest);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Controller
        control={control}
        name="otp"
        render={({ field, fieldState }) => (
          <OtpInput
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            disabled={isSubmitting}
            autoFocus
          />
        )}
      />
      <OtpStatus otp={otp} onNewCode={newCode} />
      <NewPasswordField
        label="New password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton
        pending={isSubmitting}
        pendingLabel="Saving…"
        disabled={noAttemptsLeft || otp.state.codeGone}
      >
        Reset password
      </SubmitButton>
      <p className="text-center text-sm text-slate-700">
        Wrong account?{' '}
        <LinkButton onClick={() => go('forgot-password')}>Use another e-mail or number</LinkButton>
      </p>
    </form>
  );
}
