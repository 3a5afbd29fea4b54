import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeReply } from '../../../test-support/fake-api';
import { product } from '../../../test-support/products';
import { renderWithQuery } from '../../../test-support/render';
import { resetAfterTest, sampleSession } from '../../../test-support/session';
import { AuthSessionProvider, useAuthActions } from '../auth';
import { NumberCard } from '../catalog';
import { ALERTS_NOTICE } from './alerts-notice';
import { FAVOURITE_MESSAGES, FavouritesProvider } from './favourites-provider';
import {
  GUEST_FAVOURITES_KEY,
  readGuestFavourites,
  writeGuestFavourites,
} from './guest-favourites';
import NotifyMeConfirmPage from './notify-me-confirm-page';
import UnsubscribePage from './unsubscribe-page';

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

function renderCards() {
  return renderWithQuery(
    '/premium-numbers',
    <AuthSessionProvider>
      <FavouritesProvider>
        <SignIn />
        <NumberCard item={product(5, 7000)} />
        <NumberCard item={product(6, 9000)} />
      </FavouritesProvider>
    </AuthSessionProvider>,
  );
}

const heart = (display: string) =>
  screen.findByRole('button', { name: new RegExp(`${display} (to|from) favourites`) });

describe('favourites', () => {
  it('keeps a guest’s hearts in the browser and merges them into the account at sign-in', async () => {
    const detail = { ...product(5, 7000), status: 'available', categories: [], saving: 0 };
    const api = installFakeApi({
      'POST /favourites/merge': ok({ items: [detail], skipped: [] }),
      'GET /favourites': ok({ items: [detail] }),
    });
    renderCards();
    const first = await heart('98765 00005');
    expect(first).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(first);
    await waitFor(() => expect(first).toHaveAttribute('aria-pressed', 'true'));
    expect(JSON.parse(localStorage.getItem(GUEST_FAVOURITES_KEY)!)).toEqual([
      { id: 5, number: '9876500005' },
    ]);
    expect(api.calls.filter((call) => call.path.startsWith('/favourites'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in now' }));
    expect(await screen.findByText(FAVOURITE_MESSAGES.merged)).toBeInTheDocument();
    expect(api.callsTo('POST /favourites/merge')[0]!.body).toEqual({ ids: [5] });
    expect(readGuestFavourites()).toEqual([]);
    expect(await heart('98765 00005')).toHaveAttribute('aria-pressed', 'true');
    expect(await heart('98765 00006')).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the merged hearts when the account’s list, asked for before the merge, answers after it', async () => {
    const detail = { ...product(5, 7000), status: 'available', categories: [], saving: 0 };
    let answerList: (reply: FakeReply) => void = () => {};
    const api = installFakeApi({
      'POST /favourites/merge': ok({ items: [detail], skipped: [] }),
      'GET /favourites': () => new Promise<FakeReply>((resolve) => (answerList = resolve)),
    });
    writeGuestFavourites([{ id: 5, number: '9876500005' }]);
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in now' }));
    expect(await screen.findByText(FAVOURITE_MESSAGES.merged)).toBeInTheDocument();
    expect(api.callsTo('GET /favourites')).toHaveLength(1);
    answerList(ok({ items: [] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await heart('98765 00005')).toHaveAttribute('aria-pressed', 'true');
  });

  it('names the guest’s hearts the account did not keep, no longer for sale', async () => {
    const detail = { ...product(5, 7000), status: 'available', categories: [], saving: 0 };
    installFakeApi({
      'POST /favourites/merge': ok({ items: [detail], skipped: [6] }),
      'GET /favourites': ok({ items: [detail] }),
    });
    writeGuestFavourites([
      { id: 5, number: '9876500005' },
      { id: 6, number: '9876500006' },
    ]);
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in now' }));
    expect(await screen.findByText(FAVOURITE_MESSAGES.merged)).toBeInTheDocument();
    expect(
      await screen.findByText(
        '98765 00006 is no longer for sale, so it was not kept in your account.',
      ),
    ).toBeInTheDocument();
    expect(readGuestFavourites()).toEqual([]);
  });

  it('keeps the guest’s hearts when the merge fails, to try again', async () => {
    installFakeApi({
      'POST /favourites/merge': fail(503, 'Down'),
      'GET /favourites': ok({ items: [] }),
    });
    writeGuestFavourites([{ id: 6, number: '9876500006' }]);
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in now' }));
    await waitFor(() => expect(readGuestFavourites()).toEqual([{ id: 6, number: '9876500006' }]));
  });

  it('adds and removes a signed-in buyer’s favourite through the API', async () => {
    let items: unknown[] = [];
    const detail = { ...product(6, 9000), status: 'available', categories: [], saving: 0 };
    const api = installFakeApi({
      'GET /favourites': () => ok({ items }),
      'PUT /favourites/6': () =>
        new Promise<FakeReply>((resolve) => {
          answerPut = () => resolve(((items = [detail]), ok({})));
        }),
      'DELETE /favourites/6': () => ((items = []), ok({})),
    });
    let answerPut = () => {};
    renderCards();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in now' }));
    await waitFor(() => expect(api.callsTo('GET /favourites')).toHaveLength(1));
    const toAdd = await heart('98765 00006');
    toAdd.focus();
    fireEvent.click(toAdd);
    // While it is saved the heart keeps the focus, marked, not disabled (QA 32 F1)...
    await waitFor(() => expect(toAdd).toHaveAttribute('aria-disabled', 'true'));
    expect(toAdd).not.toBeDisabled();
    expect(toAdd).toHaveFocus();
    answerPut();
    // ...so its new state is read there.
    await waitFor(() => expect(toAdd).toHaveAttribute('aria-pressed', 'true'));
    expect(toAdd).toHaveAccessibleName('Remove 98765 00006 from favourites');
    expect(toAdd).toHaveFocus();
    fireEvent.click(await heart('98765 00006'));
    await waitFor(async () =>
      expect(await heart('98765 00006')).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(api.callsTo('PUT /favourites/6')).toHaveLength(1);
    expect(api.callsTo('DELETE /favourites/6')).toHaveLength(1);
    expect(readGuestFavourites()).toEqual([]);
  });

  // Decision 0057 (QA 14a F14): the favourite that starts the alert e-mails says so at once.
  it('tells the buyer the alert e-mails started, and "No e-mails" turns them off', async () => {
    const api = installFakeApi({
      'GET /favourites': () => ok({ items: [] }),
      'PUT /favourites/5': ok({ alertsStarted: true }, 'Saved to your favourites.'),
      'PUT /favourites/6': ok({ alertsStarted: false }, 'Saved to your favourites.'),
      'PUT /alerts/settings': ok({}, 'You will get no more alert e-mails.'),
    });
    renderCards();
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

describe('/unsubscribe', () => {
  it('changes nothing when opened; the button unsubscribes with the token of the link', async () => {
    const api = installFakeApi({
      'POST /alerts/unsubscribe': ok(
        {},
        'You are unsubscribed: we will send you no more alert e-mails.',
      ),
    });
    renderWithQuery('/unsubscribe?token=abc.def', <UnsubscribePage />);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(api.calls).toEqual([]);
    fireEvent.click(button);
    expect(
      await screen.findByText('You are unsubscribed: we will send you no more alert e-mails.'),
    ).toBeInTheDocument();
    expect(api.calls.map((call) => [call.method, call.path])).toEqual([
      ['POST', '/alerts/unsubscribe?token=abc.def'],
    ]);
  });

  it('shows why a broken link does not work', async () => {
    installFakeApi({
      'POST /alerts/unsubscribe': fail(400, 'This unsubscribe link is not valid.'),
    });
    renderWithQuery('/unsubscribe?token=nope', <UnsubscribePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid.',
    );
  });
});

describe('/notify-me/confirm', () => {
  it('changes nothing when opened; the button confirms with the token of the link', async () => {
    const api = installFakeApi({
      'POST /notify-me/confirm': ok(
        { number: '9876500005', display: '98765 00005' },
        'Confirmed: we will e-mail ravi@example.com once, when 98765 00005 goes on sale.',
      ),
    });
    renderWithQuery('/notify-me/confirm?token=abc_def-1', <NotifyMeConfirmPage />);
    const button = await screen.findByRole('button', { name: 'Confirm' });
    expect(api.calls).toEqual([]);
    fireEvent.click(button);
    expect(
      await screen.findByText(
        'Confirmed: we will e-mail ravi@example.com once, when 98765 00005 goes on sale.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'See 98765 00005' })).toHaveAttribute(
      'href',
      '/numbers/9876500005',
    );
    // The token goes in the body, not the address (kept out of access logs).
    expect(api.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/notify-me/confirm', { token: 'abc_def-1' }],
    ]);
  });

  it('says why a used or expired link does not work, and that a link without a token cannot', async () => {
    installFakeApi({
      'POST /notify-me/confirm': fail(
        400,
        "This link has expired or was used already. Press Notify me on the number's page again and we will send a new one.",
      ),
    });
    renderWithQuery('/notify-me/confirm?token=used', <NotifyMeConfirmPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or was used already.',
    );
    cleanup();
    renderWithQuery('/notify-me/confirm', <NotifyMeConfirmPage />);
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(
      screen.getByText('This link has no token. Open the link from the e-mail again.'),
    ).toBeInTheDocument();
  });
});

describe('Notify me', () => {
  it('takes a guest’s e-mail on a coming-soon card in place of Add to cart', async () => {
    const api = installFakeApi({
      'POST /numbers/5/notify-me': ok(
        { pending: true },
        'We sent a link to ravi@example.com — open it to get the alert when 98765 00005 goes on sale.',
      ),
    });
    renderWithQuery(
      '/premium-numbers?status=coming_soon',
      <NumberCard item={product(5, 7000)} comingSoon />,
    );
    expect(screen.queryByRole('button', { name: /to cart/ })).toBeNull();
    fireEvent.click(
      screen.getByRole('button', { name: 'Notify me when 98765 00005 goes on sale' }),
    );
    // The focus goes into the form it opens, which is no live region: only the answer is said.
    expect(screen.getByLabelText('Your e-mail')).toHaveFocus();
    expect(screen.getByLabelText('Your e-mail').closest('[role="status"]')).toBeNull();
    fireEvent.change(screen.getByLabelText('Your e-mail'), {
      target: { value: 'ravi@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    const answer = await screen.findByText(
      'We sent a link to ravi@example.com — open it to get the alert when 98765 00005 goes on sale.',
    );
    expect(answer).toHaveAttribute('role', 'status');
    await waitFor(() => expect(answer).toHaveFocus());
    expect(api.callsTo('POST /numbers/5/notify-me')[0]!.body).toEqual({
      email: 'ravi@example.com',
    });
  });
});
