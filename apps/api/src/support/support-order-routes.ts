import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireStaff } from '../auth/guards';
import { orderStatuses, orders, users } from '../db/schema';
import { envelope, errorBody, ok } from '../http/envelope';
import { paged, pagedSchema, pageQuery } from '../http/paging';
import { findOrder, orderParams, paidMessages } from '../orders/order-routes';
import { advanceOrder } from '../orders/order-steps';
import { statusLabels } from '../orders/order-timeline';
import { orderViews, staffOrderSchema, type StaffOrderView } from '../orders/order-view';
import { markPaid, type SalesDeps } from '../payments/mark-paid';
import type { OrderRow } from '../payments/payment-provider';

const tags = ['support'];
const security = [{ sessionCookie: [] }];
const staffErrors = { 401: errorBody, 403: errorBody, 404: errorBody };

/** Orders as the support console sees them: the buyer's view plus buyer, attribution, ids. */
async function staffViews(deps: SalesDeps, rows: readonly OrderRow[]): Promise<StaffOrderView[]> {
  if (rows.length === 0) return [];
  const views = await orderViews(deps, rows);
  const buyers = await deps.database.db
    .select({ id: users.id, name: users.name, email: users.email, mobile: users.mobile })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]));
  return rows.map((row, index) => {
    const buyer = buyers.find((b) => b.id === row.userId) ?? {
      id: row.userId,
      name: '',
      email: '',
      mobile: '',
    };
    return {
      ...views[index]!,
      buyer,
      attribution: (row.attribution as Record<string, unknown> | null) ?? null,
      providerOrderId: row.providerOrderId,
    };
  });
}

/** The support console's order calls: list, one order, payment confirmation, timeline steps. */
export async function supportOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): SalesDeps => ({
    config: app.config,
    database: app.database,
    notifier: app.notifier,
    log: app.log,
  });
  const oneView = async (order: OrderRow) => (await staffViews(deps(), [order]))[0]!;

  app.get(
    '/admin/orders',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        security,
        summary: 'Orders for the support console, newest first',
        querystring: z.object({
          status: z.enum(orderStatuses).optional(),
          needsRefund: z
            .enum(['true', 'false'])
            .transform((v) => v === 'true')
            .optional(),
          ...pageQuery(25, 100),
        }),
        response: {
          200: envelope(pagedSchema('orders', staffOrderSchema)),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, needsRefund, page, pageSize } = request.query;
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(orders.status, status));
      if (needsRefund !== undefined) conditions.push(eq(orders.needsRefund, needsRefund));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const db = app.database.db;
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total }] = (await db.select({ total: count() }).from(orders).where(where)) as [
        { total: number },
      ];
      reply.header('cache-control', 'no-store');
      return ok(paged('orders', await staffViews(deps(), rows), { total, page, pageSize }));
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        security,
        summary: 'One order for the support console',
        params: orderParams,
        response: { 200: envelope(staffOrderSchema), ...staffErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await oneView(await findOrder(deps(), request.params.id)));
    },
  );

  app.post(
    '/admin/orders/:id/payments',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        security,
        summary: 'Confirm a payment received by UPI or bank transfer, with its reference',
        description:
          'Idempotent: confirming an order already paid changes nothing. A payment for an order whose hold ended sells the numbers if they are still free; otherwise the order is cancelled and flagged needsRefund.',
        params: orderParams,
        body: z.object({
          reference: z
            .string()
            .trim()
            .min(3, 'must be the UPI or bank transfer reference')
            .max(100),
        }),
        response: { 200: envelope(staffOrderSchema), 400: errorBody, ...staffErrors },
      },
    },
    async (request) => {
      const order = await findOrder(deps(), request.params.id);
      const result = await markPaid(deps(), order.id, {
        provider: 'manual',
        reference: request.body.reference,
        staffUserId: currentUser(request).id,
      });
      return ok(await oneView(result.order), paidMessages[result.outcome]);
    },
  );

  app.post(
    '/admin/orders/:id/events',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        security,
        summary: 'Move the porting timeline one step forward, or cancel / refund with a reason',
        description:
          'Steps: paid -> upc_sent -> porting_in_progress -> ported -> completed, one at a time (409 names the expected next step). cancelled (before completed) and refunded (once paid) need a reason in note. "paid" is recorded through POST /admin/orders/{id}/payments. The buyer gets an e-mail and an SMS.',
        params: orderParams,
        body: z.object({
          status: z.enum(orderStatuses),
          note: z.string().trim().max(1000).optional(),
        }),
        response: {
          200: envelope(staffOrderSchema),
          400: errorBody,
          409: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) => {
      const order = await findOrder(deps(), request.params.id);
      const updated = await advanceOrder(deps(), order.id, {
        status: request.body.status,
        note: request.body.note,
        staffUserId: currentUser(request).id,
      });
      return ok(
        await oneView(updated),
        `Order ${updated.reference}: ${statusLabels[updated.status]}.`,
      );
    },
  );
}
