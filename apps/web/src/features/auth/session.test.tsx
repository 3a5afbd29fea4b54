import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../../test-support/fake-api';
import { paidOrder } from '../../../test-support/orders';
import { createTestQueryClient, renderWithQuery } from '../../../test-support/render';
import {
  resetAfterTest,
  sampleAddress,
  sampleSession,
  setSessionHintCookie,
} from '../../../test-support/session';
import { useOrders } from '../orders/api/get-orders';
import { ordersKeys } from '../orders/api/order-queries';
import { PROFILE_QUERY_KEY } from './api/get-profile';
import { AuthSessionProvider } from './auth-session-provider';
import { useAuthUi } from './auth-ui';
import { clearSession, onSignedIn, onSignedOut, setSession } from './session-cache';
import { hasSessionHint } from './session-hint';
import { useAuth, useAuthActions } from './use-auth';

afterEach(() => {
  resetAfterTest();
  vi.useRealTimers();
});

function Probe() {
  const { status, user, address } = useAuth();
  const { setSession, logout } = useAuthActions();
  return (
    <div>
      <output data-testid="status">{status}</output>
      <output data-testid="user">{user ? user.name : 'none'}</output>
      <output data-testid="address">{address ? address.city : 'none'}</output>
      <button type="button" onClick={() => setSession(sampleSession)}>
        Set
      </button>
      <button type="button" onClick={() => void logout()}>
        Logout
      </button>
    </div>
  );
}

const profileReply = ok({ ...sampleSession, address: sampleAddress });

/** The profile call answers 401 until the access token is refreshed. */
function installExpiredAccessApi() {
  let refreshed = false;
  return installFakeApi({
    'GET /user/profile': () => (refreshed ? profileReply : fail(401, 'Please sign in')),
    'POST /auth/refresh-token': () => {
      refreshed = true;
      return ok({ accessTokenExpiresAt: new Date().toISOString() });
    },
  });
}

describe('auth state', () => {
  it('reads the profile again only once it is 5 minutes old (spec §9)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2030-01-01T10:00:00Z');
    vi.setSystemTime(start);
    setSessionHintCookie();
    const api = installFakeApi({ 'GET /user/profile': profileReply });
    const { queryClient, unmount } = renderWithQuery('/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    unmount();

    // A page opened within five minutes uses the profile already read.
    vi.setSystemTime(start + 5 * 60 * 1000 - 1000);
    renderWithQuery('/', <Probe />, queryClient);
    expect(screen.getByTestId('status')).toHaveTextContent('authenticated');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.callsTo('GET /user/profile')).toHaveLength(1);
    cleanup();

    // After five minutes the next page reads it again.
    vi.setSystemTime(start + 5 * 60 * 1000 + 1000);
    renderWithQuery('/', <Probe />, queryClient);
    await waitFor(() => expect(api.callsTo('GET /user/profile')).toHaveLength(2));
  });

  it('keeps an unused profile 10 minutes, then forgets it (spec §9)', async () => {
    setSessionHintCookie();
    installFakeApi({ 'GET /user/profile': profileReply });
    const { queryClient, unmount } = renderWithQuery('/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    unmount();
    vi.advanceTimersByTime(10 * 60 * 1000 - 1000);
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toBeTruthy();
    vi.advanceTimersByTime(2000);
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toBeUndefined();
  });

  it('never calls the profile without the session hint cookie (a guest)', async () => {
    const api = installFakeApi({ 'GET /user/profile': profileReply });
    renderWithQuery('/', <Probe />);
    expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('loads the profile when the hint cookie is present', async () => {
    setSessionHintCookie();
    const api = installFakeApi({ 'GET /user/profile': profileReply });
    renderWithQuery('/', <Probe />);
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(screen.getByTestId('user')).toHaveTextContent('asha verma');
    expect(screen.getByTestId('address')).toHaveTextContent('Pune');
    expect(api.callsTo('GET /user/profile')).toHaveLength(1);
  });

  it('refreshes once on a 401 and refetches the profile', async () => {
    setSessionHintCookie();
    const api = installExpiredAccessApi();
    renderWithQuery('/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /user/profile',
      'POST /auth/refresh-token',
      'GET /user/profile',
    ]);
  });

  it('renews the session hint after a token refresh the profile call needed', async () => {
    setSessionHintCookie();
    const writes = vi.spyOn(Document.prototype, 'cookie', 'set');
    installExpiredAccessApi();
    renderWithQuery('/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(writes).toHaveBeenCalledWith(expect.stringMatching(/^sid_hint=1; Max-Age=2592000;/));
    expect(hasSessionHint()).toBe(true);
    writes.mockRestore();
  });

  it('does not bring the hint back when a profile answer arrives after the logout', async () => {
    setSessionHintCookie();
    let answer: (() => void) | undefined;
    installFakeApi({
      'GET /user/profile': () =>
        new Promise((resolve) => {
          answer = () => resolve(profileReply);
        }),
      'POST /auth/logout': ok(null),
    });
    renderWithQuery('/', <Probe />);
    await waitFor(() => expect(answer).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(hasSessionHint()).toBe(false));
    await act(async () => answer!());
    expect(hasSessionHint()).toBe(false);
  });

  it('is signed out when the refresh fails, and forgets the hint', async () => {
    setSessionHintCookie();
    const signedOut = vi.fn();
    const off = onSignedOut(signedOut);
    installFakeApi({
      'GET /user/profile': fail(401, 'Please sign in'),
      'POST /auth/refresh-token': fail(401, 'Your session has ended.'),
    });
    renderWithQuery(
      '/',
      <AuthSessionProvider>
        <Probe />
      </AuthSessionProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(hasSessionHint()).toBe(false);
    expect(signedOut).toHaveBeenCalled();
    off();
  });

  it('stays signed in on this device when a refresh gets no answer: the next load refreshes again', async () => {
    setSessionHintCookie();
    const signedOut = vi.fn();
    const off = onSignedOut(signedOut);
    let online = false;
    let refreshed = false;
    const api = installFakeApi({
      'GET /user/profile': () => (refreshed ? profileReply : fail(401, 'Please sign in')),
      'POST /auth/refresh-token': () => {
        if (!online) throw new TypeError('Failed to fetch');
        refreshed = true;
        return ok({ accessTokenExpiresAt: new Date().toISOString() });
      },
    });
    const page = () => (
      <AuthSessionProvider>
        <Probe />
      </AuthSessionProvider>
    );
    renderWithQuery('/', page());
    await waitFor(() => expect(api.callsTo('POST /auth/refresh-token')).not.toHaveLength(0));
    await waitFor(() => expect(screen.getByTestId('status')).not.toHaveTextContent('loading'));
    expect(hasSessionHint()).toBe(true);
    expect(signedOut).not.toHaveBeenCalled();

    online = true;
    cleanup();
    renderWithQuery('/', page());
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(screen.getByTestId('user')).toHaveTextContent(sampleSession.user.name);
    off();
  });

  it('setSession signs in and notifies onSignedIn listeners', async () => {
    installFakeApi({});
    const listener = vi.fn();
    const off = onSignedIn(listener);
    renderWithQuery('/', <Probe />);
    fireEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(screen.getByTestId('status')).toHaveTextContent('authenticated');
    expect(listener).toHaveBeenCalledWith(sampleSession);
    // The page keeps its own hint, so a reload on another host than the API's still knows.
    expect(hasSessionHint()).toBe(true);
    off();
    fireEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('logout clears the session even when the call fails', async () => {
    setSessionHintCookie();
    const api = installFakeApi({
      'GET /user/profile': profileReply,
      'POST /auth/logout': fail(500, 'Server down'),
    });
    renderWithQuery('/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(hasSessionHint()).toBe(false);
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
  });

  it('logout forgets the billing draft this tab kept; an expired session keeps it', async () => {
    setSessionHintCookie();
    installFakeApi({ 'GET /user/profile': profileReply, 'POST /auth/logout': ok(null) });
    const queryClient = createTestQueryClient();
    renderWithQuery('/', <Probe />, queryClient);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    const draft = JSON.stringify({
      userId: sampleSession.user.id,
      values: { line1: '7 Lake View' },
    });
    window.sessionStorage.setItem('billing-draft', draft);
    act(() => clearSession(queryClient));
    expect(window.sessionStorage.getItem('billing-draft')).toBe(draft);

    act(() => setSession(queryClient, sampleSession));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(window.sessionStorage.getItem('billing-draft')).toBeNull();
  });

  it('logout clears the session when there is no response at all', async () => {
    installFakeApi({});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithQuery('/', <Probe />);
    fireEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(screen.getByTestId('status')).toHaveTextContent('authenticated');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
  });
});

function HeaderProbe() {
  const { user, logout } = useAuthUi();
  return (
    <div>
      <output data-testid="ui-user">{user ? `${user.name} ${user.email}` : 'signed out'}</output>
      <button type="button" onClick={() => void logout()}>
        UI logout
      </button>
    </div>
  );
}

describe('AuthSessionProvider', () => {
  it('gives the header the signed-in user and a logout that clears the session', async () => {
    setSessionHintCookie();
    const api = installFakeApi({
      'GET /user/profile': profileReply,
      'POST /auth/logout': ok(null, 'You have been signed out.'),
    });
    renderWithQuery(
      '/',
      <AuthSessionProvider>
        <HeaderProbe />
      </AuthSessionProvider>,
    );
    expect(await screen.findByText(/asha verma asha\.verma/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'UI logout' }));
    await waitFor(() => expect(screen.getByTestId('ui-user')).toHaveTextContent('signed out'));
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
  });
});

/** A public catalogue query: it outlives every session. */
const catalogueKey = ['numbers', 'detail', 7];

const otherUser = {
  user: { ...sampleSession.user, id: 'u-2', name: 'ravi kumar', email: 'ravi@example.com' },
  address: null,
};

describe('account data in the query cache', () => {
  function OrdersProbe() {
    const orders = useOrders();
    const { setSession: signIn, logout } = useAuthActions();
    return (
      <div>
        <output data-testid="orders">
          {orders.data ? orders.data.orders.map((o) => o.reference).join(',') : 'none'}
        </output>
        <button type="button" onClick={() => signIn(otherUser)}>
          Sign in as Ravi
        </button>
        <button type="button" onClick={() => void logout()}>
          Logout
        </button>
      </div>
    );
  }

  const page = (reference: string) =>
    ok({ orders: [paidOrder({ reference })], total: 1, page: 1, pageSize: 10, pageCount: 1 });

  it("never shows the last account's orders to the next one signing in on the same tab", async () => {
    setSessionHintCookie();
    let owner = 'asha';
    let answerRavi: (() => void) | undefined;
    installFakeApi({
      'GET /user/profile': profileReply,
      'POST /auth/logout': ok(null),
      'GET /orders': () =>
        owner === 'asha'
          ? page('VN-ASHA')
          : new Promise((resolve) => {
              answerRavi = () => resolve(page('VN-RAVI'));
            }),
    });
    const { queryClient } = renderWithQuery('/', <OrdersProbe />);
    await waitFor(() => expect(screen.getByTestId('orders')).toHaveTextContent('VN-ASHA'));
    queryClient.setQueryData(catalogueKey, { id: 7 });
    queryClient.setQueryData(['cart'], { items: ['asha'] });

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('orders')).toHaveTextContent('none'));
    expect(queryClient.getQueryData(ordersKeys.list())).toBeUndefined();
    expect(queryClient.getQueryData(['cart'])).toBeUndefined();
    // Public catalogue data stays.
    expect(queryClient.getQueryData(catalogueKey)).toEqual({ id: 7 });

    owner = 'ravi';
    fireEvent.click(screen.getByRole('button', { name: 'Sign in as Ravi' }));
    await waitFor(() => expect(answerRavi).toBeDefined());
    expect(screen.getByTestId('orders')).toHaveTextContent('none');
    await act(async () => answerRavi!());
    await waitFor(() => expect(screen.getByTestId('orders')).toHaveTextContent('VN-RAVI'));
  });

  it('forgets the cached account data when another account signs in without a logout', () => {
    const queryClient = createTestQueryClient();
    setSession(queryClient, sampleSession);
    queryClient.setQueryData(ordersKeys.list(), { orders: ['asha'] });
    queryClient.setQueryData(catalogueKey, { id: 7 });

    setSession(queryClient, sampleSession); // the same account again: nothing to forget
    expect(queryClient.getQueryData(ordersKeys.list())).toEqual({ orders: ['asha'] });

    setSession(queryClient, otherUser);
    expect(queryClient.getQueryData(ordersKeys.list())).toBeUndefined();
    expect(queryClient.getQueryData(catalogueKey)).toEqual({ id: 7 });
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(otherUser);

    queryClient.setQueryData(['some-new-account-feature'], 1);
    clearSession(queryClient);
    expect(queryClient.getQueryData(['some-new-account-feature'])).toBeUndefined();
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(catalogueKey)).toEqual({ id: 7 });
  });
});
