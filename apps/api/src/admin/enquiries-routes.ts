import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  enquiryListQuery,
  enquiryParams,
  enquirySchema,
  enquiryStatusBody,
} from '../enquiries/enquiry-schemas';
import { envelope, errorBody, ok } from '../http/envelope';
import { consoleRoute, staffErrors } from './admin-schemas';
import { paged, pagedSchema, pageQuery } from '../http/paging';

/** The console's enquiry calls: the inbox, newest first, and moving one along. */
export async function adminEnquiryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { enquiries } = app.services;

  app.get(
    '/enquiries',
    {
      schema: {
        ...consoleRoute,
        summary: 'Enquiries and job applications, newest first',
        querystring: enquiryListQuery.extend(pageQuery(25, 100)),
        response: {
          200: envelope(pagedSchema('enquiries', enquirySchema)),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, topic, page, pageSize } = request.query;
      const { views, total } = await enquiries.list({ status, topic }, page, pageSize);
      reply.header('cache-control', 'no-store');
      return ok(paged('enquiries', views, { total, page, pageSize }));
    },
  );

  app.patch(
    '/enquiries/:id',
    {
      schema: {
        ...consoleRoute,
        summary: 'Mark an enquiry in progress or closed (or new again)',
        params: enquiryParams,
        body: enquiryStatusBody,
        response: { 200: envelope(enquirySchema), 400: errorBody, 404: errorBody, ...staffErrors },
      },
    },
    async (request) => {
      const view = await enquiries.setStatus(request.params.id, request.body.status);
      return ok(view, `Enquiry marked ${request.body.status.replace('_', ' ')}.`);
    },
  );
}
