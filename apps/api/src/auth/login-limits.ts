import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { tooMany } from '../http/app-error';
import {
  countLoginFailures,
  deleteLoginFailures,
  lockKeys,
  recordLoginFailure,
} from './auth-store';
import { waitText } from './limit-answers';

type LoginLimitConfig = Pick<
  Config,
  | 'LOGIN_FAILURES_PER_CONTACT_AND_IP'
  | 'LOGIN_FAILURES_PER_CONTACT'
  | 'LOGIN_FAILURES_PER_IP'
  | 'LOGIN_FAILURE_WINDOW_SECONDS'
>;

const LOGIN_FAILURE_LIMIT = 'LOGIN_FAILURE_LIMIT';

export interface LoginAttempt {
  /** A lower-cased e-mail or a 10-digit mobile, known or not. */
  contact: string;
  /** The client address (clientAddress: an IPv6 address by its /64). */
  clientIp: string;
  /** The device signed in to the account of this contact before: no cap from all addresses. */
  knownDevice: boolean;
}

/**
 * Called before a password is checked: answers 429 LOGIN_FAILURE_LIMIT (with Retry-After) when
 * the contact has used up its failures from this address, or (unless the device is known to
 * the account) from all addresses together, or the address has used up its failures; otherwise
 * counts this attempt as a failure, which `clearLoginFailures` takes back when the password
 * matches. Counting per contact and address means guesses from elsewhere cannot lock the owner
 * out; the much higher cap from all addresses still stops a guesser with many addresses, and
 * spares the owner's devices (decision 0014). Counting first, under advisory locks, means
 * parallel guesses (from any server process) cannot exceed the limits, and a refused attempt
 * costs no argon2 work.
 */
export async function countLoginAttempt(
  database: Database,
  config: LoginLimitConfig,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<void> {
  const { contact, clientIp } = attempt;
  const windowSeconds = config.LOGIN_FAILURE_WINDOW_SECONDS;
  const contactRefused = (retryAfterSeconds: number) =>
    tooMany(
      LOGIN_FAILURE_LIMIT,
      `Too many unsuccessful sign-in attempts with this ${contact.includes('@') ? 'e-mail address' : 'mobile number'}. Please try again in ${waitText(retryAfterSeconds)}, or sign in with a code instead.`,
      retryAfterSeconds,
    );
  await database.db.transaction(async (tx) => {
    await lockKeys(tx, [`login:contact:${contact}`, `login:ip:${clientIp}`]);
    const pair = await countLoginFailures(tx, { contact, clientIp }, windowSeconds, now);
    if (pair.count >= config.LOGIN_FAILURES_PER_CONTACT_AND_IP) {
      throw contactRefused(pair.retryAfterSeconds);
    }
    if (!attempt.knownDevice) {
      const all = await countLoginFailures(tx, { contact }, windowSeconds, now);
      if (all.count >= config.LOGIN_FAILURES_PER_CONTACT)
        throw contactRefused(all.retryAfterSeconds);
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

/**
 * A successful sign-in: the contact's failures from this address no longer count. Those from
 * other addresses stay: a guesser elsewhere does not get a fresh start when the owner signs in.
 */
export async function clearLoginFailures(
  database: Database,
  attempt: Pick<LoginAttempt, 'contact' | 'clientIp'>,
): Promise<void> {
  await deleteLoginFailures(database.db, attempt.contact, attempt.clientIp);
}
