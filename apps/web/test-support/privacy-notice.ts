import '@testing-library/jest-dom/vitest';
import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The form's privacy notice (decision 0057): what the details are for, the policy's link, which
 * says it opens a new tab (where the form keeps what was typed).
 */
export function expectPrivacyNotice(form: HTMLElement, purpose: string) {
  expect(form).toHaveTextContent(purpose);
  const policy = within(form).getByRole('link', { name: 'Privacy Policy (opens in a new tab)' });
  expect(policy).toHaveAttribute('href', '/privacy-policy');
  expect(policy).toHaveAttribute('target', '_blank');
}
