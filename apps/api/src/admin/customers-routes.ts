import { enquiryTopics, indiaDay } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema } from '../audit/audit-schemas';
import { currentUser } from '../auth/auth-service';
import { envelope, errorBody, ok } from '../http/envelope';
import { paged, pagedSchema, pageQuery } from '../http/paging';
import {
  accountClosedSchema,
  adminCloseAccountBody,
  adminCloseCustomerBody,
  customerParams,
  DATA_EXPORTS_PER_HOUR,
  dataExportSchema,
  staffCustomerDetailSchema,
  staffCustomerListQuery,
  staffCustomerSchema,
  staffDataExportQuery,
} from '../users/user-schemas';
import { adminOnlyRoute, consoleRoute, staffErrors } from './admin-schemas';

/** How many of a customer's enquiries and audit entries the customer view shows. */
const RECENT = 20;

/** The customer view: the account, what it sent us and what staff did with it. */
const customerPageSchema = staffCustomerDetailSchema.extend({
  enquiries: z
    .array(
      z.object({
        id: z.string(),
        reference: z.string(),
        topic: z.enum(enquiryTopics),
        state: z.enum(['open', 'answered']),
        createdAt: z.string(),
      }),
    )
    .describe(
      `Enquiries sent from the account's e-mail or mobile, newest first (at most ${RECENT}; none once closed)`,
    ),
  auditEntries: z
    .array(auditEntrySchema.omit({ before: true, after: true }))
    .describe(
      `The audit log's entries about the account, newest first (at most ${RECENT}); the whole entry is on the audit page`,
    ),
});

const closeResponses = {
  200: envelope(accountClosedSchema),
  400: errorBody,
  404: errorBody,
  409: errorBody,
  ...staffErrors,
};

/**
 * Buyers' accounts: the list and one account (support and administrators; each search and
 * view recorded, decision 0056); closing one and downloading its data on the buyer's request
 * (administrators only; decisions 0055, 0062).
 */
export async function adminCustomerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accountClosing, customers, enquiries, audit, dataExport } = app.services;

  app.get(
    '/customers',
    {
      schema: {
        ...consoleRoute,
        summary: "Buyers' accounts for the console, newest first: searched, by account type",
        description:
          'Staff accounts are not listed (they are on the Staff page); a closed account shows no personal data. A search (q) is recorded in the audit log (customer.search, once per staff member and search text in 10 minutes); a page of the list without one too (customer.list, once per member and page in 10 minutes).',
        querystring: staffCustomerListQuery.extend(pageQuery(25, 100)),
        response: {
          200: envelope(pagedSchema('customers', staffCustomerSchema)),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { accountType, q, page, pageSize } = request.query;
      const { views, total } = await customers.list({ accountType, q }, page, pageSize);
      const actorId = currentUser(request).id;
      if (q) {
        await audit.recordSearch({
          actorId,
          action: 'customer.search',
          q,
          filters: { accountType },
          found: total,
        });
      } else {
        // A page of every buyer's contacts is what a bulk copy reads: recorded too (decision 0066).
        await audit.recordView({
          actorId,
          action: 'customer.list',
          entityType: 'search',
          entityId: `${accountType ?? 'All'}, page ${page} (${pageSize} a page)`,
          after: { shown: views.length, total },
        });
      }
      reply.header('cache-control', 'no-store');
      return ok(paged('customers', views, { total, page, pageSize }));
    },
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        ...consoleRoute,
        summary: "One buyer's account: details, address, consents, orders, enquiries, audit",
        description:
          'The view is recorded in the audit log (customer.view, once per staff member and account in 10 minutes). A closed account shows its orders and audit entries only. 404 for no account or a staff account.',
        params: customerParams,
        response: {
          200: envelope(customerPageSchema),
          400: errorBody,
          404: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const customer = await customers.get(id);
      const { email, mobile } = customer;
      const [sent, history] = await Promise.all([
        email && mobile ? enquiries.list({ sender: { email, mobile } }, 1, RECENT) : { views: [] },
        audit.list({ entityType: 'user', entityId: id }, 1, RECENT),
      ]);
      await audit.recordView({
        actorId: currentUser(request).id,
        action: 'customer.view',
        entityType: 'user',
        entityId: id,
      });
      reply.header('cache-control', 'no-store');
      return ok({
        ...customer,
        enquiries: sent.views.map(({ id, reference, topic, state, createdAt }) => ({
          id,
          reference,
          topic,
          state,
          createdAt,
        })),
        auditEntries: history.views,
      });
    },
  );

  app.get(
    '/customers/:id/data-export',
    {
      schema: {
        ...adminOnlyRoute,
        summary: "Download a buyer's data for their request made by post, e-mail or phone",
        description:
          'DPDP Act 2023 s.11, for a buyer who asked without signing in: the same JSON file as ' +
          'GET /user/data-export, as an attachment `data-<customer id>-<date>.json`, never ' +
          'cached. The reason (the request it answers) is required and kept in the audit log ' +
          '(customer.data_export, no personal data). 404 for a closed account (its personal data ' +
          `was erased), a staff account or none. At most ${DATA_EXPORTS_PER_HOUR} an hour per ` +
          'staff member: 429 with Retry-After.',
        params: customerParams,
        querystring: staffDataExportQuery,
        response: {
          200: dataExportSchema,
          400: errorBody,
          404: errorBody,
          429: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const document = await dataExport.forBuyer(currentUser(request).id, id, request.query.reason);
      // The store's days are India's (decision 0012): the file is dated as the team dates a letter.
      const day = indiaDay(new Date(document.generatedAt));
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="data-${id}-${day}.json"`);
      return document;
    },
  );

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
        response: closeResponses,
      },
    },
    async (request) => {
      const { contact, reason } = request.body;
      const closed = await accountClosing.closeByContact(currentUser(request).id, contact, reason);
      return ok(closed, 'The account has been closed.');
    },
  );

  app.post(
    '/customers/:id/close',
    {
      schema: {
        ...adminOnlyRoute,
        summary: "Close the buyer's account opened in the console, on their request",
        description:
          'The same close as POST /admin/customers/close, for the account with this id. 404 ' +
          'when there is no open customer account with it (already closed, or never was); 409 ' +
          'ACCOUNT_HAS_OPEN_ORDERS while an order is open, 409 STAFF_ACCOUNT for a staff account.',
        params: customerParams,
        body: adminCloseCustomerBody,
        response: closeResponses,
      },
    },
    async (request) => {
      const closed = await accountClosing.closeById(
        currentUser(request).id,
        request.params.id,
        request.body.reason,
      );
      return ok(closed, 'The account has been closed.');
    },
  );
}
