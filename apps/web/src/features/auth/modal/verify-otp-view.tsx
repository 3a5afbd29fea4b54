import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/form-fields';
import { useFocusLater } from '../../../components/use-focus-later';
import { useToast } from '../../../components/toast';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSendLoginOtp } from '../api/send-login-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { AUTH_ERROR_FALLBACKS, isCodeGone, OTP_NOTICES, wrongCodesOf } from '../auth-errors';
import { OTP_INCOMPLETE, OTP_LENGTH, OtpInput } from './otp-input';
import { codeRefused, LinkButton, OtpStatus, signedInAfterAll } from './view-parts';
import type { AuthViewProps } from './view-types';

/**
 * Enter the code of an OTP sign-in, or the two codes of a registration (one sent by SMS, one by
 * e-mail: each contact is proven) (POST /auth/verify-otp).
 */
export function VerifyOtpView({ otp, go, onAuthenticated }: AuthViewProps) {
  const toast = useToast();
  const { mutateAsync: verifyOtp } = useVerifyOtp();
  const { mutateAsync: sendLoginOtp } = useSendLoginOtp();
  const [code, setCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [emailError, setEmailError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const { target: smsFirstBox, focusLater: focusSmsLater } = useFocusLater<HTMLInputElement>();
  const { target: emailFirstBox, focusLater: focusEmailLater } = useFocusLater<HTMLInputElement>();
  const { state } = otp;
  const purpose = state.otpPurpose === 'login' ? 'login' : 'registration';
  const registration = purpose === 'registration';
  const noAttemptsLeft = state.remainingAttempts === 0;
  const done = registration ? 'Your account has been created.' : 'You are signed in.';

  /** The code is gone (used, or long expired): a verify that worked may have lost its answer. */
  async function codeGone() {
    if (await signedInAfterAll(otp, onAuthenticated, done)) return;
    otp.codeGone();
    setCode('');
    setEmailCode('');
    setError(OTP_NOTICES.codeGone);
    setEmailError(undefined);
  }

  /** "Send a new code" once the code is gone: a registration's form sends new codes. */
  async function newCode() {
    if (registration) {
      go('register');
      return;
    }
    const contact = state.contactInfo ?? {};
    const issued = await sendLoginOtp(contact.mobile ?? '');
    otp.sent('login', contact, issued);
    setError(undefined);
    toast.success(issued.message || 'A new code has been sent.');
    focusSmsLater();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const smsMissing = code.length !== OTP_LENGTH;
    const emailMissing = registration && emailCode.length !== OTP_LENGTH;
    setError(smsMissing ? OTP_INCOMPLETE : undefined);
    setEmailError(emailMissing ? OTP_INCOMPLETE : undefined);
    if (smsMissing || emailMissing) return;
    setPending(true);
    try {
      const result = await verifyOtp({
        purpose,
        contact: state.contactInfo ?? {},
        otp: code,
        emailOtp: registration ? emailCode : undefined,
        requestId: state.otpRequestId,
      });
      otp.clear();
      onAuthenticated(result, done);
    } catch (failure) {
      if (isCodeGone(failure)) {
        await codeGone();
        return;
      }
      codeRefused(otp, failure);
      // Only the codes the server found wrong are cleared (both when it does not say), and
      // the message is shown by them; the first box of the first refused code takes the focus.
      const wrong = wrongCodesOf(failure) ?? { sms: true, email: true };
      const message = apiErrorMessage(
        failure,
        registration ? AUTH_ERROR_FALLBACKS.verifyRegistration : AUTH_ERROR_FALLBACKS.verifyLogin,
      );
      if (wrong.sms) {
        setCode('');
        setError(message);
        focusSmsLater();
      }
      if (registration && wrong.email) {
        setEmailCode('');
        setEmailError(message);
        if (!wrong.sms) focusEmailLater();
      }
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
        label={registration ? 'Code sent to your mobile' : undefined}
        digitLabel={registration ? 'Mobile code digit' : undefined}
        error={error}
        disabled={pending}
        autoFocus
        ref={smsFirstBox}
      />
      {registration ? (
        <OtpInput
          value={emailCode}
          onChange={(value) => {
            setEmailCode(value);
            if (emailError) setEmailError(undefined);
          }}
          label="Code sent to your e-mail"
          digitLabel="E-mail code digit"
          error={emailError}
          disabled={pending}
          ref={emailFirstBox}
        />
      ) : null}
      <OtpStatus otp={otp} onNewCode={newCode} />
      <SubmitButton
        pending={pending}
        pendingLabel="Verifying…"
        disabled={noAttemptsLeft || state.codeGone}
      >
        {registration ? 'Verify and create account' : 'Verify and sign in'}
      </SubmitButton>
      <p className="text-center text-sm text-slate-700">
        Wrong details?{' '}
        <LinkButton onClick={() => go(registration ? 'register' : 'sign-in-otp')}>
          {registration ? 'Change your details' : 'Change the number'}
        </LinkButton>
      </p>
      {registration ? null : (
        // The server answers alike for a number without an account (decision 0003), so the
        // buyer who has none is told here where the code will not come from.
        <p className="text-center text-sm text-slate-700">
          Codes go only to a mobile number with an account here. New to us?{' '}
          <LinkButton onClick={() => go('register')}>Create an account</LinkButton>
        </p>
      )}
    </form>
  );
}
