import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import type { SessionUser, SignedInUser } from './access-token';
import {
  claimRotation,
  findFamilyOfToken,
  findRefreshToken,
  findRotationState,
  findLiveSession,
  insertRefreshToken,
  revokeFamily,
  revokeUserTokens,
} from './auth-store';

type RefreshConfig = Pick<Config, 'REFRESH_TOKEN_TTL_SECONDS' | 'REFRESH_REUSE_GRACE_SECONDS'>;

/** Refresh tokens are 256 random bits: a plain SHA-256 digest is a safe way to store them. */
const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A refresh token and its family: the session an access token names. */
export interface RefreshSession {
  refreshToken: string;
  familyId: string;
}

/** Creates a refresh token; a new family (a new sign-in) unless one is given (a rotation). */
export async function createRefreshToken(
  db: Db,
  config: RefreshConfig,
  userId: string,
  familyId: string = randomUUID(),
  now = new Date(),
): Promise<RefreshSession> {
  const token = randomBytes(32).toString('base64url');
  await insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    now,
  });
  return { refreshToken: token, familyId };
}

export type RotationResult =
  | ({ kind: 'rotated'; user: SessionUser } & RefreshSession)
  /** Unknown, expired, revoked, or a rotated token presented after the grace window. */
  | { kind: 'refused'; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for a new one in the same family. The old token is marked rotated
 * by a conditional update, so of two processes racing on it only one rotates it. A rotated token
 * presented again within the grace window (two tabs refreshing at once) gets its own successor;
 * after the window it is taken as stolen and the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  config: RefreshConfig,
  token: string,
  now = new Date(),
): Promise<RotationResult> {
  const row = await findRefreshToken(db, hashRefreshToken(token));
  if (!row) return { kind: 'refused', reason: 'unknown' };
  const current = row.token;
  if (current.revokedAt || row.disabledAt) return { kind: 'refused', reason: 'revoked' };
  if (current.expiresAt <= now) return { kind: 'refused', reason: 'expired' };

  const user: SessionUser = { id: current.userId, role: row.role };
  const next = () => createRefreshToken(db, config, current.userId, current.familyId, now);

  if (!current.rotatedAt) {
    if (await claimRotation(db, current.id, now)) {
      return { kind: 'rotated', user, ...(await next()) };
    }
    // Another request rotated it a moment ago: judge it as a second use below.
    const again = await findRotationState(db, current.id);
    if (!again || again.revokedAt) return { kind: 'refused', reason: 'revoked' };
    current.rotatedAt = again.rotatedAt;
  }

  const rotatedAt = current.rotatedAt ?? now;
  const graceEnds = rotatedAt.getTime() + config.REFRESH_REUSE_GRACE_SECONDS * 1000;
  if (now.getTime() <= graceEnds && config.REFRESH_REUSE_GRACE_SECONDS > 0) {
    return { kind: 'rotated', user, ...(await next()) };
  }
  await revokeFamily(db, current.familyId, now);
  return { kind: 'refused', reason: 'reused' };
}

/** Logout: revokes the family of the token presented, if it is one of ours. */
export async function revokeFamilyOfToken(db: Db, token: string, now = new Date()) {
  const familyId = await findFamilyOfToken(db, hashRefreshToken(token));
  if (familyId) await revokeFamily(db, familyId, now);
}

/**
 * Signs the user out everywhere (after a password reset), or everywhere but the session
 * `keepSessionId` (the one that changed the account's e-mail or mobile, or asked to sign out
 * the other devices).
 */
export async function revokeAllRefreshTokens(
  db: Db,
  userId: string,
  keepSessionId?: string,
  now = new Date(),
) {
  await revokeUserTokens(db, userId, now, keepSessionId);
}

/**
 * Who an access token may act as now: the account's current role while the session it names
 * (its refresh-token family) is live and the account is not disabled; null once the session was
 * ended (sign-out, a password reset, the account disabled), whatever the token's expiry.
 */
export async function liveSession(
  db: Db,
  userId: string,
  familyId: string,
): Promise<SignedInUser | null> {
  const row = await findLiveSession(db, userId, familyId, new Date());
  return row ? { id: userId, role: row.role, sessionId: familyId } : null;
}
