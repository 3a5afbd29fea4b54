import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
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
