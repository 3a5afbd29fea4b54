import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../../test-support/fake-api';
import { product } from '../../../test-support/products';
import { renderWithQuery } from '../../../test-support/render';
import { resetAfterTest, sampleSession } from '../../../test-support/session';
import { AuthSessionProvider, useAuthActions } from '../auth';
import { NumberCard } from '../catalog';
import { ALERTS_NOTICE } from './alerts-notice';
import { FavouritesProvider } from './favourites-provider';
import { writeGuestFavourites } from './guest-favourites';

beforeEach(() => {
  writeGuestFavourites([]);
  localStorage.clear();
});
afterEach(resetAfterTest);

function SignIn() {
  const { setSession } = useAuthActions();
  return (
    <button type="button" onClick={() => setSession(sampleSession)}>
      Sign in now
    </button>
  );
}

const heart = (display: string) =>
  screen.findByRole('button', { name: new RegExp(`Save ${display} to favourites`) });

/** Decision 0057 (QA 14a F14): the favourite that starts the alert e-mails says so at once. */
describe('the first favourite’s notice', () => {
  it('tells the buyer the alert e-mails started, and "No e-mails" turns them off', async () => {
    const api = installFakeApi({
      'GET /favourites': () => ok({ items: [] }),
      'PUT /favourites/5': ok({ alertsStarted: true }, 'Saved to your favourites.'),
      'PUT /favourites/6': ok({ alertsStarted: false }, 'Saved to your favourites.'),
      'PUT /alerts/settings': ok({}, 'You will get no more alert e-mails.'),
    });
    renderWithQuery(
      '/premium-numbers',
      <AuthSessionProvider>
        <FavouritesProvider>
          <SignIn />
          <NumberCard item={product(5, 7000)} />
          <NumberCard item={product(6, 9000)} />
        </FavouritesProvider>
      </AuthSessionProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in now' }));
    await waitFor(() => expect(api.callsTo('GET /favourites')).toHaveLength(1));

    // A favourite that starts nothing (the e-mails were on before, or are off) says nothing.
    fireEvent.click(await heart('98765 00006'));
    await waitFor(() => expect(api.callsTo('PUT /favourites/6')).toHaveLength(1));
    expect(screen.queryByText(ALERTS_NOTICE.started)).toBeNull();

    fireEvent.click(await heart('98765 00005'));
    const notice = (await screen.findByText(ALERTS_NOTICE.started)).parentElement!;
    fireEvent.click(within(notice).getByRole('button', { name: ALERTS_NOTICE.stop }));
    expect(await screen.findByText('You will get no more alert e-mails.')).toBeInTheDocument();
    expect(api.callsTo('PUT /alerts/settings')[0]!.body).toEqual({ alertsOn: false });
  });
});

describe('Notify me’s notice', () => {
  it('says what a guest’s e-mail is for and links the privacy policy', () => {
    renderWithQuery(
      '/premium-numbers?status=coming_soon',
      <NumberCard item={product(5, 7000)} comingSoon />,
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Notify me when 98765 00005 goes on sale' }),
    );
    const form = screen.getByLabelText('Your e-mail').closest('form')!;
    expect(form).toHaveTextContent(
      'We use your e-mail only to tell you once when this number goes on sale.',
    );
    expect(within(form).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });
});
