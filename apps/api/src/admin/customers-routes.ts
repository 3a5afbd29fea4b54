import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/auth-service';
import { envelope, errorBody, ok } from '../http/envelope';
import { accountClosedSchema, adminCloseAccountBody } from '../users/user-schemas';
import { adminOnlyRoute, staffErrors } from './admin-schemas';

/** Buyers' accounts (administrators only): closing one on the buyer's request. */
export async function adminCustomerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accountClosing } = app.services;

  app.post(
    '/customers/close',
    {
      schema: {
        ...adminOnlyRoute,
        summary: "Close a buyer's account on their request, found by its e-mail or mobile",
        description:
          'Erases what closing from the profile erases and keeps the same (paid orders, their ' +
          'billing and tax documents); the reason is kept in the audit log, no personal data. ' +
          '404 when no customer account has the contact; 409 ACCOUNT_HAS_OPEN_ORDERS while an ' +
          'order is open, 409 STAFF_ACCOUNT for a staff account (disabled on the Staff page).',
        body: adminCloseAccountBody,
        response: {
          200: envelope(accountClosedSchema),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) => {
      const { contact, reason } = request.body;
      const closed = await accountClosing.closeByContact(currentUser(request).id, contact, reason);
      return ok(closed, 'The account has been closed.');
    },
  );
}
