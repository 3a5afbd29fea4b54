import type { Query, QueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../lib/query-keys';
import { PROFILE_QUERY_KEY } from './api/get-profile';
import type { AuthSession } from './auth-session';
import { clearSessionHint, hasSessionHint, notifyHint, writeSessionHint } from './session-hint';

/**
 * The session in the query cache (spec §4): the ['profile'] query holds it. Signing in sets it
 * (and notifies `onSignedIn` listeners); signing out clears it and removes every cached query
 * except the public ones, so the next account never sees the last one's orders.
 */

/**
 * First elements of the query keys that hold public data (the catalogue), kept across sign-out.
 * Every other query belongs to the signed-in account (orders, cart, profile, and any new
 * feature's, unless it is added here) and is removed when the session ends or changes hands.
 */
const PUBLIC_QUERY_ROOTS: ReadonlySet<string> = new Set([queryRoots.numbers]);

function isAccountQuery(query: Query): boolean {
  const root = query.queryKey[0];
  if (root === PROFILE_QUERY_KEY[0]) return false; // set to null instead: it is the auth state
  return !(typeof root === 'string' && PUBLIC_QUERY_ROOTS.has(root));
}

/** Drops every account-scoped query; a fetch still in flight is cancelled and goes nowhere. */
function removeAccountQueries(queryClient: QueryClient) {
  // Each is reset before it is removed: a mounted list that keeps its previous data while the
  // next page loads (keepPreviousData) would otherwise go on showing the removed query's data.
  for (const query of queryClient.getQueryCache().findAll({ predicate: isAccountQuery })) {
    query.reset();
  }
  queryClient.removeQueries({ predicate: isAccountQuery });
}

// ---------------------------------------------------------------------------------------------
// Events: signed in (login, OTP verify, reset) and signed out (logout, expired session).

type SignedInListener = (session: AuthSession) => void;
type SignedOutListener = () => void;

const signedInListeners = new Set<SignedInListener>();
const signedOutListeners = new Set<SignedOutListener>();

function emit<T extends unknown[]>(listeners: Set<(...args: T) => void>, ...args: T) {
  for (const listener of [...listeners]) {
    try {
      listener(...args);
    } catch (error) {
      // One failing listener must not keep the others (or the sign-in) from running.
      console.error(error);
    }
  }
}

/**
 * Called after every sign-in (password login, OTP verification, password reset), once the
 * session is set. Returns an unsubscribe function.
 */
export function onSignedIn(listener: SignedInListener): () => void {
  signedInListeners.add(listener);
  return () => {
    signedInListeners.delete(listener);
  };
}

/** Called whenever the session is cleared (logout, expired session). Returns an unsubscribe. */
export function onSignedOut(listener: SignedOutListener): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

// ---------------------------------------------------------------------------------------------
// Changing the session.

/** Marks the user signed in (after login, OTP verification or password reset). */
export function setSession(queryClient: QueryClient, session: AuthSession) {
  const previous = queryClient.getQueryData<AuthSession | null>(PROFILE_QUERY_KEY);
  // Another account than the one still cached (its session ended unnoticed): forget its data.
  if (previous && previous.user.id !== session.user.id) removeAccountQueries(queryClient);
  void queryClient.cancelQueries({ queryKey: PROFILE_QUERY_KEY });
  queryClient.setQueryData<AuthSession | null>(PROFILE_QUERY_KEY, session);
  writeSessionHint();
  notifyHint();
  emit(signedInListeners, session);
  tellOtherTabs({ type: 'signed-in', userId: session.user.id });
}

/** Replaces the signed-in user's data (after a profile or address update); no event. */
export function updateSession(queryClient: QueryClient, session: AuthSession) {
  queryClient.setQueryData<AuthSession | null>(PROFILE_QUERY_KEY, session);
}

/**
 * Forgets the session locally: no user, no hint cookie, no profile call until the next login,
 * and no cached data of the account (orders, cart...): only public queries stay.
 */
export function clearSession(queryClient: QueryClient) {
  if (forgetSession(queryClient)) tellOtherTabs({ type: 'signed-out' });
}

/** clearSession without telling the other tabs; true when there was a session to forget. */
function forgetSession(queryClient: QueryClient): boolean {
  const wasSignedIn = Boolean(queryClient.getQueryData(PROFILE_QUERY_KEY)) || hasSessionHint();
  clearSessionHint();
  removeAccountQueries(queryClient);
  void queryClient.cancelQueries({ queryKey: PROFILE_QUERY_KEY });
  queryClient.setQueryData<AuthSession | null>(PROFILE_QUERY_KEY, null);
  if (wasSignedIn) emit(signedOutListeners);
  return wasSignedIn;
}

// ---------------------------------------------------------------------------------------------
// Other tabs of this browser share the session's cookies: a sign-in or sign-out in one is told to
// the others, which follow it at once instead of at their next request (a tab left on the cart
// would otherwise go on showing the account's cart and checkout after a logout elsewhere).

type TabMessage = { type: 'signed-in'; userId: string } | { type: 'signed-out' };

let tabs: BroadcastChannel | null | undefined;

function tabChannel(): BroadcastChannel | null {
  if (tabs === undefined) {
    tabs =
      typeof window === 'undefined' || typeof BroadcastChannel === 'undefined'
        ? null
        : new BroadcastChannel('store-session');
  }
  return tabs;
}

function tellOtherTabs(message: TabMessage) {
  tabChannel()?.postMessage(message);
}

/** Follows the sign-ins and sign-outs of this browser's other tabs. Returns an unsubscribe. */
export function followOtherTabs(queryClient: QueryClient): () => void {
  const channel = tabChannel();
  if (!channel) return () => {};
  const onMessage = ({ data }: MessageEvent<TabMessage>) => {
    if (data.type === 'signed-out') {
      forgetSession(queryClient);
      return;
    }
    const current = queryClient.getQueryData<AuthSession | null>(PROFILE_QUERY_KEY);
    if (current?.user.id === data.userId) return;
    if (current) removeAccountQueries(queryClient);
    // The hint cookie is there now: the profile query runs again and brings the session.
    notifyHint();
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
  };
  channel.addEventListener('message', onMessage);
  return () => channel.removeEventListener('message', onMessage);
}
