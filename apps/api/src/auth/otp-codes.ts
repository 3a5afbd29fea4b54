import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
import { AppError, tooMany } from '../http/app-error';
import type { Notifier, NotifyLog } from '../notify/notifier';
import {
  closeOpenOtpRequests,
  countOtpSendsFromIp,
  countOtpSendsToContact,
  deleteOldOtpRows,
  findOpenOtpRequest as findOpenRequest,
  findOtpRequest,
  insertOtpRequest,
  insertOtpSends,
  lastOtpSentSince,
  lockKeys,
  markOtpRequestUsed,
  useOtpAttempt,
  type OtpRequestRow,
} from './auth-store';
import { waitText } from './limit-answers';
import { otpMessages } from './otp-messages';
import { smsMessage } from '../notify/sms-templates';
import type { OtpChannels, OtpIssued, OtpPayload, OtpPurpose } from './otp-types';
import { sessionKeys } from './session-keys';
import { deliverySettings } from '../notify/message-server-checks';

export interface OtpDeps {
  database: Database;
  config: Config;
  notifier: Notifier;
  log: NotifyLog;
}

type OtpConfig = Pick<
  Config,
  | 'OTP_TTL_SECONDS'
  | 'OTP_MAX_ATTEMPTS'
  | 'OTP_RESEND_COOLDOWN_SECONDS'
  | 'OTP_SENDS_PER_CONTACT_AND_IP_PER_HOUR'
  | 'OTP_SENDS_PER_CONTACT_PER_HOUR'
  | 'OTP_SENDS_PER_IP_PER_HOUR'
  | 'OTP_SEND_WINDOW_SECONDS'
>;

/**
 * A request is matched by verify (which then says "expired") and resend for a day after its
 * code expired, then deleted with the contact's next code. The horizon follows the request's
 * own expiry (created + OTP_TTL_SECONDS), so no TTL can outlive it.
 */
const EXPIRED_REQUEST_KEPT_MS = 24 * 3600_000;

/** 400 for every code problem (never 401: the client would refresh and retry). */
export function otpError(
  code: OtpErrorCode,
  message: string,
  remainingAttempts: number,
  extra: Record<string, unknown> = {},
) {
  return new AppError(400, code, message, { remainingAttempts, ...extra });
}

type OtpErrorCode =
  | 'OTP_INVALID'
  | 'OTP_EXPIRED'
  | 'OTP_ATTEMPTS_EXCEEDED'
  | 'OTP_NOT_FOUND'
  | 'OTP_EMAIL_CODE_REQUIRED';

const generateOtpCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function hashCode(key: Buffer, requestId: string, code: string): string {
  return createHmac('sha256', key).update(`${requestId}:${code}`).digest('hex');
}

async function enforceCooldown(
  tx: Db,
  config: OtpConfig,
  purpose: OtpPurpose,
  email: string | null,
  mobile: string | null,
  now: Date,
) {
  if (config.OTP_RESEND_COOLDOWN_SECONDS === 0) return;
  const since = new Date(now.getTime() - config.OTP_RESEND_COOLDOWN_SECONDS * 1000);
  const lastSentAt = await lastOtpSentSince(tx, purpose, email, mobile, since);
  if (lastSentAt) {
    const wait =
      (lastSentAt.getTime() + config.OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000;
    throw tooMany(
      'OTP_RESEND_COOLDOWN',
      `A code was sent a moment ago. Please wait ${waitText(wait)} before asking for another one.`,
      wait,
    );
  }
}

/**
 * The send limits (decision 0014): per contact and client address, per contact from all
 * addresses (not for a device known to the account: others cannot use up the owner's codes),
 * and per address.
 */
async function enforceSendLimits(
  tx: Db,
  config: OtpConfig,
  send: { contacts: string[]; clientIp: string; knownDevice: boolean },
  now: Date,
) {
  const windowSeconds = config.OTP_SEND_WINDOW_SECONDS;
  const { contacts, clientIp } = send;
  for (const contact of contacts) {
    const refused = (retryAfterSeconds: number) =>
      tooMany(
        'OTP_SEND_LIMIT',
        `Too many codes have been sent to ${contact.includes('@') ? 'this e-mail address' : 'this mobile number'}. Please try again in ${waitText(retryAfterSeconds)}.`,
        retryAfterSeconds,
      );
    const pair = await countOtpSendsToContact(tx, contact, windowSeconds, now, clientIp);
    if (pair.count >= config.OTP_SENDS_PER_CONTACT_AND_IP_PER_HOUR) {
      throw refused(pair.retryAfterSeconds);
    }
    if (send.knownDevice) continue;
    const all = await countOtpSendsToContact(tx, contact, windowSeconds, now);
    if (all.count >= config.OTP_SENDS_PER_CONTACT_PER_HOUR) throw refused(all.retryAfterSeconds);
  }
  const fromIp = await countOtpSendsFromIp(tx, clientIp, windowSeconds, now);
  if (fromIp.count >= config.OTP_SENDS_PER_IP_PER_HOUR) {
    throw tooMany(
      'OTP_SEND_LIMIT',
      `Too many codes have been requested from your network. Please try again in ${waitText(fromIp.retryAfterSeconds)}.`,
      fromIp.retryAfterSeconds,
    );
  }
}

/**
 * Counts one send to these contacts from this address, in a transaction of its own under
 * advisory locks (so every server process shares the limits exactly), once the send limits
 * pass (429 OTP_SEND_LIMIT) and, given a `cooldown` purpose, its resend cooldown. Also what a
 * registration with a taken contact costs, so that its 409 is bounded like a code (decision
 * 0048). Answers the lock keys, for the caller's later transactions.
 */
export async function countOtpSend(
  deps: Pick<OtpDeps, 'database' | 'config'>,
  input: Pick<IssueOtpInput, 'email' | 'mobile' | 'clientIp' | 'knownDevice'> & {
    cooldown?: OtpPurpose;
  },
  now = new Date(),
): Promise<string[]> {
  const { config } = deps;
  const { email, mobile, clientIp, cooldown } = input;
  const contacts = [email, mobile].filter((c): c is string => !!c);
  if (contacts.length === 0) throw new Error('a code send needs an e-mail or a mobile');
  const locks = [...contacts.map((c) => `otp:contact:${c}`), `otp:ip:${clientIp}`];
  await deps.database.db.transaction(async (tx) => {
    await lockKeys(tx, locks);
    if (cooldown) await enforceCooldown(tx, config, cooldown, email, mobile, now);
    await enforceSendLimits(
      tx,
      config,
      { contacts, clientIp, knownDevice: input.knownDevice ?? false },
      now,
    );
    await insertOtpSends(tx, contacts, clientIp, now);
  });
  return locks;
}

export interface IssueOtpInput {
  purpose: OtpPurpose;
  /** The contacts the request is known by (verify and resend match on them). */
  email: string | null;
  mobile: string | null;
  /**
   * What the request keeps. A function is called only once the cooldown and the send limits
   * have been checked, so a refused request never pays for it (registration's argon2 hash).
   */
  payload: OtpPayload | (() => Promise<OtpPayload>);
  /** The client address (clientAddress). */
  clientIp: string;
  /** The device signed in to the account these codes are for before (decision 0014). */
  knownDevice?: boolean;
}

/**
 * Issues a code: a registration gets one code for the SMS and another for the e-mail, so that
 * it proves both contacts; other purposes send one code to every channel.
 * 1. The send is counted first, in a transaction of its own under advisory locks (so every
 *    server process shares the limits exactly), after the cooldown and the send limits pass:
 *    whatever fails later (building the payload, storing the request, delivering the code), the
 *    send still counts, so failing requests cannot get past the limits.
 * 2. The payload is built (registration's argon2 hash: only for a request that may be sent).
 * 3. Earlier open requests for the same purpose and contacts are closed and the new one is
 *    stored with its codes hashed, under the locks again (with the cooldown checked again, for
 *    a request that raced this one); then the codes are delivered.
 */
export async function issueOtp(
  deps: OtpDeps,
  input: IssueOtpInput,
  now = new Date(),
): Promise<OtpIssued> {
  const { config } = deps;
  const db = deps.database.db;
  const { purpose, email, mobile, clientIp } = input;
  const locks = await countOtpSend(deps, { ...input, cooldown: purpose }, now);

  const payload = typeof input.payload === 'function' ? await input.payload() : input.payload;
  const requestId = randomUUID();
  const key = sessionKeys(config).otp;
  const perChannel = purpose === 'registration';
  const code = generateOtpCode();
  const codes: DeliveredCodes | undefined = payload.decoy
    ? undefined
    : { sms: code, email: perChannel ? generateOtpCode() : code, perChannel };
  // A decoy's hash is of a random UUID: no 6-digit code can ever match it.
  const codeHash = hashCode(key, requestId, codes?.sms ?? randomUUID());
  const emailCodeHash = codes?.perChannel
    ? hashCode(key, emailCodeId(requestId), codes.email)
    : null;
  const expiresAt = new Date(now.getTime() + config.OTP_TTL_SECONDS * 1000);

  await db.transaction(async (tx) => {
    await lockKeys(tx, locks);
    await enforceCooldown(tx, config, purpose, email, mobile, now);
    await closeOpenOtpRequests(tx, purpose, email, mobile, now);
    await insertOtpRequest(tx, {
      id: requestId,
      purpose,
      email,
      mobile,
      codeHash,
      emailCodeHash,
      payload,
      maxAttempts: config.OTP_MAX_ATTEMPTS,
      expiresAt,
      now,
    });
    // Housekeeping for these contacts only: rows that can no longer count or match.
    await deleteOldOtpRows(tx, {
      email,
      mobile,
      clientIp,
      sendsBefore: new Date(now.getTime() - config.OTP_SEND_WINDOW_SECONDS * 1000),
      requestsBefore: new Date(now.getTime() - EXPIRED_REQUEST_KEPT_MS),
    });
  });

  const channels = codes
    ? await deliver(deps, purpose, codes, payload, requestId, now)
    : await decoyChannels(deps, payload, { email, mobile }, requestId, now);
  return {
    requestId,
    channels,
    otpExpiry: expiresAt.toISOString(),
    maxAttempts: config.OTP_MAX_ATTEMPTS,
    resendAfter: config.OTP_RESEND_COOLDOWN_SECONDS,
  };
}

/** The code each channel is sent: the same one, except for a registration (`perChannel`). */
interface DeliveredCodes {
  sms: string;
  email: string;
  perChannel: boolean;
}

/** What the e-mail code of a registration is hashed with, beside the request id. */
const emailCodeId = (requestId: string) => `${requestId}:email`;

/**
 * What a decoy claims: the channels a real request would have used, less those the notifier
 * cannot deliver on (so with no provider in production a decoy fails like a real request).
 */
async function decoyChannels(
  deps: OtpDeps,
  payload: OtpPayload,
  contacts: { email: string | null; mobile: string | null },
  requestId: string,
  now: Date,
): Promise<OtpChannels> {
  const claimed = payload.claimedChannels ?? {
    email: !!contacts.email,
    sms: !!contacts.mobile,
  };
  const delivers = (channel: 'email' | 'sms') => deps.notifier.delivers?.(channel) !== false;
  const channels = {
    email: claimed.email && delivers('email'),
    sms: claimed.sms && delivers('sms'),
  };
  if (!channels.email && !channels.sms) await deliveryFailed(deps, requestId, now);
  return channels;
}

const OTP_DELIVERY_FAILED_MESSAGE =
  'We could not send a code right now. Please try again later or contact support.';

/** The 503 of a registration one of whose two codes cannot be sent. */
const channelFailedMessage = (emailWorks: boolean) =>
  `We could not send a code to your ${emailWorks ? 'mobile number' : 'e-mail address'} right now. Please try again later or contact support.`;

/** Closes the request whose code cannot be used (it reached nobody), and answers 503. */
async function deliveryFailed(
  deps: OtpDeps,
  requestId: string,
  now: Date,
  message = OTP_DELIVERY_FAILED_MESSAGE,
): Promise<never> {
  deps.log.warn({ requestId }, 'OTP not delivered where it must be: the request is closed');
  await markOtpRequestUsed(deps.database.db, requestId, now);
  throw new AppError(503, 'OTP_DELIVERY_FAILED', message);
}

async function deliver(
  deps: OtpDeps,
  purpose: OtpPurpose,
  codes: DeliveredCodes,
  payload: OtpPayload,
  requestId: string,
  now: Date,
): Promise<OtpChannels> {
  const { STORE_NAME, OTP_TTL_SECONDS } = deps.config;
  const delivers = (channel: 'email' | 'sms') => deps.notifier.delivers?.(channel) !== false;
  // A registration needs both of its codes: where one channel cannot deliver, send neither.
  if (codes.perChannel && !(delivers('email') && delivers('sms'))) {
    const one = delivers('email') || delivers('sms');
    await deliveryFailed(
      deps,
      requestId,
      now,
      one ? channelFailedMessage(delivers('email')) : undefined,
    );
  }
  const attempt = async (send: () => Promise<void>, channel: 'email' | 'sms') => {
    try {
      await send();
    } catch (error) {
      deps.log.warn(
        { err: error, channel, requestId },
        `OTP ${channel} delivery failed: check ${deliverySettings[channel]}`,
      );
      return false;
    }
    // In production a channel without a provider only writes to the log: nobody gets the code.
    return delivers(channel);
  };
  const { email, sms } = payload.deliverTo;
  const [emailSent, smsSent] = await Promise.all([
    email
      ? attempt(() => {
          const message = otpMessages(purpose, codes.email, STORE_NAME, OTP_TTL_SECONDS);
          return deps.notifier.send({
            channel: 'email',
            to: email,
            subject: message.subject,
            text: message.text,
            otp: codes.email,
          });
        }, 'email')
      : false,
    sms
      ? attempt(() => {
          const message = otpMessages(purpose, codes.sms, STORE_NAME, OTP_TTL_SECONDS);
          return deps.notifier.send({
            ...smsMessage(sms, message.sms, deps.config),
            otp: codes.sms,
          });
        }, 'sms')
      : false,
  ]);
  if (!emailSent && !smsSent) await deliveryFailed(deps, requestId, now);
  // A registration needs both of its codes: one that could not be sent makes it useless.
  if (codes.perChannel && !(emailSent && smsSent)) {
    await deliveryFailed(deps, requestId, now, channelFailedMessage(emailSent));
  }
  return { email: emailSent, sms: smsSent };
}

export interface FindOtpInput {
  purposes: OtpPurpose[];
  email: string | null;
  mobile: string | null;
  requestId?: string;
}

/** The most recent open (unused) request for these contacts, expired or not. */
function findOpenOtpRequest(
  db: Db,
  input: FindOtpInput,
  now: Date,
): Promise<OtpRequestRow | undefined> {
  if (!input.email && !input.mobile)
    throw new Error('findOpenOtpRequest needs an e-mail or a mobile');
  return findOpenRequest(db, {
    ...input,
    expiredAfter: new Date(now.getTime() - EXPIRED_REQUEST_KEPT_MS),
  });
}

/** 400 OTP_NOT_FOUND: no open request for these contacts (never asked, used, or deleted). */
export const noPendingCode = () =>
  otpError(
    'OTP_NOT_FOUND',
    'No verification code is waiting for these details. Please request a new code.',
    0,
  );

/** Resend: a new code and request id for the open request, with fresh expiry and attempts. */
export async function resendOtp(
  deps: OtpDeps,
  input: {
    email: string | null;
    mobile: string | null;
    requestId?: string;
    clientIp: string;
    /** The account the device signed in to before (known_device cookie), if any. */
    deviceUserId: string | null;
  },
  now = new Date(),
): Promise<OtpIssued> {
  const { deviceUserId, ...find } = input;
  const request = await findOpenOtpRequest(
    deps.database.db,
    { purposes: ['registration', 'login', 'password_reset'], ...find },
    now,
  );
  if (!request) throw noPendingCode();
  const payload = request.payload as OtpPayload;
  return issueOtp(
    deps,
    {
      purpose: request.purpose,
      email: request.email,
      mobile: request.mobile,
      payload,
      clientIp: input.clientIp,
      knownDevice: !!payload.userId && payload.userId === deviceUserId,
    },
    now,
  );
}

/** Whether `given` is the code hashed as `storedHash` for `id`, in constant time. */
function codeMatches(key: Buffer, id: string, given: string | undefined, storedHash: string) {
  const code = given?.trim() ?? '';
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashCode(key, id, code), 'hex');
  return (
    /^\d{6}$/.test(code) && expected.length === actual.length && timingSafeEqual(expected, actual)
  );
}

/**
 * Checks a code against the open request for these contacts: `otp` is the code sent by SMS (or
 * the one code of a sign-in or reset), `emailOtp` the code a registration sent by e-mail, which
 * it needs as well. Each check uses one attempt (counted by a conditional update, so parallel
 * guesses cannot exceed the limit). Returns the request when the codes are right; the caller
 * consumes it with `consumeOtp` in the transaction that acts on it.
 */
export async function checkOtp(
  deps: Pick<OtpDeps, 'database' | 'config'>,
  input: FindOtpInput & { otp: string; emailOtp?: string },
  now = new Date(),
): Promise<OtpRequestRow & { payload: OtpPayload }> {
  const db = deps.database.db;
  const request = await findOpenOtpRequest(db, input, now);
  if (!request) throw noPendingCode();

  const expired = () =>
    otpError('OTP_EXPIRED', 'This code has expired. Please request a new one.', 0);
  const exhausted = () =>
    otpError(
      'OTP_ATTEMPTS_EXCEEDED',
      'Too many wrong codes were entered. Please request a new code.',
      0,
    );
  if (request.expiresAt <= now) throw expired();
  if (request.attemptsUsed >= request.maxAttempts) throw exhausted();
  const remaining = request.maxAttempts - request.attemptsUsed;
  if (request.emailCodeHash && !input.emailOtp?.trim()) {
    throw otpError(
      'OTP_EMAIL_CODE_REQUIRED',
      'Enter the code we sent to your e-mail address as well as the one sent to your mobile.',
      remaining,
    );
  }

  const counted = await useOtpAttempt(db, request.id, now);
  if (!counted) {
    const again = await findOtpRequest(db, request.id);
    if (!again || again.consumedAt) throw noPendingCode();
    if (again.expiresAt <= now) throw expired();
    throw exhausted();
  }

  const payload = request.payload as OtpPayload;
  const key = sessionKeys(deps.config).otp;
  const wrong: Array<'sms' | 'email'> = [];
  if (payload.decoy || !codeMatches(key, request.id, input.otp, request.codeHash)) {
    wrong.push('sms');
  }
  if (
    request.emailCodeHash &&
    !codeMatches(key, emailCodeId(request.id), input.emailOtp, request.emailCodeHash)
  ) {
    wrong.push('email');
  }
  if (wrong.length > 0) {
    const left = Math.max(0, counted.maxAttempts - counted.attemptsUsed);
    const which = !request.emailCodeHash
      ? 'Invalid OTP.'
      : wrong.length === 2
        ? 'Neither code is right.'
        : wrong[0] === 'sms'
          ? 'The code sent to your mobile is not right.'
          : 'The code sent to your e-mail address is not right.';
    throw otpError(
      'OTP_INVALID',
      left > 0
        ? `${which} Please try again.`
        : `${which} No attempts are left: please request a new code.`,
      left,
      request.emailCodeHash ? { wrongCodes: wrong } : {},
    );
  }
  return { ...request, payload };
}

/** Marks the request used; false when another request consumed it first. */
export async function consumeOtp(tx: Db, requestId: string, now = new Date()): Promise<void> {
  if (!(await markOtpRequestUsed(tx, requestId, now))) {
    throw otpError(
      'OTP_NOT_FOUND',
      'This code has already been used. Please request a new one.',
      0,
    );
  }
}
