import '@testing-library/jest-dom/vitest';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import { resetAfterTest } from '../../../test-support/session';
import { SignOutOthersSection } from './sign-out-others-section';

afterEach(resetAfterTest);

describe('Sign out on other devices, on the profile page', () => {
  it('asks the server to end the other sessions and says so', async () => {
    const api = installFakeApi({
      'POST /auth/logout-others': ok(null, 'You have been signed out on your other devices.'),
    });
    renderWithQuery('/profile', <SignOutOthersSection />);
    expect(screen.getByRole('heading', { name: 'Your devices' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out on other devices' }));
    expect(
      await screen.findByText('You have been signed out on your other devices.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /auth/logout-others')).toHaveLength(1);
  });

  it('says why when the server refuses', async () => {
    installFakeApi({
      'POST /auth/logout-others': fail(503, 'The store is busy. Please try again in a minute.'),
    });
    renderWithQuery('/profile', <SignOutOthersSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out on other devices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The store is busy. Please try again in a minute.',
    );
  });
});
