import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The known-device cookie's value (decision 0014): the account this browser signed in to,
 * sealed with AES-256-GCM, so that the cookie names no account to whoever reads the browser's
 * cookies on a shared computer (decision 0058) and cannot be forged. Valid for `ttlSeconds`.
 */
export function sealKnownDevice(
  userId: string,
  key: Buffer,
  ttlSeconds: number,
  now = new Date(),
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify({ sub: userId, exp })),
    cipher.final(),
  ]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

/** The account a sealed value names, or null when it is malformed, forged or expired. */
export function openKnownDevice(value: string, key: Buffer, now = new Date()): string | null {
  const [iv, sealed, tag, extra] = value.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !sealed || !tag || extra || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    const claims = JSON.parse(text) as { sub?: unknown; exp?: unknown };
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    return claims.exp * 1000 > now.getTime() ? claims.sub : null;
  } catch {
    return null;
  }
}
