import type { ApiData } from '../../lib/api-types';

/** What login, OTP verification, password reset and the profile call return. */
export type AuthSession = ApiData<'/user/profile', 'get'>;
export type AuthUser = AuthSession['user'];
export type AuthAddress = NonNullable<AuthSession['address']>;
export type AccountType = AuthUser['accountType'];

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
