import { isServer, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { toAuthSession, type AuthSession } from '../auth-session';
import { clearSessionHint, hasSessionHint, writeSessionHint } from '../session-hint';

/** GET /user/profile: the signed-in user and their address, the auth state of the app. */

export const PROFILE_QUERY_KEY = [queryRoots.profile] as const;
/** Spec §9: profile freshness 5 minutes, profile cache 10 minutes. */
const PROFILE_STALE_TIME_MS = 5 * 60 * 1000;
// Rendering on the server (prerendering, the API's number pages), TanStack Query's own default:
// never collected, so no timer keeps each page's query cache alive for 10 minutes after it is sent.
const PROFILE_GC_TIME_MS = isServer ? Infinity : 10 * 60 * 1000;

/**
 * A 401 that survives the client's refresh-and-retry means "signed out"; an answer with the
 * account renews the session hint (the refresh token it may have rotated just now is good for
 * another REFRESH_TOKEN_TTL).
 */
export async function fetchProfile(): Promise<AuthSession | null> {
  try {
    const response = await api.get<unknown>('/user/profile');
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

function retryProfile(failureCount: number, error: unknown): boolean {
  // Client errors (400-499) will not change on a retry; network and server errors get one.
  if (isApiError(error) && error.status !== undefined && error.status < 500) return false;
  return failureCount < 1;
}

/** The profile query; it only runs while `enabled` (the session hint says a session may exist). */
export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: fetchProfile,
    enabled,
    staleTime: PROFILE_STALE_TIME_MS,
    gcTime: PROFILE_GC_TIME_MS,
    retry: retryProfile,
  });
}
