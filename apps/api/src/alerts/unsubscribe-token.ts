import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a one-click unsubscribe link: the buyer's id and its HMAC, so the link works
 * without signing in and cannot be made for another buyer. `<id>.<signature>`, both base64url.
 */
export function unsubscribeToken(userId: string, key: Buffer): string {
  const id = Buffer.from(userId).toString('base64url');
  return `${id}.${signature(id, key)}`;
}

/** The buyer's id the token was made for; undefined when it is not one of ours. */
export function readUnsubscribeToken(token: string, key: Buffer): string | undefined {
  const [id, given, ...rest] = token.split('.');
  if (!id || !given || rest.length > 0) return undefined;
  const expected = Buffer.from(signature(id, key));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  return Buffer.from(id, 'base64url').toString();
}

function signature(id: string, key: Buffer): string {
  return createHmac('sha256', key).update(`unsubscribe:${id}`).digest('base64url');
}
