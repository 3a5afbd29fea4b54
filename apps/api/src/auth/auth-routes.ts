import { normalizeMobile } from '@store/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../db/schema';
import { AppError, badRequest } from '../http/app-error';
import { envelope, errorBody, ok, optionalBody } from '../http/envelope';
import {
  assertContactsFree,
  emailTaken,
  findUserByEmail,
  findUserById,
  findUserByMobile,
  isUniqueViolation,
  loadUserWithAddress,
  mobileTaken,
  type UserWithAddress,
} from '../users/user-store';
import { userWithAddressSchema } from '../users/user-schemas';
import type { SessionUser } from './access-token';
import {
  forgotPasswordBody,
  loginBody,
  otpIssuedSchema,
  refreshedSchema,
  registerBody,
  resendOtpBody,
  resetPasswordBody,
  signInBody,
  verifyOtpBody,
} from './auth-schemas';
import { clearLoginFailures, countLoginAttempt } from './login-limits';
import {
  checkOtp,
  consumeOtp,
  issueOtp,
  otpError,
  resendOtp,
  type OtpChannels,
  type OtpDeps,
  type OtpPayload,
} from './otp-service';
import { hashPassword, verifyPassword } from './password-hashing';
import { passwordRepeatsIdentity } from './password-policy';
import { revokeAllRefreshTokens, revokeFamilyOfToken, rotateRefreshToken } from './refresh-tokens';
import { clearSessionCookies, REFRESH_COOKIE } from './session-cookies';
import { issueSessionCookies, startSession } from './sessions';

const tags = ['auth'];
/** Refresh and logout take no body; an empty JSON object is accepted too. */
const anyObject = z.object({}).loose();
const otpErrors = { 400: errorBody, 409: errorBody, 429: errorBody, 503: errorBody };

export const INVALID_CREDENTIALS_MESSAGE =
  'The e-mail address or mobile number and password do not match. Please check them and try again.';
const invalidCredentials = () => badRequest(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
const contactRequired = (message: string) => badRequest(message, 'CONTACT_REQUIRED');

function sentMessage(channels: OtpChannels): string {
  const where = [channels.email && 'e-mail', channels.sms && 'mobile']
    .filter(Boolean)
    .join(' and ');
  return `We have sent a verification code to your ${where || 'contact'}.`;
}

/** The auth calls of the spec: register, OTPs, password login, refresh and logout. */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const deps = (): OtpDeps => ({
    database: app.database,
    config: app.config,
    notifier: app.notifier,
    log: app.log,
  });

  async function signIn(reply: FastifyReply, user: SessionUser): Promise<UserWithAddress> {
    await startSession(app, reply, user);
    const loaded = await loadUserWithAddress(db(), user.id);
    if (!loaded) throw invalidCredentials();
    return loaded;
  }

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Start a registration: checks the details and sends a code by e-mail and SMS',
        description:
          'The account is created only when the code is verified with POST /auth/verify-otp.',
        body: registerBody,
        response: { 200: envelope(otpIssuedSchema), ...otpErrors },
      },
    },
    async (request) => {
      const body = request.body;
      await assertContactsFree(db(), body.email, body.mobile);
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
      const issued = await issueOtp(deps(), {
        purpose: 'registration',
        email: body.email,
        mobile: body.mobile,
        payload,
        clientIp: request.ip,
      });
      return ok(issued, sentMessage(issued.channels));
    },
  );

  app.post(
    '/auth/verify-otp',
    {
      schema: {
        tags,
        summary: 'Verify a registration or sign-in code; signs the user in',
        description:
          'Matches the most recent open request for the e-mail and/or mobile (or requestId). ' +
          'A wrong code answers 400 OTP_INVALID with remainingAttempts; also OTP_EXPIRED, ' +
          'OTP_ATTEMPTS_EXCEEDED, OTP_NOT_FOUND.',
        body: verifyOtpBody,
        response: { 200: envelope(userWithAddressSchema), ...otpErrors },
      },
    },
    async (request, reply) => {
      const { email = null, mobile = null, otp, requestId } = request.body;
      if (!email && !mobile)
        throw contactRequired('Enter the e-mail address or mobile number the code was sent to.');
      const otpRequest = await checkOtp(deps(), {
        purposes: ['registration', 'login'],
        email,
        mobile,
        requestId,
        otp,
      });

      if (otpRequest.purpose === 'registration') {
        const pending = otpRequest.payload.registration!;
        let created: SessionUser;
        try {
          created = await db().transaction(async (tx) => {
            await consumeOtp(tx, otpRequest.id);
            await assertContactsFree(tx, pending.email, pending.mobile);
            const [row] = await tx
              .insert(users)
              .values({ ...pending, role: 'customer' })
              .returning({ id: users.id, role: users.role });
            return row!;
          });
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw (await findUserByEmail(db(), pending.email)) ? emailTaken() : mobileTaken();
          }
          throw error;
        }
        return ok(await signIn(reply, created), 'Your account has been created.');
      }

      const user = otpRequest.payload.userId
        ? await findUserById(db(), otpRequest.payload.userId)
        : undefined;
      if (!user) throw otpError('OTP_INVALID', 'Invalid OTP. Please try again.', 0);
      await db().transaction((tx) => consumeOtp(tx, otpRequest.id));
      return ok(await signIn(reply, { id: user.id, role: user.role }), 'You are signed in.');
    },
  );

  app.post(
    '/auth/resend-otp',
    {
      schema: {
        tags,
        summary: 'Send a new code for the open request (new requestId, fresh expiry and attempts)',
        body: optionalBody(resendOtpBody),
        response: { 200: envelope(otpIssuedSchema), ...otpErrors },
      },
    },
    async (request) => {
      const { email = null, mobile = null, requestId } = request.body ?? {};
      if (!email && !mobile) throw contactRequired('Contact information is required to resend OTP');
      const issued = await resendOtp(deps(), { email, mobile, requestId, clientIp: request.ip });
      return ok(issued, sentMessage(issued.channels));
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with an e-mail address or mobile number and a password',
        description:
          'Failed attempts are limited per e-mail or mobile (LOGIN_FAILURES_PER_CONTACT) and per ' +
          'client address (LOGIN_FAILURES_PER_IP) in LOGIN_FAILURE_WINDOW_SECONDS: past the limit ' +
          '429 LOGIN_FAILURE_LIMIT with Retry-After, before the password is checked. Unknown ' +
          "contacts count the same; a successful sign-in clears the contact's failures.",
        body: loginBody,
        response: { 200: envelope(userWithAddressSchema), 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { password } = request.body;
      let contact: string;
      if (request.body.contact.includes('@')) {
        contact = request.body.contact.toLowerCase();
      } else {
        const mobile = normalizeMobile(request.body.contact);
        if (!mobile) {
          throw badRequest(
            'Enter a valid e-mail address or 10-digit mobile number.',
            'VALIDATION_ERROR',
          );
        }
        contact = mobile;
      }
      await countLoginAttempt(app.database, app.config, { contact, clientIp: request.ip });
      const user = contact.includes('@')
        ? await findUserByEmail(db(), contact)
        : await findUserByMobile(db(), contact);
      const matches = await verifyPassword(user?.passwordHash, password);
      if (!user || !matches) throw invalidCredentials();
      await clearLoginFailures(app.database, contact);
      return ok(await signIn(reply, { id: user.id, role: user.role }), 'You are signed in.');
    },
  );

  app.post(
    '/auth/sign-in',
    {
      schema: {
        tags,
        summary: 'Send a sign-in code to the mobile number (an e-mail address also works)',
        description:
          'The code goes by SMS and to the account e-mail. For a number without an account the ' +
          'answer looks the same but nothing is sent, so this call does not reveal who has an account.',
        body: signInBody,
        response: { 200: envelope(otpIssuedSchema), ...otpErrors },
      },
    },
    async (request) => {
      const { email = null, mobile = null } = request.body;
      if (!email && !mobile) throw contactRequired('Enter your mobile number.');
      const user = mobile
        ? await findUserByMobile(db(), mobile)
        : await findUserByEmail(db(), email!);
      const payload: OtpPayload = user
        ? { deliverTo: { email: user.email, sms: user.mobile }, userId: user.id }
        : {
            deliverTo: { email: null, sms: null },
            decoy: true,
            claimedChannels: { email: true, sms: true },
          };
      const issued = await issueOtp(deps(), {
        purpose: 'login',
        email: mobile ? null : email,
        mobile,
        payload,
        clientIp: request.ip,
      });
      return ok(issued, sentMessage(issued.channels));
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Send a password-reset code to the e-mail address and/or mobile number given',
        description:
          'For contacts without an account the answer looks the same but nothing is sent.',
        body: forgotPasswordBody,
        response: { 200: envelope(otpIssuedSchema), ...otpErrors },
      },
    },
    async (request) => {
      const { email = null, mobile = null } = request.body;
      if (!email && !mobile) throw contactRequired('Enter your e-mail address or mobile number.');
      const byEmail = email ? await findUserByEmail(db(), email) : undefined;
      const byMobile = mobile ? await findUserByMobile(db(), mobile) : undefined;
      // Both given: they must name the same account.
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
      const issued = await issueOtp(deps(), {
        purpose: 'password_reset',
        email,
        mobile,
        payload,
        clientIp: request.ip,
      });
      return ok(issued, sentMessage(issued.channels));
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a password-reset code; signs the user in',
        description: 'Every other session of the account is signed out.',
        body: resetPasswordBody,
        response: { 200: envelope(userWithAddressSchema), ...otpErrors },
      },
    },
    async (request, reply) => {
      const { email = null, mobile = null, otp, newPassword, requestId } = request.body;
      if (!email && !mobile)
        throw contactRequired('Enter the e-mail address or mobile number the code was sent to.');
      const otpRequest = await checkOtp(deps(), {
        purposes: ['password_reset'],
        email,
        mobile,
        requestId,
        otp,
      });
      const user = otpRequest.payload.userId
        ? await findUserById(db(), otpRequest.payload.userId)
        : undefined;
      if (!user) throw otpError('OTP_INVALID', 'Invalid OTP. Please try again.', 0);
      const problem = passwordRepeatsIdentity(newPassword, user);
      if (problem) {
        throw badRequest(problem, 'VALIDATION_ERROR', { errors: [`newPassword: ${problem}`] });
      }
      const passwordHash = await hashPassword(newPassword);
      await db().transaction(async (tx) => {
        await consumeOtp(tx, otpRequest.id);
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await revokeAllRefreshTokens(tx, user.id);
      });
      return ok(
        await signIn(reply, { id: user.id, role: user.role }),
        'Your password has been changed.',
      );
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: {
        tags,
        summary: 'Exchange the refresh cookie for new session cookies',
        description:
          'The only auth call that answers 401: no, unknown, expired or revoked refresh token. ' +
          'A rotated token used again after the grace window revokes its whole family.',
        body: optionalBody(anyObject),
        response: { 200: envelope(refreshedSchema), 401: errorBody },
      },
    },
    async (request, reply) => {
      const ended = () =>
        new AppError(401, 'SESSION_EXPIRED', 'Your session has ended. Please sign in again.');
      const token = request.cookies[REFRESH_COOKIE];
      if (!token) {
        clearSessionCookies(reply, app.config);
        throw ended();
      }
      const result = await rotateRefreshToken(db(), app.config, token);
      if (result.kind === 'refused') {
        if (result.reason === 'reused') {
          request.log.warn('a rotated refresh token was used again: its session family is revoked');
        }
        clearSessionCookies(reply, app.config);
        throw ended();
      }
      const { accessTokenExpiresAt } = issueSessionCookies(
        app,
        reply,
        result.user,
        result.refreshToken,
      );
      return ok({ accessTokenExpiresAt: accessTokenExpiresAt.toISOString() }, 'Session refreshed.');
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the refresh token family and clears the cookies',
        body: optionalBody(anyObject),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      if (token) await revokeFamilyOfToken(db(), token);
      clearSessionCookies(reply, app.config);
      return ok(null, 'You have been signed out.');
    },
  );
}
