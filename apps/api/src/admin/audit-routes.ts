import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditListQuery } from '../audit/audit-schemas';
import { envelope, errorBody, ok } from '../http/envelope';
import { paged, pagedSchema, pageQuery } from '../http/paging';
import { adminOnlyRoute, staffErrors } from './admin-schemas';

/** The audit log, for administrators: read only, newest first, filtered. */
export async function adminAuditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { audit, orders } = app.services;

  app.get(
    '/audit',
    {
      schema: {
        ...adminOnlyRoute,
        summary: 'The audit log (administrators): every change made in the console',
        description:
          'Newest first. Filter by the staff member (actorId), a number, an order (orderId or its orderReference), one changed thing (entityType + entityId), or actions (action: number.add,number.hide or number.). Entries are never edited. Further pages: give the first answer’s upTo, so that entries written meanwhile do not shift them (decision 0101).',
        querystring: auditListQuery.extend(pageQuery(50, 200)),
        response: {
          200: envelope(
            pagedSchema('entries', auditEntrySchema).extend({
              upTo: z
                .number()
                .int()
                .nullable()
                .describe(
                  'The newest entry these pages hold (the request’s upTo, else the newest now): give it as upTo with the next page',
                ),
            }),
          ),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { page, pageSize, orderReference, ...filter } = request.query;
      reply.header('cache-control', 'no-store');
      if (orderReference) {
        const orderId = await orders.idByReference(orderReference);
        if (!orderId || (filter.orderId && filter.orderId !== orderId)) {
          return ok({ ...paged('entries', [], { total: 0, page, pageSize }), upTo: null });
        }
        filter.orderId = orderId;
      }
      const { views, total, upTo } = await audit.list(filter, page, pageSize);
      return ok({ ...paged('entries', views, { total, page, pageSize }), upTo });
    },
  );
}
