import { indiaDay } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactChangeBody, contactChangeVerifyBody, otpIssuedSchema } from '../auth/auth-schemas';
import { clearSessionCookies, currentUser, requireUser } from '../auth/auth-service';
import { accountGone } from '../http/app-error';
import { clientAddress } from '../http/client-address';
import { envelope, errorBody, ok, optionalBody } from '../http/envelope';
import { DATA_EXPORTS_PER_HOUR, dataExportSchema } from './data-export-schema';
import {
  accountClosedSchema,
  addressBody,
  closeAccountBody,
  profileUpdateBody,
  userWithAddressSchema,
} from './user-schemas';

const tags = ['profile'];
const errors = { 400: errorBody, 401: errorBody };
const security = [{ sessionCookie: [] }];

/** The signed-in user's profile and address. */
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users, auth, accountClosing, dataExport } = app.services;

  app.get(
    '/user/profile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The signed-in user and their address (null until one is saved)',
        response: { 200: envelope(userWithAddressSchema), 401: errorBody },
      },
    },
    async (request, reply) => {
      const loaded = await users.profile(currentUser(request).id);
      if (!loaded) {
        clearSessionCookies(reply, app.config);
        throw accountGone();
      }
      reply.header('cache-control', 'no-store');
      return ok(loaded);
    },
  );

  app.patch(
    '/user/profile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Change the name, WhatsApp updates, and for Corporate the company name and GSTIN',
        description:
          'E-mail, mobile, account type and role cannot be changed here. Empty strings leave a field unchanged.',
        body: optionalBody(profileUpdateBody),
        response: { 200: envelope(userWithAddressSchema), ...errors },
      },
    },
    async (request) => {
      const saved = await users.updateProfile(currentUser(request).id, request.body ?? {});
      if (!saved) throw accountGone();
      return ok(saved, 'Your profile has been saved.');
    },
  );

  app.put(
    '/user/address',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Save the address: two lines, city, state or union territory, PIN code',
        body: addressBody,
        response: { 200: envelope(userWithAddressSchema), ...errors },
      },
    },
    async (request) => {
      const saved = await users.saveAddress(currentUser(request).id, request.body);
      if (!saved) throw accountGone();
      return ok(saved, 'Your address has been saved.');
    },
  );

  app.post(
    '/user/contact-change',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Send a code to a new e-mail address or mobile number of the account',
        description:
          'Give one of email or mobile: the code goes only to that new contact, with the limits, ' +
          'cooldown and messages of every code. 409 EMAIL_TAKEN or MOBILE_TAKEN when another ' +
          'account holds it (counted as a code sent, as at registration); 429 past the limits.',
        body: contactChangeBody,
        response: {
          200: envelope(otpIssuedSchema),
          ...errors,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      const { email, mobile } = request.body;
      const issued = await auth.startContactChange(
        currentUser(request).id,
        email ? { email } : { mobile: mobile! },
        clientAddress(request.ip),
      );
      return ok(
        issued,
        `We have sent a verification code to your new ${email ? 'e-mail address' : 'mobile number'}.`,
      );
    },
  );

  app.post(
    '/user/contact-change/verify',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Verify the code sent to the new contact: it becomes the account's",
        description:
          'Sign-in codes and messages go to the new contact from now on, those about earlier ' +
          'orders too (decision 0064); their invoices keep the billing details they were ' +
          'placed with. The contact it replaces is told (an ' +
          'e-mail to the account address before the change, an SMS to a replaced mobile), with ' +
          'the new contact masked and no code. The codes sent before to the account or to the ' +
          'contacts it had are void, and every other session of the account is signed out ' +
          '(this one stays signed in). A wrong code answers 400 OTP_INVALID with ' +
          'remainingAttempts; also OTP_EXPIRED, OTP_ATTEMPTS_EXCEEDED, OTP_NOT_FOUND. 409 when ' +
          'another account took the contact meanwhile.',
        body: contactChangeVerifyBody,
        response: { 200: envelope(userWithAddressSchema), ...errors, 409: errorBody },
      },
    },
    async (request) => {
      const { email = null, mobile = null, otp, requestId } = request.body;
      const saved = await auth.confirmContactChange(currentUser(request), {
        email,
        mobile,
        otp,
        requestId,
      });
      if (!saved) throw accountGone();
      return ok(
        saved,
        `Your ${email ? 'e-mail address' : 'mobile number'} has been changed. You have been signed out on your other devices.`,
      );
    },
  );

  app.get(
    '/user/data-export',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Download my data: everything the store holds about the account, as a JSON file',
        description:
          'DPDP Act 2023 s.11. The JSON document itself (not in an envelope), as an attachment ' +
          '`my-data-<date>.json`, never cached. Its `about` field says what each section is. ' +
          'Holds the profile, address, consent records, orders with payments, refunds, invoice ' +
          'and credit note numbers and porting, enquiries sent with both of the account’s ' +
          'contacts, favourites, saved searches, alert e-mails, Notify me requests, the cart and ' +
          'the signed-in sessions; never a password hash, token or code. Recorded in the audit ' +
          `log. At most ${DATA_EXPORTS_PER_HOUR} an hour per account: 429 with Retry-After.`,
        response: { 200: dataExportSchema, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const document = await dataExport.own(currentUser(request).id);
      // The store's days are India's (decision 0012): the file is dated as the team dates a letter.
      const day = indiaDay(new Date(document.generatedAt));
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`);
      return document;
    },
  );

  app.post(
    '/user/close',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Close the account: erases its personal data and signs out every session',
        description:
          'Confirmed by the session and the word CLOSE typed by the buyer. Erases the name, ' +
          'contacts, password, address, WhatsApp choice, favourites, saved searches, alerts and ' +
          'the billing of unpaid orders; keeps paid orders with their billing and their tax ' +
          'invoices and credit notes (GST law, about 8 years). The contacts may register again. ' +
          '409 ACCOUNT_HAS_OPEN_ORDERS while an order is awaiting payment, paid with porting ' +
          'not complete, or owed a refund.',
        body: closeAccountBody,
        response: { 200: envelope(accountClosedSchema), ...errors, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const closed = await accountClosing.closeOwn(currentUser(request).id);
      clearSessionCookies(reply, app.config, { forgetDevice: true });
      return ok(closed, 'Your account has been closed.');
    },
  );
}
