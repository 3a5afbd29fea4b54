import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { displayMobile } from '@store/domain';
import { useToast } from '../../../components/toast';
import { apiErrorMessage, isApiError } from '../../../lib/api-client';
import { formatCountdown, useSecondsUntil } from '../../../lib/use-countdown';
import { fetchProfile } from '../api/get-profile';
import { useResendOtp } from '../api/resend-otp';
import { AUTH_ERROR_FALLBACKS, remainingAttemptsOf, retryAfterOf } from '../auth-errors';
import type { OtpFlow } from './otp-state';
import type { AuthViewProps } from './view-types';

/** A button that looks like a link (switches views inside the modal). */
export function LinkButton({ className = '', ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      {...props}
      className={`rounded font-semibold text-blue-700 underline-offset-2 hover:text-blue-800 hover:underline disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline ${className}`}
    />
  );
}

/** The line at the foot of a view that leads to another: "New here? Create an account". */
export function ViewSwitch({
  prompt,
  action,
  onClick,
}: {
  prompt: string;
  action: string;
  onClick: () => void;
}) {
  return (
    <p className="mt-8 border-t border-slate-100 pt-6 text-center text-sm text-slate-700">
      {prompt} <LinkButton onClick={onClick}>{action}</LinkButton>
    </p>
  );
}

export type SignInMethod = 'password' | 'otp';

/** Password / OTP switch of the sign-in views. */
export function MethodSwitch({
  method,
  onChange,
}: {
  method: SignInMethod;
  onChange: (method: SignInMethod) => void;
}) {
  const option = (value: SignInMethod, label: string) => (
    <button
      type="button"
      aria-pressed={method === value}
      onClick={() => onChange(value)}
      className={`flex-1 rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
        method === value
          ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
          : 'text-slate-600 hover:text-slate-900'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label="Sign-in method"
      className="flex gap-1 rounded-lg bg-slate-100 p-1"
    >
      {option('password', 'With password')}
      {option('otp', 'With OTP')}
    </div>
  );
}

/** "e-mail a@b.c and mobile 98765 43210": where the current code was sent. */
export function describeDestination(otp: OtpFlow['state']): string {
  const { contactInfo, otpChannels } = otp;
  const parts: string[] = [];
  const email = contactInfo?.email;
  const mobile = contactInfo?.mobile;
  const emailUsed = otpChannels ? otpChannels.email : Boolean(email);
  const smsUsed = otpChannels ? otpChannels.sms : Boolean(mobile);
  if (emailUsed) parts.push(email ? `e-mail ${email}` : 'e-mail');
  if (smsUsed) parts.push(mobile ? `mobile ${displayMobile(mobile)}` : 'mobile');
  return parts.length > 0 ? `your ${parts.join(' and your ')}` : 'you';
}

/**
 * After OTP_NOT_FOUND: the call that used the code may have worked with its answer lost, and
 * its cookies come. Looks for that session; when there is one, finishes as the call would have
 * (true), else false.
 */
export async function signedInAfterAll(
  otp: OtpFlow,
  onAuthenticated: AuthViewProps['onAuthenticated'],
  message: string,
): Promise<boolean> {
  const session = await fetchProfile().catch(() => null);
  if (!session) return false;
  otp.clear();
  onAuthenticated({ session }, message);
  return true;
}

/**
 * A code refused: the attempts left, as the server counts them. A code refused as expired
 * (OTP_EXPIRED, whose refusal says so) ends its countdown and attempts instead: its
 * `remainingAttempts: 0` is no count of the buyer's tries (QA 28 F7).
 */
export function codeRefused(otp: OtpFlow, error: unknown) {
  if (isApiError(error) && error.code === 'OTP_EXPIRED') otp.expired();
  else otp.verifyFailed(remainingAttemptsOf(error));
}

/**
 * The expiry countdown, the remaining attempts and the Resend button (disabled during the
 * cooldown, with its own countdown) of a code that was sent. Once the server has no code open
 * (otp.state.codeGone) there is nothing to count: the button becomes "Send a new code", calls
 * `onNewCode` (the view asks for a code as it did the first time) and takes the focus as soon as
 * it may be used.
 */
export function OtpStatus({
  otp,
  onNewCode,
}: {
  otp: OtpFlow;
  onNewCode: () => Promise<void> | void;
}) {
  const toast = useToast();
  const { mutateAsync: resendOtp } = useResendOtp();
  const [resending, setResending] = useState(false);
  const resendButtonRef = useRef<HTMLButtonElement>(null);
  const { state } = otp;
  const since = state.sentAt ?? 0;
  const expiresAt = state.otpExpiry ? Date.parse(state.otpExpiry) : null;
  const expiresIn = useSecondsUntil(expiresAt, since);
  const resendIn = useSecondsUntil(state.resendAvailableAt, since);
  const attempts = state.remainingAttempts;
  const mayResend = resendIn === 0 && !resending;

  useEffect(() => {
    if (state.codeGone && mayResend) resendButtonRef.current?.focus();
  }, [state.codeGone, mayResend]);

  async function resend() {
    setResending(true);
    try {
      if (state.codeGone) {
        await onNewCode();
        return;
      }
      const issued = await resendOtp({
        purpose: state.otpPurpose,
        contact: state.contactInfo,
        requestId: state.otpRequestId,
      });
      otp.resent(issued);
      toast.success(issued.message || 'A new code has been sent.');
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait) otp.cooldown(wait);
      toast.error(apiErrorMessage(error, AUTH_ERROR_FALLBACKS.resend));
    } finally {
      setResending(false);
    }
  }

  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        {expiresAt === null ? null : (
          <p role="timer" data-testid="otp-expiry">
            {expiresIn > 0 ? (
              <>
                Code expires in{' '}
                <span className="font-semibold text-slate-900 tabular-nums">
                  {formatCountdown(expiresIn)}
                </span>
              </>
            ) : (
              <span className="font-semibold text-red-700">
                The code has expired. Please request a new one.
              </span>
            )}
          </p>
        )}
        {attempts !== null ? (
          <p
            data-testid="otp-attempts"
            className={attempts <= 3 ? 'font-semibold text-amber-800' : ''}
          >
            {attempts === 1 ? '1 attempt left' : `${attempts} attempts left`}
          </p>
        ) : null}
      </div>
      <div className="mt-2 flex items-center gap-2 border-t border-slate-200 pt-2">
        <span>Didn&apos;t get it?</span>
        <LinkButton ref={resendButtonRef} onClick={() => void resend()} disabled={!mayResend}>
          {resending
            ? 'Sending…'
            : `${state.codeGone ? 'Send a new code' : 'Resend OTP'}${resendIn > 0 ? ` in ${formatCountdown(resendIn)}` : ''}`}
        </LinkButton>
      </div>
    </div>
  );
}
