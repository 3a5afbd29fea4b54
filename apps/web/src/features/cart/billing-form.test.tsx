import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { expectPrivacyNotice } from '../../../test-support/privacy-notice';
import { renderWithQuery } from '../../../test-support/render';
import { resetAfterTest, sampleAddress, sampleSession } from '../../../test-support/session';
import { BillingForm } from './billing-form';

afterEach(resetAfterTest);

it('says what the billing details are for and links the privacy policy (decision 0057)', () => {
  renderWithQuery(
    '/cart',
    <BillingForm
      id="billing"
      user={sampleSession.user}
      address={sampleAddress}
      onSubmit={async () => {}}
    />,
  );
  const section = screen.getByRole('region', { name: 'Billing details' });
  expectPrivacyNotice(
    section,
    "Your name and address go on this order's GST invoice, which the law requires us to keep.",
  );
});

it('takes the buyer who has just signed in to its first empty field', () => {
  renderWithQuery(
    '/cart',
    <BillingForm
      id="billing"
      user={sampleSession.user}
      address={null}
      focusOnOpen
      onSubmit={async () => {}}
    />,
  );
  expect(screen.getByRole('textbox', { name: 'Address line 1' })).toHaveFocus();
});

it('leaves the focus alone when the buyer was signed in already', () => {
  renderWithQuery(
    '/cart',
    <BillingForm id="billing" user={sampleSession.user} address={null} onSubmit={async () => {}} />,
  );
  expect(document.body).toHaveFocus();
});

it('asks a Corporate buyer with no saved address for it, on its first line, and bills the address typed (decision 0106)', async () => {
  const onSubmit = vi.fn(async () => {});
  renderWithQuery(
    '/cart',
    <>
      <BillingForm id="billing" user={sampleSession.user} address={null} onSubmit={onSubmit} />
      <button type="submit" form="billing">
        Checkout
      </button>
    </>,
  );
  const form = screen.getByRole('region', { name: 'Billing details' });
  fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
  const line1 = within(form).getByLabelText('Address line 1');
  await waitFor(() => expect(line1).toHaveFocus());
  expect(line1).toHaveAccessibleDescription('Enter the first address line.');
  expect(onSubmit).not.toHaveBeenCalled();

  const set = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  set('Address line 1', '4 FC Road');
  set('State or union territory', 'Maharashtra');
  set('City', 'Pune');
  set('PIN code', '411005');
  fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
  await waitFor(() =>
    expect(onSubmit).toHaveBeenCalledWith({
      billing: {
        name: 'asha verma',
        line1: '4 FC Road',
        city: 'Pune',
        state: 'Maharashtra',
        pinCode: '411005',
      },
    }),
  );
});
