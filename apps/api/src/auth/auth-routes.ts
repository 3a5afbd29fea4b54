import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../http/app-error';
import { clientAddress } from '../http/client-address';
import { envelope, errorBody, ok, optionalBody } from '../http/envelope';
import { userWithAddressSchema } from '../users/user-schemas';
import type { SessionUser } from './access-token';
import { INVALID_CREDENTIALS_MESSAGE } from './auth-service';
import { currentUser, requireUser } from './guards';
import {
  forgotPasswordBody,
  loginBody,
  noBody,
  nothing,
  otpIssuedSchema,
  refreshedSchema,
  registerBody,
  resendOtpBody,
  resetPasswordBody,
  signInBody,
  verifyOtpBody,
} from './auth-schemas';
import type { OtpChannels } from './otp-types';
import {
  clearSessionCookies,
  KNOWN_DEVICE_COOKIE,
  REFRESH_COOKIE,
  setSessionCookies,
} from './session-cookies';

const tags = ['auth'];
const otpErrors = { 400: errorBody, 409: errorBody, 429: errorBody, 503: errorBody };

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
  const { auth } = app.services;

  /** The client address and the account this browser signed in to before (decision 0014). */
  const requester = (request: FastifyRequest) => ({
    clientIp: clientAddress(request.ip),
    deviceUserId: auth.knownDeviceUser(request.cookies[KNOWN_DEVICE_COOKIE]),
  });

  /** Sets the session cookies and answers the account. */
  async function signIn(reply: FastifyReply, user: SessionUser) {
    const { tokens, account } = await auth.signIn(user);
    setSessionCookies(reply, app.config, tokens);
    if (!account) throw invalidCredentials();
    return account;
  }

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary:
          'Start a registration: checks the details and sends a code by SMS and another by e-mail',
        description:
          'The account is created only when both codes are verified with POST /auth/verify-otp (otp: the SMS code, emailOtp: the e-mail code), so a registration proves both contacts.',
        body: registerBody,
        response: { 200: envelope(otpIssuedSchema), ...otpErrors },
      },
    },
    async (request) => {
      const issued = await auth.startRegistration(request.body, clientAddress(request.ip));
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
          'otp is the code sent by SMS (a sign-in sends the same code by e-mail); a registration ' +
          'also needs emailOtp, the code it sent by e-mail (400 OTP_EMAIL_CODE_REQUIRED without ' +
          'it). A wrong code answers 400 OTP_INVALID with remainingAttempts (and, for a ' +
          'registration, wrongCodes: sms and/or email); also OTP_EXPIRED, OTP_ATTEMPTS_EXCEEDED, ' +
          'OTP_NOT_FOUND.',
        body: verifyOtpBody,
        response: { 200: envelope(userWithAddressSchema), ...otpErrors },
      },
    },
    async (request, reply) => {
      const { email = null, mobile = null, otp, emailOtp, requestId } = request.body;
      if (!email && !mobile)
        throw contactRequired('Enter the e-mail address or mobile number the code was sent to.');
      const { user, created } = await auth.verifyCode({ email, mobile, otp, emailOtp, requestId });
      return ok(
        await signIn(reply, user),
        created ? 'Your account has been created.' : 'You are signed in.',
      );
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
      const issued = await auth.resendCode({ email, mobile, requestId, ...requester(request) });
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
          'Failed attempts are limited per e-mail or mobile and client address ' +
          '(LOGIN_FAILURES_PER_CONTACT_AND_IP), per e-mail or mobile from all addresses ' +
          '(LOGIN_FAILURES_PER_CONTACT; not for a browser that signed in to the account before) ' +
          'and per client address (LOGIN_FAILURES_PER_IP) in LOGIN_FAILURE_WINDOW_SECONDS: past ' +
          'a limit 429 LOGIN_FAILURE_LIMIT with Retry-After, before the password is checked. ' +
          "Unknown contacts count the same; a successful sign-in clears the contact's failures " +
          'from that address.',
        body: loginBody,
        response: { 200: envelope(userWithAddressSchema), 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const user = await auth.passwordLogin({
        contact: request.body.contact,
        password: request.body.password,
        ...requester(request),
      });
      return ok(await signIn(reply, user), 'You are signed in.');
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
      const issued = await auth.sendSignInCode({ email, mobile, ...requester(request) });
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
      const issued = await auth.sendPasswordResetCode({ email, mobile, ...requester(request) });
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
      const user = await auth.resetPassword({ email, mobile, otp, newPassword, requestId });
      return ok(await signIn(reply, user), 'Your password has been changed.');
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: {
        tags,
        summary: 'Exchange the refresh cookie for new session cookies',
        security: [{ refreshCookie: [] }],
        description:
          'The only auth call that answers 401: no, unknown, expired or revoked refresh token. ' +
          'A rotated token used again after the grace window revokes its whole family.',
        body: optionalBody(noBody),
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
      const result = await auth.refresh(token);
      if (result.kind === 'refused') {
        if (result.reason === 'reused') {
          request.log.warn('a rotated refresh token was used again: its session family is revoked');
        }
        clearSessionCookies(reply, app.config);
        throw ended();
      }
      setSessionCookies(reply, app.config, result.tokens);
      return ok(
        { accessTokenExpiresAt: result.tokens.accessTokenExpiresAt.toISOString() },
        'Session refreshed.',
      );
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the refresh token family and clears the cookies',
        description:
          'Clears the session cookies; the known-device cookie stays (decision 0014; sealed, it names no account: decision 0058).',
        security: [{}, { refreshCookie: [] }],
        body: optionalBody(noBody),
        response: { 200: envelope(nothing) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      if (token) await auth.logout(token);
      clearSessionCookies(reply, app.config);
      return ok(null, 'You have been signed out.');
    },
  );

  app.post(
    '/auth/logout-others',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Sign out on every other device: ends every other session of the account',
        description:
          'For a lost phone or a shared computer: every session of the account but this one ends at once (their access tokens are refused, their refresh tokens revoked); this one stays signed in (decision 0069).',
        security: [{ sessionCookie: [] }],
        body: optionalBody(noBody),
        response: { 200: envelope(nothing), 401: errorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await auth.logoutOthers(user.id, user.sessionId);
      return ok(null, 'You have been signed out on your other devices.');
    },
  );
}
