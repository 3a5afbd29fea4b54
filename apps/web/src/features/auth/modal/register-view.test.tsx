import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../../../test-support/fake-api';
import { expectPrivacyNotice } from '../../../../test-support/privacy-notice';
import { renderWithQuery } from '../../../../test-support/render';
import { resetAfterTest, sampleSession } from '../../../../test-support/session';
import { OTP_NOTICES } from '../auth-errors';
import { AuthModal } from './auth-modal';
import { errorToasts } from '../../../../test-support/toasts';

afterEach(resetAfterTest);

const issued = ok(
  {
    requestId: '6f2c1a8e-0000-4000-8000-000000000001',
    channels: { email: true, sms: true },
    otpExpiry: new Date(Date.now() + 10 * 60_000).toISOString(),
    maxAttempts: 10,
  },
  'We have sent a verification code to your e-mail and mobile.',
);

function renderRegister() {
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithQuery('/', <AuthModal open onClose={onClose} initialView="register" />);
  const dialog = screen.getByRole('dialog', { name: 'Create your account' });
  return { dialog, onClose, user };
}

type User = ReturnType<typeof userEvent.setup>;

/** Enters `text` into the field at once (a paste), faster than typing key by key. */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillIndividual(user: User) {
  await enter(user, screen.getByLabelText('Full name'), 'Asha Verma');
  await enter(user, screen.getByLabelText('E-mail address'), 'asha@example.com');
  await enter(user, screen.getByLabelText('Mobile number'), '98765 43210');
  await enter(user, screen.getByLabelText('Password', { exact: true }), 'mango-river-42');
}

/** Pastes the SMS code and the e-mail code of a registration (an empty one is left as it is). */
async function enterCodes(user: User, sms: string, email: string) {
  for (const [code, box] of [
    [sms, 'Mobile code digit 1 of 6'],
    [email, 'E-mail code digit 1 of 6'],
  ] as const) {
    if (!code) continue;
    await user.click(screen.getByRole('textbox', { name: box }));
    await user.paste(code);
  }
}

// Form-heavy tests: typing through jsdom is slow on a busy machine.
describe('registration form', { timeout: 30_000 }, () => {
  it('says what the details are for, links the privacy policy and names what WhatsApp sends (decision 0057)', () => {
    const { dialog } = renderRegister();
    expectPrivacyNotice(
      dialog,
      'We use your name, e-mail, mobile and (for a company) its name and GSTIN for your account, your orders and their GST invoices.',
    );
    expect(
      screen.getByLabelText('Send me order and porting updates on WhatsApp'),
    ).not.toBeChecked();
    // The store sends no offers by WhatsApp: the box promises none.
    expect(dialog).not.toHaveTextContent(/offers/i);
  });

  it('requires the company name and a valid GSTIN for a Corporate account', async () => {
    const api = installFakeApi({ 'POST /auth/register': issued });
    const { user } = renderRegister();
    await user.click(screen.getByRole('radio', { name: /Corporate/ }));
    await fillIndividual(user);
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const company = await screen.findByLabelText('Company name');
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(company).toHaveAccessibleDescription(
      'Enter the company name: it is required for a Corporate account.',
    );
    expect(screen.getByLabelText('GSTIN')).toHaveAccessibleDescription(
      /Enter the GSTIN: it is required for a Corporate account\./,
    );

    await enter(user, company, 'Asha Traders');
    await enter(user, screen.getByLabelText('GSTIN'), '27AAPFU0939F1ZX');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('GSTIN')).toHaveAccessibleDescription(
        /The last character \(the check character\) does not match: please check the GSTIN for a typo\./,
      ),
    );
    expect(api.calls).toHaveLength(0);
  });

  it("refuses a person's name with digits and a company name with < inline, in the API's words", async () => {
    const api = installFakeApi({ 'POST /auth/register': issued });
    const { user } = renderRegister();
    await user.click(screen.getByRole('radio', { name: /Corporate/ }));
    await fillIndividual(user);
    await user.clear(screen.getByLabelText('Full name'));
    await enter(user, screen.getByLabelText('Full name'), 'Ravi123');
    await enter(user, screen.getByLabelText('Company name'), '<b>Ravi</b> & Co');
    await enter(user, screen.getByLabelText('GSTIN'), '27AAPXU0939F1ZV');
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(
        'A name has letters, spaces, dots, apostrophes and hyphens only.',
      ),
    );
    expect(screen.getByLabelText('Company name')).toHaveAccessibleDescription(
      'A company name cannot have < or >.',
    );
    expect(screen.getByLabelText('GSTIN')).toHaveAccessibleDescription(
      /has a holder type as its 4th letter, one of P, C, H, F, A, T, B, L, J, G, K; this one has X\./,
    );
    expect(api.calls).toHaveLength(0);
  });

  it('sends gstinNo upper-cased with the Corporate details, then asks for the code', async () => {
    const api = installFakeApi({ 'POST /auth/register': issued });
    const { user } = renderRegister();
    await user.click(screen.getByRole('radio', { name: /Corporate/ }));
    await fillIndividual(user);
    await enter(user, screen.getByLabelText('Company name'), 'Asha Traders');
    // Pasted from a PDF or an e-mail, spaces and all: nothing is cut off.
    await enter(user, screen.getByLabelText('GSTIN'), ' 27aapfu0939f1zv ');
    await user.click(screen.getByLabelText('Send me order and porting updates on WhatsApp'));
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Verify your details' });
    expect(dialog).toHaveAccessibleDescription(
      'We have sent a 6-digit code to your mobile 98765 43210 and another to your e-mail asha@example.com.',
    );
    expect(api.callsTo('POST /auth/register')[0]?.body).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.com',
      mobile: '9876543210',
      password: 'mango-river-42',
      accountType: 'Corporate',
      getWhatsappUpdate: true,
      acceptTermsAndConditions: true,
      companyName: 'Asha Traders',
      gstinNo: '27AAPFU0939F1ZV',
    });

    // A wrong code without a server message: the spec's fallback, and the attempts go down.
    installFakeApi({ 'POST /auth/verify-otp': fail(400, undefined, { remainingAttempts: 9 }) });
    await enterCodes(user, '123456', '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
    // Neither code was said to be right: both are refused, the focus on the first of them.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Mobile code digit 1 of 6' })).toHaveFocus(),
    );
    for (const [group, box] of [
      ['Code sent to your mobile', 'Mobile code digit 1 of 6'],
      ['Code sent to your e-mail', 'E-mail code digit 1 of 6'],
    ] as const) {
      expect(screen.getByRole('group', { name: group })).toHaveAccessibleDescription(
        'Invalid OTP. Please try again.',
      );
      expect(screen.getByRole('textbox', { name: box })).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByTestId('otp-attempts')).toHaveTextContent('9 attempts left');
  });

  it('asks for both codes, sends them, and clears only the one the server found wrong', async () => {
    const verify = [
      fail(400, 'The code sent to your e-mail address is not right. Please try again.', {
        code: 'OTP_INVALID',
        remainingAttempts: 9,
        wrongCodes: ['email'],
      }),
      ok(sampleSession, 'Your account has been created.'),
    ];
    const api = installFakeApi({
      'POST /auth/register': issued,
      'POST /auth/verify-otp': () => verify.shift()!,
    });
    const { user, onClose } = renderRegister();
    await fillIndividual(user);
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('dialog', { name: 'Verify your details' });

    // The mobile's code alone is not enough.
    await enterCodes(user, '123456', '');
    await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
    expect(
      screen.getByRole('group', { name: 'Code sent to your e-mail' }),
    ).toHaveAccessibleDescription('Enter the 6-digit code.');
    expect(api.callsTo('POST /auth/verify-otp')).toHaveLength(0);

    await enterCodes(user, '', '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
    // The refused code's boxes say why and take the focus; the mobile's code is kept as it was.
    const emailBox = screen.getByRole('textbox', { name: 'E-mail code digit 1 of 6' });
    await waitFor(() => expect(emailBox).toHaveFocus());
    expect(emailBox).toHaveValue('');
    expect(emailBox).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByRole('group', { name: 'Code sent to your e-mail' }),
    ).toHaveAccessibleDescription(
      'The code sent to your e-mail address is not right. Please try again.',
    );
    const mobileBox = screen.getByRole('textbox', { name: 'Mobile code digit 6 of 6' });
    expect(mobileBox).toHaveValue('6');
    expect(mobileBox).not.toHaveAttribute('aria-invalid');
    expect(errorToasts()).toBeEmptyDOMElement();

    await enterCodes(user, '', '222222');
    await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /auth/verify-otp').map((call) => call.body)).toEqual([
      {
        email: 'asha@example.com',
        mobile: '9876543210',
        otp: '123456',
        emailOtp: '111111',
        requestId: '6f2c1a8e-0000-4000-8000-000000000001',
      },
      {
        email: 'asha@example.com',
        mobile: '9876543210',
        otp: '123456',
        emailOtp: '222222',
        requestId: '6f2c1a8e-0000-4000-8000-000000000001',
      },
    ]);
  });

  it('goes on to the codes when Create account is answered that codes went out a moment ago', async () => {
    let sends = 0;
    const api = installFakeApi({
      'POST /auth/register': () => {
        sends += 1;
        if (sends === 1) throw new TypeError('Failed to fetch');
        return fail(429, 'A code was sent a moment ago. Please wait 25 seconds.', {
          code: 'OTP_RESEND_COOLDOWN',
          retryAfter: 25,
        });
      },
      'POST /auth/verify-otp': ok(sampleSession, 'Your account has been created.'),
    });
    const { user, onClose } = renderRegister();
    await fillIndividual(user);
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('No response received from server')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByRole('dialog', { name: 'Verify your details' });
    expect(screen.getByText(OTP_NOTICES.onItsWay)).toBeInTheDocument();
    await enterCodes(user, '123456', '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The request id was in the lost answer: the server finds the codes by the contacts.
    expect(api.callsTo('POST /auth/verify-otp')[0]?.body).toEqual({
      email: 'asha@example.com',
      mobile: '9876543210',
      otp: '123456',
      emailOtp: '654321',
    });
  });

  it('requires the terms to be accepted', async () => {
    const api = installFakeApi({ 'POST /auth/register': issued });
    const { user } = renderRegister();
    await fillIndividual(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const terms = screen.getByRole('checkbox', { name: /I accept the/ });
    await waitFor(() => expect(terms).toHaveAttribute('aria-invalid', 'true'));
    expect(terms).toHaveAccessibleDescription(
      'Please accept the terms and conditions to create an account.',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('says that the terms open in a new tab, keeping the form', () => {
    renderRegister();
    const terms = screen.getByRole('link', { name: 'Terms and Conditions (opens in a new tab)' });
    expect(terms).toHaveAttribute('href', '/terms-and-conditions');
    expect(terms).toHaveAttribute('target', '_blank');
  });

  it('sends an Individual account without company details and shows inline field errors', async () => {
    const api = installFakeApi({ 'POST /auth/register': issued });
    const { user } = renderRegister();
    await enter(user, screen.getByLabelText('Mobile number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid 10-digit Indian mobile number.')).toBeVisible();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Enter your name.');
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Mobile number'));
    await fillIndividual(user);
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('dialog', { name: 'Verify your details' });
    const body = api.callsTo('POST /auth/register')[0]?.body;
    expect(body).toMatchObject({ accountType: 'Individual', getWhatsappUpdate: false });
    expect(body).not.toHaveProperty('companyName');
    expect(body).not.toHaveProperty('gstinNo');
  });

  it("shows the server's field errors under their fields, and toasts only the rest", async () => {
    installFakeApi({
      'POST /auth/register': fail(400, 'Invalid body: password: Too common.; email: Taken form.', {
        code: 'VALIDATION_ERROR',
        errors: ['password: This password is too common.', 'email: Enter a real e-mail address.'],
      }),
    });
    const { user } = renderRegister();
    await fillIndividual(user);
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const password = screen.getByLabelText('Password', { exact: true });
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('This password is too common.'),
    );
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Enter a real e-mail address.',
    );
    await waitFor(() => expect(password).toHaveFocus());
    expect(errorToasts()).toBeEmptyDOMElement();

    // A problem with no field in this form (here: a Corporate field on an Individual account,
    // and an unknown one) goes to the toast; the others still go under their fields.
    installFakeApi({
      'POST /auth/register': fail(400, 'Invalid body', {
        code: 'VALIDATION_ERROR',
        errors: ['mobile: Enter a valid 10-digit Indian mobile number.', 'gstinNo: Bad GSTIN.'],
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = errorToasts();
    await waitFor(() => expect(alert).toHaveTextContent('gstinNo: Bad GSTIN.'));
    expect(alert).not.toHaveTextContent('mobile');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
      'Enter a valid 10-digit Indian mobile number.',
    );
  });

  it('shows a taken e-mail address under the e-mail field', async () => {
    installFakeApi({
      'POST /auth/register': fail(409, 'An account with this e-mail address already exists.', {
        code: 'EMAIL_TAKEN',
      }),
    });
    const { user } = renderRegister();
    await fillIndividual(user);
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('E-mail address');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'An account with this e-mail address already exists.',
      ),
    );
    expect(errorToasts()).toBeEmptyDOMElement();
  });

  it("toasts the server's message, or 'Registration failed'", async () => {
    installFakeApi({
      'POST /auth/register': fail(409, 'An account with this e-mail address already exists.'),
    });
    const { user } = renderRegister();
    await fillIndividual(user);
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('An account with this e-mail address already exists.'),
    ).toBeInTheDocument();

    installFakeApi({ 'POST /auth/register': { status: 500 } });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByText('Registration failed');
    expect(errorToasts()).toContainElement(alert);
  });
});
