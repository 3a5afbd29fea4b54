import '@testing-library/jest-dom/vitest';
import { within } from '@testing-library/react';
import { expect } from 'vitest';

/** The form's privacy notice (decision 0057): what the details are for, the policy's link. */
export function expectPrivacyNotice(form: HTMLElement, purpose: string) {
  expect(form).toHaveTextContent(purpose);
  expect(within(form).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
}
