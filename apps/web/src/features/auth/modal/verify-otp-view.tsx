import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/form-fields';
import { useToast } from '../../../components/toast';
import { apiErrorMessage } from '../../../lib/api-client';
import { useVerifyOtp } from '../api/verify-otp';
import { AUTH_ERROR_FALLBACKS, remainingAttemptsOf } from '../auth-errors';
import { OTP_INCOMPLETE, OTP_LENGTH, OtpInput } from './otp-input';
import { LinkButton, OtpStatus } from './view-parts';
import type { AuthViewProps } from './view-types';

/** Enter the code of a registration or an OTP sign-in (POST /auth/verify-otp). */
export function VerifyOtpView({ otp, go, onAuthenticated }: AuthViewProps) {
  const toast = useToast();
  const { mutateAsync: verifyOtp } = useVerifyOtp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const { state } = otp;
  const purpose = state.otpPurpose === 'login' ? 'login' : 'registration';
  const noAttemptsLeft = state.remainingAttempts === 0;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== OTP_LENGTH) {
      setError(OTP_INCOMPLETE);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const result = await verifyOtp({
        purpose,
        contact: state.contactInfo ?? {},
        otp: code,
        requestId: state.otpRequestId,
      });
      otp.clear();
      onAuthenticated(
        result,
        purpose === 'registration' ? 'Your account has been created.' : 'You are signed in.',
      );
    } catch (failure) {
      otp.verifyFailed(remainingAttemptsOf(failure));
      setCode('');
      toast.error(
        apiErrorMessage(
          failure,
          purpose === 'login'
            ? AUTH_ERROR_FALLBACKS.verifyLogin
            : AUTH_ERROR_FALLBACKS.verifyRegistration,
        ),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <OtpInput
        value={code}
        onChange={(value) => {
          setCode(value);
          if (error) setError(undefined);
        }}
        error={error}
        disabled={pending}
        autoFocus
      />
      <OtpStatus otp={otp} />
      <SubmitButton pending={pending} pendingLabel="Verifying…" disabled={noAttemptsLeft}>
        {purpose === 'registration' ? 'Verify and create account' : 'Verify and sign in'}
      </SubmitButton>
      <p className="text-center text-sm text-slate-700">
        Wrong details?{' '}
        <LinkButton onClick={() => go(purpose === 'registration' ? 'register' : 'sign-in-otp')}>
          {purpose === 'registration' ? 'Change your details' : 'Change the number'}
        </LinkButton>
      </p>
    </form>
  );
}
