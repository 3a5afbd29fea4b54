import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../../test-support/fake-api';
import { createTestQueryClient, renderWithQuery } from '../../../test-support/render';
import { resetAfterTest, sampleSession, setSessionHintCookie } from '../../../test-support/session';
import { PROFILE_QUERY_KEY } from '../auth/api/get-profile';
import { CloseAccountSection } from './close-account-section';
import { ProfileForm } from './profile-form';

afterEach(resetAfterTest);

const issued = {
  requestId: '3f1c1c8e-2b1a-4a8e-9d7b-1c2d3e4f5a6b',
  channels: { email: true, sms: false },
  otpExpiry: '',
  maxAttempts: 10,
};

describe('changing the e-mail on the profile page', () => {
  it('sends a code to the new address, then confirms it and shows the new address', async () => {
    const changed = {
      ...sampleSession,
      user: { ...sampleSession.user, email: 'asha.new@example.in' },
    };
    const api = installFakeApi({
      'POST /user/contact-change': ok(
        issued,
        'We have sent a verification code to your new e-mail address.',
      ),
      'POST /user/contact-change/verify': ok(
        changed,
        'Your e-mail address has been changed. You have been signed out on your other devices.',
      ),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(PROFILE_QUERY_KEY, sampleSession);
    renderWithQuery(
      '/profile',
      <ProfileForm user={sampleSession.user} address={null} />,
      queryClient,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const dialog = screen.getByRole('dialog', { name: 'Change your e-mail address' });
    // Said before the change is made: where the messages of earlier orders go from now on
    // (decision 0064), and that it ends the account's other sessions (decision 0065).
    expect(dialog).toHaveTextContent(
      'sign-in codes and messages go there, those about your earlier orders too; their invoices keep the details they were placed with.',
    );
    expect(dialog).toHaveTextContent('Your other devices will be signed out.');
    fireEvent.change(within(dialog).getByLabelText('New e-mail address'), {
      target: { value: 'asha.new@example.in' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    await screen.findByText('asha.new@example.in');
    expect(api.callsTo('POST /user/contact-change')[0]!.body).toEqual({
      email: 'asha.new@example.in',
    });

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /user/contact-change/verify')[0]!.body).toEqual({
      email: 'asha.new@example.in',
      otp: '123456',
      requestId: issued.requestId,
    });
    expect(
      await screen.findByText(
        'Your e-mail address has been changed. You have been signed out on your other devices.',
      ),
    ).toBeInTheDocument();
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(changed);
  });

  it('says why a taken address is refused, in the dialog', async () => {
    installFakeApi({
      'POST /user/contact-change': fail(
        409,
        'An account with this mobile number already exists. Please sign in instead.',
      ),
    });
    renderWithQuery('/profile', <ProfileForm user={sampleSession.user} address={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change mobile' }));
    fireEvent.change(screen.getByLabelText('New mobile number'), {
      target: { value: '9988776655' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this mobile number already exists.',
    );
  });
});

describe('closing the account on the profile page', () => {
  it('says what is erased and what is kept, needs CLOSE typed, shows a refusal', async () => {
    const api = installFakeApi({
      'POST /user/close': fail(
        409,
        'Your account cannot be closed yet: an order is still open: VN-1 (Paid).',
      ),
    });
    renderWithQuery('/profile', <CloseAccountSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Close your account?' });
    expect(dialog).toHaveTextContent('What we erase');
    expect(dialog).toHaveTextContent('tax invoices and credit notes of paid orders');
    expect(dialog).toHaveTextContent('8 years');
    expect(dialog).toHaveTextContent('enquiry and contact forms, until two years');
    // Closing ends the buyer's download: the dialog offers it first.
    expect(within(dialog).getByRole('button', { name: 'Download my data' })).toBeEnabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Type CLOSE to confirm.');
    expect(api.callsTo('POST /user/close')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Type CLOSE to confirm'), {
      target: { value: 'close' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('VN-1 (Paid)'));
    expect(api.callsTo('POST /user/close')[0]!.body).toEqual({ confirm: 'close' });
  });

  it('once closed, forgets the session and the billing draft and goes home', async () => {
    setSessionHintCookie();
    installFakeApi({
      'POST /user/close': ok(
        { kept: 'Tax invoices are kept for 8 years.' },
        'Your account has been closed.',
      ),
    });
    sessionStorage.setItem('billing-draft', '{"userId":"u-1","values":{"line1":"7 Lake View"}}');
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(PROFILE_QUERY_KEY, sampleSession);
    renderWithQuery('/profile', <CloseAccountSection />, queryClient);
    fireEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    fireEvent.change(screen.getByLabelText('Type CLOSE to confirm'), {
      target: { value: 'CLOSE' },
    });
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Close my account' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toBeNull();
    expect(sessionStorage.getItem('billing-draft')).toBeNull();
    expect(await screen.findByText(/Your account has been closed\./)).toBeInTheDocument();
  });
});
