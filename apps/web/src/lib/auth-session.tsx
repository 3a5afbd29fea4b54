import {
  useCallback,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import {
  api,
  hasSessionHint,
  isApiError,
  onSessionExpired,
  SESSION_HINT_COOKIE,
} from './api-client';
import { AuthUiProvider, type AuthModalProps } from './auth-ui';
import { useHydrated } from './use-hydrated';

/**
 * Authentication state (spec §4), shared by every feature.
 *
 * - The state is the TanStack Query ['profile'] query (GET /user/profile): fresh 5 minutes, kept
 *   10 minutes (spec §9). It only runs while the `sid_hint` cookie says a session may exist, so a
 *   guest never calls /user/profile.
 * - A 401 makes the API client refresh once and retry; when that fails the user is signed out.
 * - Login, OTP verification and password reset call `setSession` (which also notifies
 *   `onSignedIn` listeners); logout always clears the state, even when the call fails.
 * - Clearing the session (or another account signing in) removes every cached query except the
 *   public ones (PUBLIC_QUERY_ROOTS), so the next account never sees the last one's orders.
 * - The sid_hint cookie is written at sign-in and renewed whenever the profile call answers
 *   with the account, which includes right after a token refresh that call needed.
 */

export type AccountType = 'Individual' | 'Corporate';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  mobile: string;
  accountType: AccountType;
  companyName: string | null;
  gstinNo: string | null;
  getWhatsappUpdate: boolean;
  acceptTermsAndConditions: boolean;
  role: string;
}

export interface AuthAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  pinCode: string;
}

/** What login, OTP verification, password reset and the profile call return. */
export interface AuthSession {
  user: AuthUser;
  address: AuthAddress | null;
}

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  address: AuthAddress | null;
}

export const PROFILE_QUERY_KEY = ['profile'] as const;
/** Spec §9: profile freshness 5 minutes, profile cache 10 minutes. */
export const PROFILE_STALE_TIME_MS = 5 * 60 * 1000;
export const PROFILE_GC_TIME_MS = 10 * 60 * 1000;
export const PROFILE_PATH = '/user/profile';
export const LOGOUT_PATH = '/auth/logout';

/**
 * First elements of the query keys that hold public data (the catalogue), kept across sign-out.
 * Every other query belongs to the signed-in account (orders, cart, profile, and any new
 * feature's, unless it is added here) and is removed when the session ends or changes hands.
 */
export const PUBLIC_QUERY_ROOTS: ReadonlySet<string> = new Set(['numbers']);

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads `{ user, address }` out of the `data` of an auth or profile response. Spec §7: the user is
 * `data.user`, or `data` itself.
 */
export function toAuthSession(data: unknown): AuthSession | null {
  if (!isRecord(data)) return null;
  const user = isRecord(data.user) ? data.user : data;
  if (typeof user.id !== 'string' || typeof user.email !== 'string') return null;
  const address = isRecord(data.address) ? (data.address as unknown as AuthAddress) : null;
  return { user: user as unknown as AuthUser, address };
}

// ---------------------------------------------------------------------------------------------
// The session hint: whether a session may exist (the non-HttpOnly sid_hint cookie).

const hintListeners = new Set<() => void>();

function notifyHint() {
  for (const listener of [...hintListeners]) listener();
}

function subscribeHint(listener: () => void) {
  hintListeners.add(listener);
  return () => {
    hintListeners.delete(listener);
  };
}

/** Spec §9 refresh lifetime; a shorter server setting ends in a failed refresh, which clears it. */
const HINT_MAX_AGE_SECONDS = 30 * 24 * 3600;

/**
 * Sets the sid_hint cookie on the page's own origin. The server sets it too, but on the API's
 * host: when the web app is served from another host (split deployment) only this one is seen.
 */
function writeSessionHint() {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_HINT_COOKIE}=1; Max-Age=${HINT_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}

/** Removes the sid_hint cookie in this browser (the server clears it too when it can). */
export function clearSessionHint() {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; path=/`;
  notifyHint();
}

/** True while the sid_hint cookie is present; false at build time and during hydration. */
export function useSessionHint(): boolean {
  return useSyncExternalStore(
    subscribeHint,
    () => hasSessionHint(),
    () => false,
  );
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
 * session is set. The cart uses it to sync the guest cart. Returns an unsubscribe function.
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
// Reading and changing the session.

/**
 * GET /user/profile. A 401 that survives the client's refresh-and-retry means "signed out"; an
 * answer with the account renews the session hint (the refresh token it may have rotated just
 * now is good for another REFRESH_TOKEN_TTL).
 */
export async function fetchProfile(): Promise<AuthSession | null> {
  try {
    const response = await api.get<unknown>(PROFILE_PATH);
    const session = toAuthSession(response.data);
    // Renew only a hint still there: an answer arriving after a logout must not bring it back.
    if (session && hasSessionHint()) writeSessionHint();
    return session;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      clearSessionHint();
      return null;
    }
    throw error;
  }
}

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
  const wasSignedIn = Boolean(queryClient.getQueryData(PROFILE_QUERY_KEY)) || hasSessionHint();
  clearSessionHint();
  removeAccountQueries(queryClient);
  void queryClient.cancelQueries({ queryKey: PROFILE_QUERY_KEY });
  queryClient.setQueryData<AuthSession | null>(PROFILE_QUERY_KEY, null);
  if (wasSignedIn) emit(signedOutListeners);
}

/** POST /auth/logout, then clears the session whatever the call's outcome. Never rejects. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await api.post(LOGOUT_PATH);
  } catch {
    // Logout always clears the local state, even when the call fails (spec §4).
  } finally {
    clearSession(queryClient);
  }
}

function retryProfile(failureCount: number, error: unknown): boolean {
  // Client errors (400-499) will not change on a retry; network and server errors get one.
  if (isApiError(error) && error.status !== undefined && error.status < 500) return false;
  return failureCount < 1;
}

/** `{ status, user, address }` of the current visitor. */
export function useAuth(): AuthState {
  const hydrated = useHydrated();
  const hint = useSessionHint();
  const query = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: fetchProfile,
    enabled: hint,
    staleTime: PROFILE_STALE_TIME_MS,
    gcTime: PROFILE_GC_TIME_MS,
    retry: retryProfile,
  });
  const session = query.data ?? null;

  let status: AuthStatus;
  if (!hydrated) status = 'loading';
  else if (session) status = 'authenticated';
  else if (hint && query.isPending) status = 'loading';
  else status = 'unauthenticated';

  return useMemo(
    () => ({
      status,
      user: status === 'authenticated' ? (session?.user ?? null) : null,
      address: status === 'authenticated' ? (session?.address ?? null) : null,
    }),
    [status, session],
  );
}

/** True once the profile call (or a sign-in) has shown a signed-in user. */
export function useIsSignedIn(): boolean {
  return useAuth().status === 'authenticated';
}

export interface AuthActions {
  setSession: (session: AuthSession) => void;
  updateSession: (session: AuthSession) => void;
  clearSession: () => void;
  logout: () => Promise<void>;
}

/** The session setters bound to the app's QueryClient. */
export function useAuthActions(): AuthActions {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      setSession: (session) => setSession(queryClient, session),
      updateSession: (session) => updateSession(queryClient, session),
      clearSession: () => clearSession(queryClient),
      logout: () => logout(queryClient),
    }),
    [queryClient],
  );
}

/**
 * Wires the auth state into the app (root.tsx): clears the session when a token refresh fails,
 * and gives the header's AuthUiProvider the user, the logout and the authentication modal.
 * The header shows the 'Successfully Logged Out' toast and goes to /premium-numbers on desktop.
 */
export function AuthSessionProvider({
  modal,
  children,
}: {
  modal?: ComponentType<AuthModalProps>;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const { user } = useAuth();

  useEffect(() => onSessionExpired(() => clearSession(queryClient)), [queryClient]);

  const onLogout = useCallback(() => logout(queryClient), [queryClient]);

  return (
    <AuthUiProvider modal={modal} user={user} onLogout={onLogout}>
      {children}
    </AuthUiProvider>
  );
}
