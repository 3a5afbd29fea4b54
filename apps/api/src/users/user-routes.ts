import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/guards';
import { clearSessionCookies } from '../auth/session-cookies';
import { addresses, users } from '../db/schema';
import { AppError, badRequest } from '../http/app-error';
import { envelope, errorBody, ok, optionalBody } from '../http/envelope';
import { addressBody, profileUpdateBody, userWithAddressSchema } from './user-schemas';
import { findUserById, loadUserWithAddress } from './user-store';

const tags = ['profile'];
const errors = { 400: errorBody, 401: errorBody };
const security = [{ sessionCookie: [] }];

/** The signed-in user's profile and address. */
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

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
      const loaded = await loadUserWithAddress(db(), currentUser(request).id);
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
      const id = currentUser(request).id;
      const body = request.body ?? {};
      const user = await findUserById(db(), id);
      if (!user) throw gone();
      if (user.accountType !== 'Corporate' && (body.companyName || body.gstinNo)) {
        throw badRequest(
          'Company name and GSTIN belong to Corporate accounts only.',
          'VALIDATION_ERROR',
        );
      }
      const changes: Partial<typeof users.$inferInsert> = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.getWhatsappUpdate !== undefined) changes.getWhatsappUpdate = body.getWhatsappUpdate;
      if (body.companyName !== undefined) changes.companyName = body.companyName;
      if (body.gstinNo !== undefined) changes.gstinNo = body.gstinNo;
      if (Object.keys(changes).length > 0) {
        await db().update(users).set(changes).where(eq(users.id, id));
      }
      return ok((await loadUserWithAddress(db(), id))!, 'Your profile has been saved.');
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
      const id = currentUser(request).id;
      if (!(await findUserById(db(), id))) throw gone();
      const address = { ...request.body, line2: request.body.line2 ?? null };
      await db()
        .insert(addresses)
        .values({ userId: id, ...address })
        .onConflictDoUpdate({
          target: addresses.userId,
          set: { ...address, updatedAt: new Date() },
        });
      return ok((await loadUserWithAddress(db(), id))!, 'Your address has been saved.');
    },
  );
}
