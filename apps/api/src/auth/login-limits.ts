import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
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
 * Answers 429 LOGIN_FAILURE_LIMIT (with Retry-After) when the contact has used up its failures
 * from this address, or (unless the device is known to the account) from all addresses
 * together, or the address has used up its failures. Counting per contact and address means
 * guesses from elsewhere cannot lock the owner out; the much higher cap from all addresses
 * still stops a guesser with many addresses, and spares the owner's devices (decision 0014).
 * Only failures that happened count: a sign-in still being checked counts nothing (decision 0090).
 */
async function refuseAtLimits(
  db: Db,
  config: LoginLimitConfig,
  attempt: LoginAttempt,
  now: Date,
): Promise<void> {
  const { contact, clientIp } = attempt;
  const windowSeconds = config.LOGIN_FAILURE_WINDOW_SECONDS;
  const contactRefused = (retryAfterSeconds: number) =>
    tooMany(
      LOGIN_FAILURE_LIMIT,
      `Too many unsuccessful sign-in attempts with this ${contact.includes('@') ? 'e-mail address' : 'mobile number'}. Please try again in ${waitText(retryAfterSeconds)}, or sign in with a code instead.`,
      retryAfterSeconds,
    );
  const pair = await countLoginFailures(db, { contact, clientIp }, windowSeconds, now);
  if (pair.count >= config.LOGIN_FAILURES_PER_CONTACT_AND_IP) {
    throw contactRefused(pair.retryAfterSeconds);
  }
  if (!attempt.knownDevice) {
    const all = await countLoginFailures(db, { contact }, windowSeconds, now);
    if (all.count >= config.LOGIN_FAILURES_PER_CONTACT) throw contactRefused(all.retryAfterSeconds);
  }
  const fromIp = await countLoginFailures(db, { clientIp }, windowSeconds, now);
  if (fromIp.count >= config.LOGIN_FAILURES_PER_IP) {
    throw tooMany(
      LOGIN_FAILURE_LIMIT,
      `Too many unsuccessful sign-in attempts from your network. Please try again in ${waitText(fromIp.retryAfterSeconds)}.`,
      fromIp.retryAfterSeconds,
    );
  }
}

/**
 * Called before the password is checked: refuses (429) when the failures already made use up a
 * limit, so a guesser past the limits costs no argon2 work.
 */
export async function refuseAtLoginLimits(
  database: Database,
  config: LoginLimitConfig,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<void> {
  await refuseAtLimits(database.db, config, attempt, now);
}

/**
 * Called once the password was checked, before the answer says whether it matched: under
 * advisory locks on the contact and the address (shared by every server process), refuses
 * (429) when the limits are used up, whatever the password, and otherwise records a failure
 * when it did not match, or clears this contact's failures from this address when it did.
 * Checking and counting under the locks means parallel guesses are told no more wrong
 * passwords than the limits allow; a right password is refused only for failures that
 * happened (decision 0090). Failures from other addresses stay: a guesser elsewhere does not
 * get a fresh start when the owner signs in.
 */
export async function settleLoginAttempt(
  database: Database,
  config: LoginLimitConfig,
  attempt: LoginAttempt,
  passwordMatched: boolean,
  now = new Date(),
): Promise<void> {
  const { contact, clientIp } = attempt;
  await database.db.transaction(async (tx) => {
    await lockKeys(tx, [`login:contact:${contact}`, `login:ip:${clientIp}`]);
    await refuseAtLimits(tx, config, attempt, now);
    if (passwordMatched) await deleteLoginFailures(tx, contact, clientIp);
    // Old rows of this contact and address go with it.
    else
      await recordLoginFailure(tx, {
        contact,
        clientIp,
        now,
        windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
      });
  });
}
