import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../http/app-error';
import { envelope, errorBody, ok } from '../http/envelope';
import { fastSerializerCompiler } from '../http/fast-serializer';
import {
  categoryCountsSchema,
  digitsParams,
  numberDetailSchema,
  numberItemSchema,
  numberListQuery,
  numberPageSchema,
  numberParams,
  packPageSchema,
  packsQuery,
  similarNumbersSchema,
  similarQuery,
} from './catalog-schemas';

/** The number catalogue: listing with filters, one number, its page's data, category counts. */
export async function catalogRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalog } = app.services;

  api.get(
    '/numbers',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Available numbers, filtered, sorted and paged; or found from plain words',
        querystring: numberListQuery,
        response: { 200: envelope(numberPageSchema), 400: errorBody },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => ok(await catalog.list(request.query)),
  );

  api.get(
    '/packs',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Family packs: available numbers sharing their last six digits, or consecutive',
        description:
          'Packs of 2 to 10 numbers with their price together, in order of the shared digits or the first number; POST /cart/add-pack adds one.',
        querystring: packsQuery,
        response: { 200: envelope(packPageSchema), 400: errorBody },
      },
    },
    async (request) => ok(await catalog.packs(request.query)),
  );

  api.get(
    '/numbers/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'How many available numbers each category lists, All first',
        response: { 200: envelope(categoryCountsSchema) },
      },
    },
    async () => ok({ categories: await catalog.categoryCounts() }),
  );

  api.get(
    '/numbers/by-number/:digits',
    {
      schema: {
        tags: ['catalog'],
        summary: "A number's page data by its 10 digits, whatever its status",
        description:
          'The card data with the status (available, reserved, sold, hidden), every category ' +
          'the number fits and the saving. 404 for a number the store never had.',
        params: digitsParams,
        response: { 200: envelope(numberDetailSchema), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const detail = await catalog.findByDigits(request.params.digits);
      if (!detail) throw notFound(`We do not have the number ${request.params.digits}.`);
      return ok(detail);
    },
  );

  api.get(
    '/numbers/by-number/:digits/similar',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Available numbers like these digits',
        description:
          'Its category with the same last four digits, then the same last two, then the same ' +
          'total; the nearest price first. The digits need not be in the store.',
        params: digitsParams,
        querystring: similarQuery,
        response: { 200: envelope(similarNumbersSchema), 400: errorBody },
      },
    },
    async (request) =>
      ok({ items: await catalog.similar(request.params.digits, request.query.limit) }),
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
