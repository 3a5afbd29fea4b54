import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a one-click unsubscribe link: the buyer's id and its HMAC, so the link works
 * without signing in and cannot be made for another buyer. `<id>.<signature>`, both base64url.
 */
export function unsubscribeToken(userId: string, key: Buffer): string {
  const id = Buffer.from(userId).toString('base64url');
  return `${id}.${signature(id, key)}`;
}

/**
 * The buyer's id the token was made for, signed with one of `keys` (the key links are signed
 * with now, and the one links e-mailed before it were); undefined when it is not one of ours.
 */
export function readUnsubscribeToken(token: string, keys: readonly Buffer[]): string | undefined {
  const [id, given, ...rest] = token.split('.');
  if (!id || !given || rest.length > 0) return undefined;
  const actual = Buffer.from(given);
  const signedWith = (key: Buffer) => {
    const expected = Buffer.from(signature(id, key));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  return keys.some(signedWith) ? Buffer.from(id, 'base64url').toString() : undefined;
}

function signature(id: string, key: Buffer): string {
  return createHmac('sha256', key).update(`unsubscribe:${id}`).digest('base64url');
}
