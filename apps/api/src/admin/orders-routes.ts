import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/auth-service';
import { envelope, errorBody, ok } from '../http/envelope';
import { consoleRoute, staffErrors } from './admin-schemas';
import { paged, pagedSchema, pageQuery } from '../http/paging';
import {
  manualPaymentBody,
  orderParams,
  orderStepBody,
  staffOrderListQuery,
  staffOrderSchema,
} from '../orders/order-schemas';
import { paymentOutcomeMessages } from '../orders/order-service';

/** The console's order calls: list, one order, payment confirmation, timeline steps. */
export async function adminOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { orders } = app.services;

  app.get(
    '/orders',
    {
      schema: {
        ...consoleRoute,
        summary: 'Orders for the support console, newest first',
        querystring: staffOrderListQuery.extend(pageQuery(25, 100)),
        response: {
          200: envelope(pagedSchema('orders', staffOrderSchema)),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, needsRefund, page, pageSize } = request.query;
      const { views, total } = await orders.listForStaff({ status, needsRefund }, page, pageSize);
      reply.header('cache-control', 'no-store');
      return ok(paged('orders', views, { total, page, pageSize }));
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        ...consoleRoute,
        summary: 'One order for the support console',
        params: orderParams,
        response: { 200: envelope(staffOrderSchema), 404: errorBody, ...staffErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await orders.getForStaff(request.params.id));
    },
  );

  app.post(
    '/orders/:id/payments',
    {
      schema: {
        ...consoleRoute,
        summary: 'Confirm a payment received by UPI or bank transfer, with its reference',
        description:
          'Idempotent: confirming an order already paid changes nothing. A payment for an order whose hold ended sells the numbers if they are still free; otherwise the order is cancelled and flagged needsRefund.',
        params: orderParams,
        body: manualPaymentBody,
        response: {
          200: envelope(staffOrderSchema),
          400: errorBody,
          404: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) => {
      const { outcome, order } = await orders.confirmManualPayment(
        request.params.id,
        request.body.reference,
        currentUser(request).id,
      );
      return ok(order, paymentOutcomeMessages[outcome]);
    },
  );

  app.post(
    '/orders/:id/events',
    {
      schema: {
        ...consoleRoute,
        summary: 'Move the porting timeline one step forward, or cancel / refund with a reason',
        description:
          'Steps: paid -> upc_sent -> porting_in_progress -> ported -> completed, one at a time (409 names the expected next step). cancelled (before completed) and refunded (once paid) need a reason in note. "paid" is recorded through POST /admin/orders/{id}/payments. The buyer gets an e-mail and an SMS.',
        params: orderParams,
        body: orderStepBody,
        response: {
          200: envelope(staffOrderSchema),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) => {
      const order = await orders.advance(request.params.id, {
        status: request.body.status,
        note: request.body.note,
        staffUserId: currentUser(request).id,
      });
      return ok(order, `Order ${order.reference}: ${order.statusLabel}.`);
    },
  );
}
