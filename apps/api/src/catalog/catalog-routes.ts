import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../http/app-error';
import { envelope, errorBody, ok } from '../http/envelope';
import {
  numberItemSchema,
  numberListQuery,
  numberPageSchema,
  numberParams,
} from './catalog-schemas';

/** The number catalogue: listing with filters, and one number. */
export async function catalogRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalog } = app.services;

  api.get(
    '/numbers',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Available numbers, filtered, sorted and paged',
        querystring: numberListQuery,
        response: { 200: envelope(numberPageSchema), 400: errorBody },
      },
    },
    async (request) => ok(await catalog.list(request.query)),
  );

  api.get(
    '/numbers/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One available number',
        params: numberParams,
        response: { 200: envelope(numberItemSchema), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const item = await catalog.findAvailable(request.params.id);
      if (!item) throw notFound(`Number ${request.params.id} is not available.`);
      return ok(item);
    },
  );
}
