import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../../../test-support/fake-api';
import { renderWithQuery } from '../../../../test-support/render';
import { resetAfterTest, sampleSession } from '../../../../test-support/session';
import { PROFILE_QUERY_KEY } from '../api/get-profile';
import { OTP_NOTICES } from '../auth-errors';
import { onSignedIn } from '../session-cache';
import { AuthModal } from './auth-modal';
import { errorToasts } from '../../../../test-support/toasts';

afterEach(() => {
  resetAfterTest();
  vi.useRealTimers();
});

const issued = (extra: object = {}) =>
  ok(
    {
      requestId: '6f2c1a8e-0000-4000-8000-000000000001',
      channels: { email: true, sms: true },
      otpExpiry: new Date(Date.now() + 10 * 60_000).toISOString(),
      maxAttempts: 10,
      ...extra,
    },
    'We have sent a verification code to your e-mail and mobile.',
  );

function renderModal(initialView: 'sign-in' | 'register' | 'forgot-password' = 'sign-in') {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const utils = renderWithQuery(
    '/',
    <AuthModal open onClose={onClose} initialView={initialView} />,
  );
  return { ...utils, onClose, user };
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.paste(code);
}

/**
 * Opens the modal, asks for a sign-in code to the mobile and waits for the code view, with
 * fake timers that move on their own (the resend cooldown can then be skipped).
 */
async function signInWithCode() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  renderWithQuery('/', <AuthModal open onClose={() => {}} initialView="sign-in" />);
  await user.click(screen.getByRole('button', { name: 'With OTP' }));
  await user.type(screen.getByLabelText('Mobile number'), '9876543210');
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByRole('dialog', { name: 'Enter your sign-in code' });
  return user;
}

// Form-heavy tests: typing through jsdom is slow on a busy machine.
describe('authentication modal', { timeout: 30_000 }, () => {
  it('is a labelled modal dialog that focuses its first field and closes on Escape', async () => {
    installFakeApi({});
    const { onClose, user } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Sign In' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/Sign in with your e-mail address or mobile number/);
    expect(screen.getByLabelText('E-mail address or mobile number')).toHaveFocus();

    // Tab from the last control wraps to the first one.
    const focusable = [...dialog.querySelectorAll<HTMLElement>('button, input, a[href]')];
    focusable.at(-1)?.focus();
    await user.tab();
    expect(focusable[0]).toHaveFocus();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('takes staff to the console once they have signed in, and leaves buyers where they are', async () => {
    const staff = { ...sampleSession, user: { ...sampleSession.user, role: 'support' as const } };
    installFakeApi({ 'POST /auth/login': ok(staff, 'You are signed in.') });
    const { onClose, user } = renderModal();
    await user.type(screen.getByLabelText('E-mail address or mobile number'), '9000000001');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The navigation is a transition: on a busy machine it renders a moment after the close.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    resetAfterTest();

    installFakeApi({ 'POST /auth/login': ok(sampleSession, 'You are signed in.') });
    const buyer = renderModal();
    await buyer.user.type(screen.getByLabelText('E-mail address or mobile number'), '9876543210');
    await buyer.user.type(screen.getByLabelText('Password', { exact: true }), 'secret-pass');
    await buyer.user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(buyer.onClose).toHaveBeenCalled());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('signs in with a password and sets the session', async () => {
    const api = installFakeApi({ 'POST /auth/login': ok(sampleSession, 'You are signed in.') });
    const listener = vi.fn();
    const off = onSignedIn(listener);
    const { onClose, user, queryClient } = renderModal();
    await user.type(screen.getByLabelText('E-mail address or mobile number'), 'Asha@Example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /auth/login')[0]?.body).toEqual({
      contact: 'asha@example.com',
      password: 'secret-pass',
    });
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(sampleSession);
    expect(listener).toHaveBeenCalledWith(sampleSession);
    expect(await screen.findByText('You are signed in.')).toBeInTheDocument();
    off();
  });

  it("shows the server's message on a failed login, else 'Login failed'", async () => {
    installFakeApi({
      'POST /auth/login': fail(
        400,
        'The e-mail address or mobile number and password do not match. Please check them and try again.',
      ),
    });
    const { user, onClose } = renderModal();
    await user.type(screen.getByLabelText('E-mail address or mobile number'), '9876543210');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(/password do not match/)).toBeInTheDocument();

    installFakeApi({ 'POST /auth/login': { status: 400 } });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('validates the sign-in fields inline', async () => {
    const api = installFakeApi({});
    const { user } = renderModal();
    await user.type(screen.getByLabelText('E-mail address or mobile number'), 'not-a-contact');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('E-mail address or mobile number')).toHaveAccessibleDescription(
      'Enter a valid e-mail address or 10-digit mobile number.',
    );
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAccessibleDescription(
      'Enter your password.',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('signs in with a code sent to the mobile: attempts, resend cooldown, verify', async () => {
    let verifyCount = 0;
    const api = installFakeApi({
      'POST /auth/sign-in': issued({ channels: { email: true, sms: true } }),
      'POST /auth/verify-otp': () => {
        verifyCount += 1;
        return verifyCount === 1
          ? fail(400, undefined, { remainingAttempts: 9 })
          : ok(sampleSession, 'You are signed in.');
      },
    });
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'With OTP' }));
    await user.type(screen.getByLabelText('Mobile number'), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));

    const dialog = await screen.findByRole('dialog', { name: 'Enter your sign-in code' });
    // Shown as the store writes a mobile, however it was typed.
    expect(dialog).toHaveAccessibleDescription(/your mobile 98765 43210\./);
    expect(api.callsTo('POST /auth/sign-in')[0]?.body).toEqual({ mobile: '9876543210' });
    expect(screen.getByTestId('otp-attempts')).toHaveTextContent('10 attempts left');
    expect(screen.getByTestId('otp-expiry')).toHaveTextContent(/Code expires in (10:00|9:5\d)/);
    const resend = screen.getByRole('button', { name: /Resend OTP in 0:(30|29)/ });
    expect(resend).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAccessibleDescription(
      'Enter the 6-digit code.',
    );

    await typeCode(user, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    // The refusal is told by the boxes, and the focus goes back to the first of them.
    const first = screen.getByRole('textbox', { name: 'Digit 1 of 6' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('OTP verification failed');
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAccessibleDescription(
      'OTP verification failed',
    );
    expect(screen.getByTestId('otp-attempts')).toHaveTextContent('9 attempts left');

    await typeCode(user, '222222');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /auth/verify-otp').map((c) => c.body)).toEqual([
      { mobile: '9876543210', otp: '111111' },
      { mobile: '9876543210', otp: '222222' },
    ]);
  });

  it('tells a buyer waiting for a sign-in code that codes go only to accounts, and leads to sign-up', async () => {
    installFakeApi({ 'POST /auth/sign-in': issued({ channels: { email: true, sms: true } }) });
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'With OTP' }));
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your sign-in code' });
    expect(dialog).toHaveTextContent(
      'Codes go only to a mobile number with an account here. New to us? Create an account',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('enables Resend after the cooldown and refreshes the code', async () => {
    const api = installFakeApi({
      'POST /auth/sign-in': issued({ maxAttempts: 3 }),
      'POST /auth/resend-otp': issued({ requestId: 'r-2', maxAttempts: 5 }),
    });
    const user = await signInWithCode();
    expect(screen.getByTestId('otp-attempts')).toHaveTextContent('3 attempts left');

    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    const resend = screen.getByRole('button', { name: 'Resend OTP' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    await waitFor(() =>
      expect(screen.getByTestId('otp-attempts')).toHaveTextContent('5 attempts left'),
    );
    // The current request is named, so only that request (this purpose) is resent.
    expect(api.callsTo('POST /auth/resend-otp')[0]?.body).toEqual({
      mobile: '9876543210',
      requestId: '6f2c1a8e-0000-4000-8000-000000000001',
    });
    expect(screen.getByRole('button', { name: /Resend OTP in/ })).toBeDisabled();

    // The next resend names the request the last one opened.
    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    await waitFor(() => expect(api.callsTo('POST /auth/resend-otp')).toHaveLength(2));
    expect(api.callsTo('POST /auth/resend-otp')[1]?.body).toEqual({
      mobile: '9876543210',
      requestId: 'r-2',
    });
  });

  it('resets a forgotten password with the code and signs in', async () => {
    const api = installFakeApi({
      'POST /auth/forgot-password': issued({ channels: { email: false, sms: true } }),
      'POST /auth/reset-password': ok(sampleSession, 'Your password has been changed.'),
    });
    const listener = vi.fn();
    const off = onSignedIn(listener);
    const { user, onClose, queryClient } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await screen.findByRole('dialog', { name: 'Forgot your password?' });
    await user.type(screen.getByLabelText('E-mail address or mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));

    await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(api.callsTo('POST /auth/forgot-password')[0]?.body).toEqual({ mobile: '9876543210' });
    await typeCode(user, '123456');
    await user.type(screen.getByLabelText('New password', { exact: true }), 'fresh-garden-77');
    await user.type(
      screen.getByLabelText('Confirm new password', { exact: true }),
      'fresh-garden-78',
    );
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm new password', { exact: true }));
    await user.type(
      screen.getByLabelText('Confirm new password', { exact: true }),
      'fresh-garden-77',
    );
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /auth/reset-password')[0]?.body).toEqual({
      mobile: '9876543210',
      otp: '123456',
      newPassword: 'fresh-garden-77',
    });
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(sampleSession);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    off();
  });

  it("uses 'Failed to send password reset OTP' and 'Password reset failed' as fallbacks", async () => {
    installFakeApi({ 'POST /auth/forgot-password': { status: 503 } });
    const { user } = renderModal('forgot-password');
    await user.type(screen.getByLabelText('E-mail address or mobile number'), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Failed to send password reset OTP')).toBeInTheDocument();

    installFakeApi({
      'POST /auth/forgot-password': issued({ channels: { email: true, sms: false } }),
      'POST /auth/reset-password': { status: 500 },
    });
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    await screen.findByRole('dialog', { name: 'Reset your password' });
    await typeCode(user, '123456');
    await user.type(screen.getByLabelText('New password', { exact: true }), 'fresh-garden-77');
    await user.type(
      screen.getByLabelText('Confirm new password', { exact: true }),
      'fresh-garden-77',
    );
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password reset failed')).toBeInTheDocument();
  });

  it("shows the server's field errors under the reset form's fields, the rest in a toast", async () => {
    installFakeApi({
      'POST /auth/forgot-password': issued({ channels: { email: false, sms: true } }),
      'POST /auth/reset-password': fail(400, 'Your password must not contain your mobile number.', {
        code: 'VALIDATION_ERROR',
        errors: ['newPassword: Your password must not contain your mobile number.'],
      }),
    });
    const { user } = renderModal('forgot-password');
    await user.type(screen.getByLabelText('E-mail address or mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    await screen.findByRole('dialog', { name: 'Reset your password' });
    await typeCode(user, '123456');
    const password = screen.getByLabelText('New password', { exact: true });
    await user.type(password, 'my-9876543210');
    await user.type(
      screen.getByLabelText('Confirm new password', { exact: true }),
      'my-9876543210',
    );
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('Your password must not contain your mobile number.'),
    );
    expect(errorToasts()).toBeEmptyDOMElement();

    installFakeApi({
      'POST /auth/reset-password': fail(400, 'Invalid body: mobile: Enter a valid mobile.', {
        code: 'VALIDATION_ERROR',
        errors: ['mobile: Enter a valid mobile.'],
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(errorToasts()).toHaveTextContent('Invalid body: mobile: Enter a valid mobile.'),
    );
  });

  it("uses 'Failed to resend OTP' when a new code cannot be sent, and waits as the server asks", async () => {
    const api = installFakeApi({
      'POST /auth/sign-in': issued(),
      'POST /auth/resend-otp': fail(429, undefined, { retryAfter: 45 }),
    });
    const user = await signInWithCode();

    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Failed to resend OTP')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/resend-otp')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Resend OTP in 0:(45|44)/ })).toBeDisabled();
  });

  it('goes on to the code when Send OTP is answered that a code went out a moment ago (its answer was lost)', async () => {
    let sends = 0;
    const api = installFakeApi({
      'POST /auth/sign-in': () => {
        sends += 1;
        if (sends === 1) throw new TypeError('Failed to fetch');
        return fail(429, 'A code was sent a moment ago. Please wait 25 seconds.', {
          code: 'OTP_RESEND_COOLDOWN',
          retryAfter: 25,
        });
      },
      'POST /auth/verify-otp': ok(sampleSession, 'You are signed in.'),
    });
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'With OTP' }));
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('No response received from server')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));

    await screen.findByRole('dialog', { name: 'Enter your sign-in code' });
    expect(screen.getByText(OTP_NOTICES.onItsWay)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend OTP in 0:2[45]/ })).toBeDisabled();
    // Its expiry and attempts were in the lost answer: nothing made up is shown.
    expect(screen.queryByTestId('otp-expiry')).toBeNull();
    expect(screen.queryByTestId('otp-attempts')).toBeNull();
    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /auth/verify-otp')[0]?.body).toEqual({
      mobile: '9876543210',
      otp: '123456',
    });
  });

  it('goes on to the reset code when one went out a moment ago', async () => {
    installFakeApi({
      'POST /auth/forgot-password': fail(429, 'A code was sent a moment ago.', {
        code: 'OTP_RESEND_COOLDOWN',
        retryAfter: 20,
      }),
    });
    const { user } = renderModal('forgot-password');
    await user.type(screen.getByLabelText('E-mail address or mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(screen.getByRole('button', { name: /Resend OTP in 0:(20|19)/ })).toBeDisabled();
  });

  it('says once that a code expired in the open dialog, counts no attempts, and resends (QA 28 F7)', async () => {
    const expired = 'This code has expired. Please request a new one.';
    installFakeApi({
      'POST /auth/sign-in': issued({ otpExpiry: new Date(Date.now() + 120_000).toISOString() }),
      'POST /auth/verify-otp': fail(400, expired, { code: 'OTP_EXPIRED', remainingAttempts: 0 }),
      'POST /auth/resend-otp': issued({ maxAttempts: 10 }),
    });
    const user = await signInWithCode();
    await act(async () => {
      vi.advanceTimersByTime(121_000);
    });
    expect(screen.getByTestId('otp-expiry')).toHaveTextContent(
      'The code has expired. Please request a new one.',
    );

    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    const dialog = screen.getByRole('dialog', { name: 'Enter your sign-in code' });
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAccessibleDescription(
        expired,
      ),
    );
    expect(dialog.textContent?.match(/expired/g)).toHaveLength(1);
    expect(screen.queryByTestId('otp-attempts')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await waitFor(() =>
      expect(screen.getByTestId('otp-attempts')).toHaveTextContent('10 attempts left'),
    );
    expect(screen.getByTestId('otp-expiry')).toHaveTextContent(/Code expires in/);
  });

  it("counts Resend's wait as the store's answer says (resendAfter)", async () => {
    installFakeApi({ 'POST /auth/sign-in': issued({ resendAfter: 5 }) });
    await signInWithCode();
    expect(screen.getByRole('button', { name: /Resend OTP in 0:0[45]/ })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
  });

  it('says a used code is gone, stops its countdown and offers a new code, focused once it may be sent', async () => {
    let sends = 0;
    const api = installFakeApi({
      'POST /auth/sign-in': () => {
        sends += 1;
        return issued({ maxAttempts: sends === 1 ? 10 : 7 });
      },
      'POST /auth/verify-otp': fail(
        400,
        'No verification code is waiting for these details. Please request a new code.',
        { code: 'OTP_NOT_FOUND', remainingAttempts: 0 },
      ),
      'GET /user/profile': fail(401, 'Please sign in to continue.'),
      'POST /auth/refresh-token': fail(401, 'Your session has ended. Please sign in again.'),
    });
    const user = await signInWithCode();
    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByText(OTP_NOTICES.codeGone)).toBeInTheDocument();
    expect(screen.queryByTestId('otp-expiry')).toBeNull();
    expect(screen.queryByTestId('otp-attempts')).toBeNull();
    expect(screen.getByRole('button', { name: 'Verify and sign in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Send a new code in 0:\d\d/ })).toBeDisabled();
    // The session a lost answer may have brought was looked for first.
    expect(api.callsTo('GET /user/profile')).toHaveLength(1);

    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    const newCode = screen.getByRole('button', { name: 'Send a new code' });
    await waitFor(() => expect(newCode).toHaveFocus());
    await user.click(newCode);
    await waitFor(() =>
      expect(screen.getByTestId('otp-attempts')).toHaveTextContent('7 attempts left'),
    );
    expect(api.callsTo('POST /auth/sign-in')).toHaveLength(2);
    expect(screen.getByTestId('otp-expiry')).toHaveTextContent(/Code expires in/);
    expect(screen.queryByText(OTP_NOTICES.codeGone)).toBeNull();
    expect(screen.getByRole('button', { name: 'Verify and sign in' })).toBeEnabled();
  });

  it('signs in after all when the code is gone because the lost verify worked', async () => {
    installFakeApi({
      'POST /auth/sign-in': issued(),
      'POST /auth/verify-otp': fail(400, 'No verification code is waiting.', {
        code: 'OTP_NOT_FOUND',
        remainingAttempts: 0,
      }),
      'GET /user/profile': ok(sampleSession),
    });
    const onClose = vi.fn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { queryClient } = renderWithQuery(
      '/',
      <AuthModal open onClose={onClose} initialView="sign-in" />,
    );
    await user.click(screen.getByRole('button', { name: 'With OTP' }));
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByRole('dialog', { name: 'Enter your sign-in code' });
    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(sampleSession);
    expect(screen.queryByText(OTP_NOTICES.codeGone)).toBeNull();
  });

  it("uses 'Failed to send OTP' when the sign-in code cannot be sent", async () => {
    installFakeApi({ 'POST /auth/sign-in': { status: 500 } });
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'With OTP' }));
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Failed to send OTP')).toBeInTheDocument();
  });
});
