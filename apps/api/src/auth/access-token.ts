import { createHmac, timingSafeEqual } from 'node:crypto';

export type Role = 'customer' | 'support' | 'admin';
const roles: readonly Role[] = ['customer', 'support', 'admin'];

/** Who made a request, as the access token says. */
export interface SessionUser {
  id: string;
  role: Role;
}

/** A request's signed-in user and the session (refresh-token family) its access token names. */
export interface SignedInUser extends SessionUser {
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user from the access cookie, or null for a visitor (session-plugin.ts). */
    user: SignedInUser | null;
  }
}

/** A signed-in session: the user and the refresh-token family it was signed in with. */
export interface SessionClaims extends SessionUser {
  sessionId?: string;
}

interface AccessTokenClaims {
  sub: string;
  role: Role;
  /** The refresh-token family (one sign-in on one device); none in the known-device cookie. */
  sid?: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const sign = (payload: string, key: Buffer) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/**
 * A compact token: base64url(JSON claims) "." base64url(HMAC-SHA256 of the first part). The
 * session plugin also checks that its session was not ended since (session-plugin.ts).
 */
export function signAccessToken(
  user: SessionClaims,
  key: Buffer,
  ttlSeconds: number,
  now = new Date(),
): { token: string; expiresAt: Date } {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const claims: AccessTokenClaims = { sub: user.id, role: user.role, sid: user.sessionId, exp };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { token: `${payload}.${sign(payload, key)}`, expiresAt: new Date(exp * 1000) };
}

/** The user the token names, or null when it is malformed, forged or expired. */
export function verifyAccessToken(
  token: string,
  key: Buffer,
  now = new Date(),
): SessionClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: Partial<AccessTokenClaims>;
  try {
    claims = JSON.parse(
      Buffer.from(payload, 'base64url').toString('utf8'),
    ) as Partial<AccessTokenClaims>;
  } catch {
    return null;
  }
  if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
  if (!roles.includes(claims.role as Role)) return null;
  if (claims.exp * 1000 <= now.getTime()) return null;
  const sessionId = typeof claims.sid === 'string' ? claims.sid : undefined;
  return { id: claims.sub, role: claims.role as Role, ...(sessionId && { sessionId }) };
}
