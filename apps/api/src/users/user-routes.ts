import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookies, currentUser, requireUser } from '../auth/auth-service';
import { AppError } from '../http/app-error';
import { envelope, errorBody, ok, optionalBody } from '../http/envelope';
import { addressBody, profileUpdateBody, userWithAddressSchema } from './user-schemas';

const tags = ['profile'];
const errors = { 400: errorBody, 401: errorBody };
const security = [{ sessionCookie: [] }];

/** The signed-in user's profile and address. */
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users } = app.services;

  const gone = () =>
    new AppError(401, 'UNAUTHORIZED', 'Your account could not be found. Please sign in again.');

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
        throw gone();
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
      if (!saved) throw gone();
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
      if (!saved) throw gone();
      return ok(saved, 'Your address has been saved.');
    },
  );
}
