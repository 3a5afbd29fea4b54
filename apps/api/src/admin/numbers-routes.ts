import { indiaDay, plural } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/auth-service';
import {
  bulkPriceBody,
  bulkPricePreviewSchema,
  bulkPriceResultSchema,
  newNumberBody,
  numberParams,
  repriceBody,
  stockFilter,
  stockListQuery,
  statusChangeBody,
  stockNumberSchema,
} from '../catalog/catalog-schemas';
import { envelope, errorBody, ok, optionalBody } from '../http/envelope';
import { idempotencyHeaders } from '../http/idempotency-key';
import { paged, pagedSchema } from '../http/paging';
import { consoleRoute, csvBody, csvDownload, staffErrors } from './admin-schemas';

/** The console's inventory: the listing, a number's add, price and status, bulk prices, export. */
export async function adminNumberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { catalog } = app.services;

  app.get(
    '/numbers',
    {
      schema: {
        ...consoleRoute,
        summary: 'The inventory: every number whatever its status, filtered, sorted and paged',
        description:
          "The storefront listing's filters (q digits with match, category, offer, mask, mustContain, notContain, sum, mid, total, minPrice, maxPrice) plus status (available, held, sold, hidden, coming_soon). Prices in rupees; offerPrice is what the buyer pays when below the price.",
        querystring: stockListQuery,
        response: {
          200: envelope(pagedSchema('numbers', stockNumberSchema)),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { views, total } = await catalog.listStock(request.query);
      reply.header('cache-control', 'no-store');
      const { page, pageSize } = request.query;
      return ok(paged('numbers', views, { total, page, pageSize }));
    },
  );

  app.post(
    '/numbers',
    {
      schema: {
        ...consoleRoute,
        summary: 'Add a number (classified on save)',
        description:
          'The category and numerology come from the number. A number already in the store answers 409 with its status (existing: { id, status }).',
        body: newNumberBody,
        response: {
          201: envelope(stockNumberSchema),
          400: errorBody,
          409: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const added = await catalog.addNumber(request.body, currentUser(request).id);
      reply.status(201);
      return ok(added, `${added.display} added to the inventory.`);
    },
  );

  app.patch(
    '/numbers/:id',
    {
      schema: {
        ...consoleRoute,
        summary: "Change a number's price and offer price",
        description:
          'offerPrice null (or absent) ends an offer. A number held by an order or sold answers 409. With expected (the prices the agent saw), a number at other prices now answers 409 NUMBER_CHANGED naming them (current: the number as it is), and nothing changes; a number already at the new prices answers 200.',
        params: numberParams,
        body: repriceBody,
        response: {
          200: envelope(stockNumberSchema),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) =>
      ok(
        await catalog.repriceNumber(request.params.id, request.body, currentUser(request).id),
        'Price saved.',
      ),
  );

  const statusChanges = [
    {
      path: 'hide',
      status: 'hidden',
      summary: 'Hide a number from the storefront',
      done: 'hidden',
    },
    {
      path: 'unhide',
      status: 'available',
      summary: 'Put a hidden, coming-soon or relistable sold number on sale',
      done: 'on sale',
    },
    {
      path: 'coming-soon',
      status: 'coming_soon',
      summary: 'Mark a number coming soon: listed with Notify me, never held or sold',
      done: 'coming soon',
    },
  ] as const;
  for (const change of statusChanges) {
    app.post(
      `/numbers/:id/${change.path}`,
      {
        schema: {
          ...consoleRoute,
          summary: change.summary,
          description:
            'Held and sold numbers answer 409, but a sold number whose order was cancelled after payment or refunded before any UPC went out (relistable) may be relisted. Doing it twice changes nothing. With expected.status (the status the agent saw), a number whose status is another now answers 409 NUMBER_CHANGED naming it (current: the number as it is).',
          params: numberParams,
          body: optionalBody(statusChangeBody),
          response: {
            200: envelope(stockNumberSchema),
            400: errorBody,
            404: errorBody,
            409: errorBody,
            ...staffErrors,
          },
        },
      },
      async (request) => {
        const number = await catalog.setStatus(
          request.params.id,
          change.status,
          currentUser(request).id,
          request.body?.expected?.status,
        );
        return ok(number, `${number.display} is ${change.done}.`);
      },
    );
  }

  app.post(
    '/numbers/bulk-price/preview',
    {
      schema: {
        ...consoleRoute,
        summary: 'Preview a bulk price change: how many numbers change, and a sample',
        description:
          'set: every selected number at this price (offers end); raise / lower: the price and the offer price by a percent, rounded to whole rupees. Held and sold numbers never change (skipped).',
        body: bulkPriceBody.omit({ expectedCount: true, expectedFingerprint: true }),
        response: { 200: envelope(bulkPricePreviewSchema), 400: errorBody, ...staffErrors },
      },
    },
    async (request) => ok(await catalog.previewBulkPrice(request.body)),
  );

  app.post(
    '/numbers/bulk-price',
    {
      schema: {
        ...consoleRoute,
        summary: 'Apply a bulk price change to the selection, in one transaction',
        description:
          'As the preview. With expectedCount and expectedFingerprint (the preview\'s "changing" and "fingerprint"), a selection that moved since (a count or any price) answers 409 SELECTION_CHANGED and nothing changes. With an Idempotency-Key, a repeat of the same apply by the same staff member answers what the first answered and changes nothing more; the key with another body is 422. Records one audit entry for the change and one per number.',
        headers: idempotencyHeaders,
        body: bulkPriceBody,
        response: {
          200: envelope(bulkPriceResultSchema),
          400: errorBody,
          409: errorBody,
          422: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) => {
      const result = await catalog.applyBulkPrice(
        request.body,
        currentUser(request).id,
        request.headers['idempotency-key'],
      );
      return ok(
        result,
        `${result.changed} ${plural(result.changed, 'number', 'numbers')} repriced.`,
      );
    },
  );

  app.get(
    '/numbers/export.csv',
    {
      schema: {
        ...consoleRoute,
        summary: 'Export the (filtered) inventory as CSV',
        description:
          'Columns number, price, offer_price, status, category (a slug), in number order; the listing filters apply. Importing the file again changes nothing.',
        querystring: stockFilter,
        produces: ['text/csv'],
        response: {
          200: csvBody,
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .headers(csvDownload(`inventory-${indiaDay()}.csv`))
        .send(catalog.exportCsv(request.query)),
  );
}
