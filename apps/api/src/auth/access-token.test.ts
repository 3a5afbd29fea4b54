import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';
import { sessionKeys } from './session-keys';

describe('access tokens', () => {
  const key = sessionKeys({ SESSION_SECRET: 'k'.repeat(32) }).accessToken;
  const user = { id: 'c0ffee00-0000-4000-8000-000000000001', role: 'support' as const };

  it('round-trips the user id and role until the token expires', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const { token, expiresAt } = signAccessToken(user, key, 900, now);
    expect(expiresAt.toISOString()).toBe('2026-01-01T00:15:00.000Z');
    expect(verifyAccessToken(token, key, new Date('2026-01-01T00:14:59Z'))).toEqual(user);
    expect(verifyAccessToken(token, key, new Date('2026-01-01T00:15:00Z'))).toBeNull();
  });

  it('refuses tampered, foreign and malformed tokens', () => {
    const { token } = signAccessToken(user, key, 900);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString(
      'base64url',
    );
    expect(verifyAccessToken(`${elevated}.${signature}`, key)).toBeNull();
    const other = sessionKeys({ SESSION_SECRET: 'o'.repeat(32) }).accessToken;
    expect(verifyAccessToken(token, other)).toBeNull();
    for (const bad of ['', '.', 'a.b', `${token}.x`, `${payload}.`, 'not a token']) {
      expect(verifyAccessToken(bad, key)).toBeNull();
    }
    const badRole = Buffer.from(JSON.stringify({ ...claims, role: 'root' })).toString('base64url');
    const signed = `${badRole}.${createHmac('sha256', key).update(badRole).digest('base64url')}`;
    expect(verifyAccessToken(signed, key)).toBeNull();
  });

  it('derives different keys for tokens and OTP codes, and a random one without a secret', () => {
    const keys = sessionKeys({ SESSION_SECRET: 'k'.repeat(32) });
    expect(keys.accessToken.equals(keys.otp)).toBe(false);
    const random = sessionKeys({ SESSION_SECRET: undefined });
    expect(random.accessToken.equals(keys.accessToken)).toBe(false);
    expect(sessionKeys({ SESSION_SECRET: undefined }).accessToken.equals(random.accessToken)).toBe(
      true,
    );
  });
});
