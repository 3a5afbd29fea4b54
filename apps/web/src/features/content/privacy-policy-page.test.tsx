import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { siteConfig } from '../../lib/site-config';
import PrivacyPolicyPage from './privacy-policy-page';

afterEach(cleanup);

describe('PrivacyPolicyPage', () => {
  it('names whom to write to about personal data, and every kind of recipient', () => {
    render(
      <MemoryRouter>
        <PrivacyPolicyPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Contact and grievance officer' })).toBeVisible();
    const officer = siteConfig.grievanceOfficer;
    expect(screen.getByText(new RegExp(`answered by ${officer.name}`))).toBeVisible();
    expect(screen.getAllByRole('link', { name: officer.email })[0]).toHaveAttribute(
      'href',
      `mailto:${officer.email}`,
    );
    expect(screen.getByText(/WhatsApp \(Meta Platforms\)/)).toBeVisible();
    expect(
      screen.getByText(/server logs, which hold IP addresses but no sign-in codes: after 30 days/),
    ).toBeVisible();
    expect(screen.getByText(/enquiries and our replies: after two years/)).toBeVisible();
    expect(screen.getByText(/Until you accept, nothing is sent to Google/)).toBeVisible();
    expect(
      screen.getByText(/download a copy of the personal data we hold about you there/),
    ).toBeVisible();
  });
});
