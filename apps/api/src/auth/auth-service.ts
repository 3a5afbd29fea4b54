import { normalizeMobile } from '@store/domain';
import type { z } from 'zod';
import type { AuditService } from '../audit/audit-service';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import type { Tx } from '../db/transactions';
import { accountGone, AppError, badRequest } from '../http/app-error';
import type { Notifier, NotifyLog } from '../notify/notifier';
import { enqueueMessages, readdressWaiting, type Outbox } from '../notify/outbox';
import type { UserService } from '../users/user-service';
import { signAccessToken, type SessionUser, type SignedInUser } from './access-token';
import type { registerBody } from './auth-schemas';
import { deleteOtpRequestsOf } from './auth-store';
import { contactChangeNotices } from './contact-change-notice';
import { openKnownDevice, sealKnownDevice } from './known-device';
import { refuseAtLoginLimits, settleLoginAttempt } from './login-limits';
import {
  checkOtp,
  consumeOtp,
  countOtpSend,
  issueOtp,
  noPendingCode,
  otpError,
  resendOtp,
} from './otp-codes';
import type { OtpPayload } from './otp-types';
import { hashPassword, verifyPassword } from './password-hashing';
import { passwordRepeatsIdentity } from './password-policy';
import {
  createRefreshToken,
  liveSession,
  revokeAllRefreshTokens,
  revokeFamilyOfToken,
  rotateRefreshToken,
  type RefreshSession,
} from './refresh-tokens';
import { KNOWN_DEVICE_TTL_SECONDS } from './session-cookies';
import { sessionKeys } from './session-keys';

export type { SessionUser } from './access-token';
export { currentUser, requireAdmin, requireStaff, requireUser, userOrGuest } from './guards';
export { clearSessionCookies } from './session-cookies';
export { sessionKeys } from './session-keys';

export const INVALID_CREDENTIALS_MESSAGE =
  'The e-mail address or mobile number and password do not match. Please check them and try again.';
const invalidCredentials = () => badRequest(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');

/** A disabled staff account: told only to someone who proved it is theirs (a code or password). */
const accountDisabled = () =>
  new AppError(
    403,
    'ACCOUNT_DISABLED',
    'This account has been disabled. Please ask an administrator of the store.',
  );

/** A disabled account is treated as no account where the answer must not reveal accounts. */
const active = <T extends { disabledAt: Date | null }>(user: T | undefined) =>
  user && !user.disabledAt ? user : undefined;

/** What the session cookies carry. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date;
  /** The known-device cookie: this browser signed in to this account. */
  knownDevice: string;
}

/** The contacts a code was sent to (at least one is given), and the request it answers. */
interface CodeInput {
  email: string | null;
  mobile: string | null;
  otp: string;
  /** A registration's second code, the one sent by e-mail. */
  emailOtp?: string;
  requestId?: string;
}

/** Who asks for a code or signs in: the client address and the account its device knows. */
interface Requester {
  clientIp: string;
  /** The account of the request's known-device cookie (`knownDeviceUser`), or null. */
  deviceUserId: string | null;
}

export interface AuthServiceDeps {
  config: Config;
  database: Database;
  notifier: Notifier;
  /** Sends the notice of a contact change (written in the change's transaction). */
  outbox: Outbox;
  log: NotifyLog;
  users: UserService;
  /** Records a verified contact change (decision 0065). */
  audit: AuditService;
}

/** Registration, codes, passwords and sessions (docs/decisions/0003). */
export function createAuthService({
  config,
  database,
  notifier,
  outbox,
  log,
  users,
  audit,
}: AuthServiceDeps) {
  const db = database.db;
  const otp = { config, database, notifier, log };

  const tokensFor = (
    user: SessionUser,
    { refreshToken, familyId }: RefreshSession,
  ): SessionTokens => {
    const keys = sessionKeys(config);
    const { token: accessToken, expiresAt } = signAccessToken(
      { ...user, sessionId: familyId },
      keys.accessToken,
      config.ACCESS_TOKEN_TTL_SECONDS,
    );
    const knownDevice = sealKnownDevice(user.id, keys.knownDevice, KNOWN_DEVICE_TTL_SECONDS);
    return { accessToken, refreshToken, accessTokenExpiresAt: expiresAt, knownDevice };
  };

  /**
   * The account a code or a reset is for; a code whose account is gone is invalid. A code sent
   * to a contact the account no longer has is no code of it (whoever holds that contact now may
   * not be the owner): answered as the deleted code it should be (decision 0065).
   */
  const accountOf = async (payload: OtpPayload) => {
    const user = payload.userId ? await users.findById(payload.userId) : undefined;
    if (!user) throw otpError('OTP_INVALID', 'Invalid OTP. Please try again.', 0);
    const { email, sms } = payload.deliverTo;
    if ((email && email !== user.email) || (sms && sms !== user.mobile)) throw noPendingCode();
    return user;
  };

  /**
   * Ends every session of the account but `keepSessionId`'s, and deletes the code requests of
   * these contacts and the account's own, in the caller's transaction.
   */
  const forget = async (
    tx: Tx,
    account: { userId: string; email: string; mobile: string },
    keepSessionId?: string,
  ) => {
    await revokeAllRefreshTokens(tx, account.userId, keepSessionId);
    await deleteOtpRequestsOf(tx, account);
  };

  return {
    /** The account whose sign-in this browser's known-device cookie records, or null. */
    knownDeviceUser(cookie: string | undefined): string | null {
      return cookie ? openKnownDevice(cookie, sessionKeys(config).knownDevice) : null;
    },

    /**
     * Signs the user in: a new refresh-token family and an access token, and the account as
     * sign-ins answer it (undefined if it vanished meanwhile).
     */
    async signIn(user: SessionUser) {
      const tokens = tokensFor(user, await createRefreshToken(db, config, user.id));
      return { tokens, account: await users.profile(user.id) };
    },

    /**
     * Checks the details and sends a code; the account is created when the code is verified.
     * A taken e-mail or mobile answers 409, counted as a code sent to them from this address:
     * past the send limits it is the same 429 as a free one's, so the store's customers cannot
     * be listed faster than codes can be asked for (decision 0048).
     */
    async startRegistration(body: z.output<typeof registerBody>, clientIp: string) {
      const taken = await users.contactsTaken(body.email, body.mobile);
      if (taken) {
        await countOtpSend(otp, { email: body.email, mobile: body.mobile, clientIp });
        throw taken;
      }
      const corporate = body.accountType === 'Corporate';
      // Built only after the cooldown and send limits pass: a refused request costs no argon2.
      const payload = async (): Promise<OtpPayload> => ({
        deliverTo: { email: body.email, sms: body.mobile },
        registration: {
          name: body.name,
          email: body.email,
          mobile: body.mobile,
          passwordHash: await hashPassword(body.password),
          accountType: body.accountType,
          companyName: corporate ? (body.companyName ?? null) : null,
          gstinNo: corporate ? (body.gstinNo ?? null) : null,
          getWhatsappUpdate: body.getWhatsappUpdate ?? false,
          acceptTermsAndConditions: body.acceptTermsAndConditions,
        },
      });
      return issueOtp(otp, {
        purpose: 'registration',
        email: body.email,
        mobile: body.mobile,
        payload,
        clientIp,
      });
    },

    /**
     * Verifies a registration or sign-in code: creates the account of a registration (`created`)
     * or names the account signing in.
     */
    async verifyCode(input: CodeInput): Promise<{ user: SessionUser; created: boolean }> {
      const request = await checkOtp(otp, { purposes: ['registration', 'login'], ...input });
      if (request.purpose === 'registration') {
        const pending = request.payload.registration!;
        try {
          const user = await db.transaction(async (tx) => {
            await consumeOtp(tx, request.id);
            return users.createCustomer(tx, pending);
          });
          return { user, created: true };
        } catch (error) {
          throw (await users.takenContactError(error, pending.email)) ?? error;
        }
      }
      const user = await accountOf(request.payload);
      if (user.disabledAt) throw accountDisabled();
      await db.transaction((tx) => consumeOtp(tx, request.id));
      return { user: { id: user.id, role: user.role }, created: false };
    },

    /** A new code and request id for the open request, with fresh expiry and attempts. */
    resendCode(
      input: { email: string | null; mobile: string | null; requestId?: string } & Requester,
    ) {
      return resendOtp(otp, input);
    },

    /**
     * Password sign-in with an e-mail address or a mobile number. Failures are limited per
     * contact and per client address (login-limits.ts): checked before the password is, and
     * again, with the failure counted, before the answer tells whether it matched.
     */
    async passwordLogin(
      input: { contact: string; password: string } & Requester,
    ): Promise<SessionUser> {
      let contact: string;
      if (input.contact.includes('@')) {
        contact = input.contact.toLowerCase();
      } else {
        const mobile = normalizeMobile(input.contact);
        if (!mobile) {
          throw badRequest(
            'Enter a valid e-mail address or 10-digit mobile number.',
            'VALIDATION_ERROR',
          );
        }
        contact = mobile;
      }
      const user = contact.includes('@')
        ? await users.findByEmail(contact)
        : await users.findByMobile(contact);
      const attempt = {
        contact,
        clientIp: input.clientIp,
        knownDevice: !!user && user.id === input.deviceUserId,
      };
      await refuseAtLoginLimits(database, config, attempt);
      // Verified against a decoy when no account matched, so both take the same time.
      const matches = await verifyPassword(user?.passwordHash, input.password);
      await settleLoginAttempt(database, config, attempt, !!user && matches);
      if (!user || !matches) throw invalidCredentials();
      if (user.disabledAt) throw accountDisabled();
      return { id: user.id, role: user.role };
    },

    /**
     * Sends a sign-in code by SMS and to the account e-mail. For a contact without an account
     * the answer looks the same but nothing is sent.
     */
    async sendSignInCode(input: { email: string | null; mobile: string | null } & Requester) {
      const { email, mobile } = input;
      const user = active(
        mobile ? await users.findByMobile(mobile) : await users.findByEmail(email!),
      );
      const payload: OtpPayload = user
        ? { deliverTo: { email: user.email, sms: user.mobile }, userId: user.id }
        : {
            deliverTo: { email: null, sms: null },
            decoy: true,
            claimedChannels: { email: true, sms: true },
          };
      return issueOtp(otp, {
        purpose: 'login',
        email: mobile ? null : email,
        mobile,
        payload,
        clientIp: input.clientIp,
        knownDevice: !!user && user.id === input.deviceUserId,
      });
    },

    /**
     * Sends a password-reset code to the contacts given (both given: they must name the same
     * account). For contacts without an account the answer looks the same but nothing is sent.
     */
    async sendPasswordResetCode(
      input: { email: string | null; mobile: string | null } & Requester,
    ) {
      const { email, mobile } = input;
      const byEmail = active(email ? await users.findByEmail(email) : undefined);
      const byMobile = active(mobile ? await users.findByMobile(mobile) : undefined);
      const user =
        email && mobile
          ? byEmail && byMobile?.id === byEmail.id
            ? byEmail
            : undefined
          : (byEmail ?? byMobile);
      const payload: OtpPayload = user
        ? {
            deliverTo: { email: email ? user.email : null, sms: mobile ? user.mobile : null },
            userId: user.id,
          }
        : {
            deliverTo: { email: null, sms: null },
            decoy: true,
            claimedChannels: { email: !!email, sms: !!mobile },
          };
      return issueOtp(otp, {
        purpose: 'password_reset',
        email,
        mobile,
        payload,
        clientIp: input.clientIp,
        knownDevice: !!user && user.id === input.deviceUserId,
      });
    },

    /** Sets a new password with a reset code; every session of the account is signed out. */
    async resetPassword(input: CodeInput & { newPassword: string }): Promise<SessionUser> {
      const request = await checkOtp(otp, { purposes: ['password_reset'], ...input });
      const user = await accountOf(request.payload);
      if (user.disabledAt) throw accountDisabled();
      const problem = passwordRepeatsIdentity(input.newPassword, user);
      if (problem) {
        throw badRequest(problem, 'VALIDATION_ERROR', { errors: [`newPassword: ${problem}`] });
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await consumeOtp(tx, request.id);
        await users.setPasswordHash(tx, user.id, passwordHash);
        await revokeAllRefreshTokens(tx, user.id);
      });
      return { id: user.id, role: user.role };
    },

    /**
     * Sends a code to the signed-in account's new e-mail or mobile (the old one may be lost: a
     * recycled SIM). A contact another account holds answers 409 as registration does, counted
     * as a code send (decision 0048), so accounts cannot be listed faster than codes are sent.
     */
    async startContactChange(
      userId: string,
      contact: { email: string } | { mobile: string },
      clientIp: string,
    ) {
      const user = await users.findById(userId);
      if (!user) throw accountGone();
      const email = 'email' in contact ? contact.email : null;
      const mobile = 'mobile' in contact ? contact.mobile : null;
      if (email === user.email || mobile === user.mobile) {
        throw badRequest(
          email ? 'This is already your e-mail address.' : 'This is already your mobile number.',
          'CONTACT_UNCHANGED',
        );
      }
      const taken = await users.contactTaken(contact);
      if (taken) {
        await countOtpSend(otp, { email, mobile, clientIp });
        throw taken;
      }
      return issueOtp(otp, {
        purpose: 'contact_change',
        email,
        mobile,
        payload: { deliverTo: { email, sms: mobile }, userId, contactChange: contact },
        clientIp,
      });
    },

    /**
     * Verifies the code sent to the new contact and makes it the account's: sign-in codes,
     * messages and new orders use it from now on (earlier orders keep their billing). In the
     * same transaction the contact it replaces is told, through the outbox (decision 0060), and
     * locked out (decision 0065): the open code requests of the account and of its contacts as
     * they were are deleted, and every session but `session` is ended. The account's order
     * messages still waiting in the outbox go to the new contact (decision 0071). Recorded in the
     * audit log, which contact changed and nothing personal.
     */
    async confirmContactChange(
      session: SignedInUser,
      input: { email: string | null; mobile: string | null; otp: string; requestId?: string },
    ) {
      const userId = session.id;
      const request = await checkOtp(otp, { purposes: ['contact_change'], ...input });
      const change = request.payload.contactChange;
      // A code another account asked for is no code of this one: invalid, as a wrong code is.
      if (request.payload.userId !== userId || !change) {
        throw otpError('OTP_INVALID', 'Invalid OTP. Please try again.', 0);
      }
      const messageIds = await db.transaction(async (tx) => {
        // Locked first: a change verified at the same moment waits, then finds its own code
        // request deleted by this one (400 OTP_NOT_FOUND), and no deadlock on that row.
        const before = await users.lockAccount(tx, userId);
        if (!before || before.closedAt) throw accountGone();
        await consumeOtp(tx, request.id);
        // Written before the change, so that a change the unique index refuses (the contact
        // taken meanwhile) takes its notice with it.
        const ids = await enqueueMessages(
          tx,
          contactChangeNotices(config, before, change, new Date()),
        );
        await users.setContact(tx, userId, change);
        await readdressWaiting(tx, userId, change);
        await forget(tx, { userId, email: before.email, mobile: before.mobile }, session.sessionId);
        const [contact, words] =
          'email' in change ? ['email', 'E-mail address'] : ['mobile', 'Mobile number'];
        await audit.record(tx, {
          actorId: userId,
          action: 'user.contact_change',
          entityType: 'user',
          entityId: userId,
          after: { contact },
          note: `${words} changed by the buyer, proved by a code sent to the new one; other sessions signed out.`,
        });
        return ids;
      });
      await outbox.deliverNow(messageIds);
      return users.profile(userId);
    },

    /**
     * Ends every session of a closed account and deletes the code requests of its contacts, in
     * the closing transaction.
     */
    forgetAccount: (tx: Tx, account: { userId: string; email: string; mobile: string }) =>
      forget(tx, account),

    /** Exchanges a refresh token for new session tokens (see rotateRefreshToken). */
    async refresh(refreshToken: string) {
      const result = await rotateRefreshToken(db, config, refreshToken);
      if (result.kind === 'refused') return result;
      return { kind: 'refreshed' as const, tokens: tokensFor(result.user, result) };
    },

    /** Revokes the family of the refresh token presented, if it is one of ours. */
    logout: (refreshToken: string) => revokeFamilyOfToken(db, refreshToken),

    /** Ends every session of the account but `sessionId`'s, the one asking (decision 0069). */
    logoutOthers: (userId: string, sessionId: string) =>
      revokeAllRefreshTokens(db, userId, sessionId),

    /** The user an access token's session may act as now, or null (see liveSession). */
    session: (userId: string, sessionId: string) => liveSession(db, userId, sessionId),

    /** Ends every refresh session of the account, in the caller's transaction (disabling it). */
    revokeSessions: (tx: Tx, userId: string) => revokeAllRefreshTokens(tx, userId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
