import type { Config } from '../config/config';
import type { Database } from '../db/database';
import {
  countLoginFailures,
  deleteLoginFailures,
  lockKeys,
  recordLoginFailure,
} from './auth-store';
import { tooMany, waitText } from './limit-answers';

type LoginLimitConfig = Pick<
  Config,
  'LOGIN_FAILURES_PER_CONTACT' | 'LOGIN_FAILURES_PER_IP' | 'LOGIN_FAILURE_WINDOW_SECONDS'
>;

const LOGIN_FAILURE_LIMIT = 'LOGIN_FAILURE_LIMIT';

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
  const windowSeconds = config.LOGIN_FAILURE_WINDOW_SECONDS;
  await database.db.transaction(async (tx) => {
    await lockKeys(tx, [`login:contact:${contact}`, `login:ip:${clientIp}`]);
    const forContact = await countLoginFailures(tx, { contact }, windowSeconds, now);
    if (forContact.count >= config.LOGIN_FAILURES_PER_CONTACT) {
      throw tooMany(
        LOGIN_FAILURE_LIMIT,
        `Too many unsuccessful sign-in attempts with this ${contact.includes('@') ? 'e-mail address' : 'mobile number'}. Please try again in ${waitText(forContact.retryAfterSeconds)}, or sign in with a code instead.`,
        forContact.retryAfterSeconds,
      );
    }
    const fromIp = await countLoginFailures(tx, { clientIp }, windowSeconds, now);
    if (fromIp.count >= config.LOGIN_FAILURES_PER_IP) {
      throw tooMany(
        LOGIN_FAILURE_LIMIT,
        `Too many unsuccessful sign-in attempts from your network. Please try again in ${waitText(fromIp.retryAfterSeconds)}.`,
        fromIp.retryAfterSeconds,
      );
    }
    // Counted as a failure until the password matches; old rows of this contact and address go.
    await recordLoginFailure(tx, { contact, clientIp, now, windowSeconds });
  });
}

/** A successful sign-in: the contact's failures (from every address) no longer count. */
export async function clearLoginFailures(database: Database, contact: string): Promise<void> {
  await deleteLoginFailures(database.db, contact);
}
