import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasSessionHint } from './api-client';
import {
  AuthSessionProvider,
  onSignedIn,
  onSignedOut,
  PROFILE_GC_TIME_MS,
  PROFILE_QUERY_KEY,
  PROFILE_STALE_TIME_MS,
  useAuth,
  useAuthActions,
} from './auth-session';
import {
  fail,
  installFakeApi,
  ok,
  removeSessionHintCookie,
  renderWithQuery,
  sampleSession,
  setSessionHintCookie,
} from './auth-test-utils';
import { useAuthUi } from './auth-ui';

afterEach(() => {
  cleanup();
  removeSessionHintCookie();
  vi.unstubAllGlobals();
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

const profileReply = ok({
  ...sampleSession,
  address: {
    line1: '1 MG Road',
    line2: null,
    city: 'Pune',
    state: 'Maharashtra',
    pinCode: '411001',
  },
});

describe('auth state', () => {
  it('uses the spec §9 freshness: 5 minutes fresh, kept 10 minutes', () => {
    expect(PROFILE_STALE_TIME_MS).toBe(5 * 60 * 1000);
    expect(PROFILE_GC_TIME_MS).toBe(10 * 60 * 1000);
    expect(PROFILE_QUERY_KEY).toEqual(['profile']);
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
    let refreshed = false;
    const api = installFakeApi({
      'GET /user/profile': () => (refreshed ? profileReply : fail(401, 'Please sign in')),
      'POST /auth/refresh-token': () => {
        refreshed = true;
        return ok({ accessTokenExpiresAt: new Date().toISOString() });
      },
    });
    renderWithQuery('/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /user/profile',
      'POST /auth/refresh-token',
      'GET /user/profile',
    ]);
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
