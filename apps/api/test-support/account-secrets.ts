import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app';
import { otpRequests, refreshTokens, users } from '../src/db/schema';
import { outbox } from './session-client';

/**
 * The secrets the store holds about an account, which its data file must never carry: the
 * password hash, the refresh tokens' hashes, the code hashes and the codes sent to its contacts.
 */
export async function secretsOf(app: App, account: { id: string; email: string; mobile: string }) {
  const { db } = app.database;
  const [row] = await db.select().from(users).where(eq(users.id, account.id));
  const tokens = await db
    .select({ hash: refreshTokens.tokenHash })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, account.id));
  const codeHashes = await db
    .select({ code: otpRequests.codeHash, email: otpRequests.emailCodeHash })
    .from(otpRequests)
    .where(eq(otpRequests.email, account.email));
  const codes = [...(await outbox(app, account.email)), ...(await outbox(app, account.mobile))].map(
    (message) => message.otp,
  );
  const all = [
    row!.passwordHash,
    ...tokens.map((token) => token.hash),
    ...codeHashes.flatMap((hash) => [hash.code, hash.email]),
    ...codes,
  ].filter((secret): secret is string => Boolean(secret));
  return { tokens: tokens.length, codes: codes.length, all };
}

/** The file's text carries none of these secrets, and no field named like one. */
export function expectNoSecret(body: string, secrets: readonly string[]) {
  for (const secret of secrets) {
    // A code stands alone (a 6-digit run inside a longer number is chance).
    const alone = new RegExp(`(^|[^0-9a-zA-Z])${secret.replace(/[$]/g, '\\$')}([^0-9a-zA-Z]|$)`);
    expect(alone.test(body), `a secret appears in the file: ${secret}`).toBe(false);
  }
  for (const name of ['passwordHash', 'password', 'tokenHash', 'codeHash', 'otp', 'familyId']) {
    expect(body).not.toContain(`"${name}"`);
  }
}
