import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
import { AppError } from '../http/app-error';
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
import { tooMany, waitText } from './limit-answers';
import { otpMessages } from './otp-messages';
import type { OtpChannels, OtpIssued, OtpPayload, OtpPurpose } from './otp-types';
import { sessionKeys } from './session-keys';

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
export function otpError(code: OtpErrorCode, message: string, remainingAttempts: number) {
  return new AppError(400, code, message, { remainingAttempts });
}

type OtpErrorCode = 'OTP_INVALID' | 'OTP_EXPIRED' | 'OTP_ATTEMPTS_EXCEEDED' | 'OTP_NOT_FOUND';

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

async function enforceSendLimits(
  tx: Db,
  config: OtpConfig,
  contacts: string[],
  clientIp: string,
  now: Date,
) {
  const windowSeconds = config.OTP_SEND_WINDOW_SECONDS;
  for (const contact of contacts) {
    const sent = await countOtpSendsToContact(tx, contact, windowSeconds, now);
    if (sent.count >= config.OTP_SENDS_PER_CONTACT_PER_HOUR) {
      throw tooMany(
        'OTP_SEND_LIMIT',
        `Too many codes have been sent to ${contact.includes('@') ? 'this e-mail address' : 'this mobile number'}. Please try again in ${waitText(sent.retryAfterSeconds)}.`,
        sent.retryAfterSeconds,
      );
    }
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
  clientIp: string;
}

/**
 * Issues a code: checks the cooldown and the send limits (in the database, under advisory
 * locks, so every server process shares them), closes earlier open requests for the same
 * purpose and contact, stores the new request with the code hashed, then delivers it.
 * A lazily built payload is checked for first without the locks, built, then checked again
 * under them (a concurrent send may have used up the limit in between).
 */
export async function issueOtp(
  deps: OtpDeps,
  input: IssueOtpInput,
  now = new Date(),
): Promise<OtpIssued> {
  const { config } = deps;
  const db = deps.database.db;
  const { purpose, email, mobile, clientIp } = input;
  const contacts = [email, mobile].filter((c): c is string => !!c);
  if (contacts.length === 0) throw new Error('issueOtp needs an e-mail or a mobile');

  let payload: OtpPayload;
  if (typeof input.payload === 'function') {
    await enforceCooldown(db, config, purpose, email, mobile, now);
    await enforceSendLimits(db, config, contacts, clientIp, now);
    payload = await input.payload();
  } else {
    payload = input.payload;
  }

  const requestId = randomUUID();
  const code = payload.decoy ? undefined : generateOtpCode();
  const key = sessionKeys(config).otp;
  // A decoy's hash is of a random UUID: no 6-digit code can ever match it.
  const codeHash = hashCode(key, requestId, code ?? randomUUID());
  const expiresAt = new Date(now.getTime() + config.OTP_TTL_SECONDS * 1000);

  await db.transaction(async (tx) => {
    await lockKeys(tx, [...contacts.map((c) => `otp:contact:${c}`), `otp:ip:${clientIp}`]);
    await enforceCooldown(tx, config, purpose, email, mobile, now);
    await enforceSendLimits(tx, config, contacts, clientIp, now);

    await closeOpenOtpRequests(tx, purpose, email, mobile, now);
    await insertOtpRequest(tx, {
      id: requestId,
      purpose,
      email,
      mobile,
      codeHash,
      payload,
      maxAttempts: config.OTP_MAX_ATTEMPTS,
      expiresAt,
      now,
    });
    await insertOtpSends(tx, contacts, clientIp, now);
    // Housekeeping for these contacts only: rows that can no longer count or match.
    await deleteOldOtpRows(tx, {
      email,
      mobile,
      clientIp,
      sendsBefore: new Date(now.getTime() - config.OTP_SEND_WINDOW_SECONDS * 1000),
      requestsBefore: new Date(now.getTime() - EXPIRED_REQUEST_KEPT_MS),
    });
  });

  const channels = code
    ? await deliver(deps, purpose, code, payload, requestId, now)
    : await decoyChannels(deps, payload, { email, mobile }, requestId, now);
  return {
    requestId,
    channels,
    otpExpiry: expiresAt.toISOString(),
    maxAttempts: config.OTP_MAX_ATTEMPTS,
  };
}

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

/** Closes the request whose code reached nobody, and answers 503. */
async function deliveryFailed(deps: OtpDeps, requestId: string, now: Date): Promise<never> {
  deps.log.warn({ requestId }, 'OTP not delivered on any channel: the request is closed');
  await markOtpRequestUsed(deps.database.db, requestId, now);
  throw new AppError(503, 'OTP_DELIVERY_FAILED', OTP_DELIVERY_FAILED_MESSAGE);
}

async function deliver(
  deps: OtpDeps,
  purpose: OtpPurpose,
  code: string,
  payload: OtpPayload,
  requestId: string,
  now: Date,
): Promise<OtpChannels> {
  const message = otpMessages(purpose, code, deps.config.STORE_NAME, deps.config.OTP_TTL_SECONDS);
  const attempt = async (send: () => Promise<void>, channel: 'email' | 'sms') => {
    try {
      await send();
    } catch (error) {
      deps.log.warn({ err: error, channel, requestId }, `OTP ${channel} delivery failed`);
      return false;
    }
    // In production a channel without a provider only writes to the log: nobody gets the code.
    return deps.notifier.delivers?.(channel) !== false;
  };
  const { email, sms } = payload.deliverTo;
  const [emailSent, smsSent] = await Promise.all([
    email
      ? attempt(
          () =>
            deps.notifier.send({
              channel: 'email',
              to: email,
              subject: message.subject,
              text: message.text,
              html: message.html,
              otp: code,
            }),
          'email',
        )
      : false,
    sms
      ? attempt(
          () => deps.notifier.send({ channel: 'sms', to: sms, text: message.sms, otp: code }),
          'sms',
        )
      : false,
  ]);
  if (!emailSent && !smsSent) await deliveryFailed(deps, requestId, now);
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

const noPendingCode = () =>
  otpError(
    'OTP_NOT_FOUND',
    'No verification code is waiting for these details. Please request a new code.',
    0,
  );

/** Resend: a new code and request id for the open request, with fresh expiry and attempts. */
export async function resendOtp(
  deps: OtpDeps,
  input: { email: string | null; mobile: string | null; requestId?: string; clientIp: string },
  now = new Date(),
): Promise<OtpIssued> {
  const request = await findOpenOtpRequest(
    deps.database.db,
    { purposes: ['registration', 'login', 'password_reset'], ...input },
    now,
  );
  if (!request) throw noPendingCode();
  return issueOtp(
    deps,
    {
      purpose: request.purpose,
      email: request.email,
      mobile: request.mobile,
      payload: request.payload as OtpPayload,
      clientIp: input.clientIp,
    },
    now,
  );
}

/**
 * Checks a code against the open request for these contacts. Each check uses one attempt
 * (counted by a conditional update, so parallel guesses cannot exceed the limit). Returns the
 * request when the code is right; the caller consumes it with `consumeOtp` in the transaction
 * that acts on it.
 */
export async function checkOtp(
  deps: Pick<OtpDeps, 'database' | 'config'>,
  input: FindOtpInput & { otp: string },
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

  const counted = await useOtpAttempt(db, request.id, now);
  if (!counted) {
    const again = await findOtpRequest(db, request.id);
    if (!again || again.consumedAt) throw noPendingCode();
    if (again.expiresAt <= now) throw expired();
    throw exhausted();
  }

  const payload = request.payload as OtpPayload;
  const given = input.otp.trim();
  const expected = Buffer.from(request.codeHash, 'hex');
  const actual = Buffer.from(hashCode(sessionKeys(deps.config).otp, request.id, given), 'hex');
  const matches =
    /^\d{6}$/.test(given) &&
    !payload.decoy &&
    expected.length === actual.length &&
    timingSafeEqual(expected, actual);
  if (!matches) {
    const remaining = Math.max(0, counted.maxAttempts - counted.attemptsUsed);
    throw otpError(
      'OTP_INVALID',
      remaining > 0
        ? 'Invalid OTP. Please try again.'
        : 'Invalid OTP. No attempts are left: please request a new code.',
      remaining,
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
