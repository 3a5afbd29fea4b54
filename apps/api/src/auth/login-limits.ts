import { and, eq, lt, or } from 'drizzle-orm';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { loginFailures } from '../db/schema';
import { countInWindow, lockKeys, tooMany, waitText } from './db-limits';

type LoginLimitConfig = Pick<
  Config,
  'LOGIN_FAILURES_PER_CONTACT' | 'LOGIN_FAILURES_PER_IP' | 'LOGIN_FAILURE_WINDOW_SECONDS'
>;

export const LOGIN_FAILURE_LIMIT = 'LOGIN_FAILURE_LIMIT';

/**
 * Called before a password is checked: answers 429 LOGIN_FAILURE_LIMIT (with Retry-After) when
 * the contact (a lower-cased e-mail or a 10-digit mobile, known or not) or the client address
 * has used up its failures in the window; otherwise counts this attempt as a failure, which
 * `clearLoginFailures` takes back when the password matches. Counting first, under advisory
 * locks, means parallel guesses (from any server process) cannot exceed the limit, and a
 * refused attempt costs no argon2 work.
 */
export async function countLoginAttempt(
  database: Database,
  config: LoginLimitConfig,
  attempt: { contact: string; clientIp: string },
  now = new Date(),
): Promise<void> {
  const { contact, clientIp } = attempt;
  const window = {
    table: loginFailures,
    at: loginFailures.failedAt,
    windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
    now,
  };
  await database.db.transaction(async (tx) => {
    await lockKeys(tx, [`login:contact:${contact}`, `login:ip:${clientIp}`]);
    const forContact = await countInWindow(tx, {
      ...window,
      where: eq(loginFailures.contact, contact),
    });
    if (forContact.count >= config.LOGIN_FAILURES_PER_CONTACT) {
      throw tooMany(
        LOGIN_FAILURE_LIMIT,
        `Too many unsuccessful sign-in attempts with this ${contact.includes('@') ? 'e-mail address' : 'mobile number'}. Please try again in ${waitText(forContact.retryAfterSeconds)}, or sign in with a code instead.`,
        forContact.retryAfterSeconds,
      );
    }
    const fromIp = await countInWindow(tx, {
      ...window,
      where: eq(loginFailures.clientIp, clientIp),
    });
    if (fromIp.count >= config.LOGIN_FAILURES_PER_IP) {
      throw tooMany(
        LOGIN_FAILURE_LIMIT,
        `Too many unsuccessful sign-in attempts from your network. Please try again in ${waitText(fromIp.retryAfterSeconds)}.`,
        fromIp.retryAfterSeconds,
      );
    }
    await tx.insert(loginFailures).values({ contact, clientIp, failedAt: now });
    // Housekeeping for this contact and address only: rows that can no longer count.
    await tx
      .delete(loginFailures)
      .where(
        and(
          lt(
            loginFailures.failedAt,
            new Date(now.getTime() - config.LOGIN_FAILURE_WINDOW_SECONDS * 1000),
          ),
          or(eq(loginFailures.contact, contact), eq(loginFailures.clientIp, clientIp)),
        ),
      );
  });
}

/** A successful sign-in: the contact's failures (from every address) no longer count. */
export async function clearLoginFailures(database: Database, contact: string): Promise<void> {
  await database.db.delete(loginFailures).where(eq(loginFailures.contact, contact));
}
