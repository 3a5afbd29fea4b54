import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth/guards';
import { orders } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../http/app-error';
import { envelope, errorBody, ok } from '../http/envelope';
import { paged, pagedSchema, pageQuery } from '../http/paging';
import { markPaid, type MarkPaidOutcome, type SalesDeps } from '../payments/mark-paid';
import type { OrderRow } from '../payments/payment-provider';
import { verifyCheckoutSignature } from '../payments/razorpay-signatures';
import { orderSchema, orderView, orderViews } from './order-view';

const tags = ['orders'];
const security = [{ sessionCookie: [] }];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ORDER_NOT_FOUND = 'Order not found.';

export const orderParams = z.object({ id: z.string().max(100) });

/** The order with this id, or a 404 (also for an id that is not a uuid). */
export async function findOrder(deps: SalesDeps, id: string): Promise<OrderRow> {
  if (!UUID.test(id)) throw notFound(ORDER_NOT_FOUND);
  const [order] = await deps.database.db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export const paidMessages: Record<MarkPaidOutcome, string> = {
  paid: 'Payment received. Thank you!',
  already_paid: 'This order has already been paid.',
  duplicate_event: 'This payment has already been recorded.',
  refund_due:
    'The payment arrived after the hold ended and a number had been sold meanwhile: the order is cancelled and will be refunded in full.',
  extra_payment:
    'This order had already been paid: this further payment will be refunded in full. Your order goes on as before.',
};

/** The buyer's own orders, and Razorpay's browser callback. */
export async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): SalesDeps => ({
    config: app.config,
    database: app.database,
    notifier: app.notifier,
    log: app.log,
  });

  async function ownOrder(userId: string, id: string): Promise<OrderRow> {
    const order = await findOrder(deps(), id);
    // Someone else's order is "not found", never "forbidden": ids are not confirmed to exist.
    if (order.userId !== userId) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  app.get(
    '/orders',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: "The signed-in buyer's orders, newest first",
        querystring: z.object(pageQuery(20, 50)),
        response: {
          200: envelope(pagedSchema('orders', orderSchema)),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { page, pageSize } = request.query;
      const db = app.database.db;
      const [rows, [{ total }]] = (await Promise.all([
        db
          .select()
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
      ])) as [OrderRow[], [{ total: number }]];
      reply.header('cache-control', 'no-store');
      return ok(paged('orders', await orderViews(deps(), rows), { total, page, pageSize }));
    },
  );

  app.get(
    '/orders/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: "One of the buyer's orders: items, amounts, payment, hold and timeline",
        description:
          'For an order awaiting payment through Razorpay whose Razorpay order could not be created at checkout, this call creates it (payment.razorpay).',
        params: orderParams,
        response: { 200: envelope(orderSchema), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const order = await ownOrder(currentUser(request).id, request.params.id);
      reply.header('cache-control', 'no-store');
      return ok(await orderView(deps(), order, { createPayment: true }));
    },
  );

  app.post(
    '/orders/:id/payments/razorpay/verify',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: "Razorpay checkout's callback: verify the signature and mark the order paid",
        description:
          'razorpay_signature must be the HMAC-SHA256 of "razorpay_order_id|razorpay_payment_id" with the key secret; a forged one is 400. Idempotent: the webhook may have marked the order paid already.',
        params: orderParams,
        body: z.object({
          razorpay_order_id: z.string().min(1).max(100),
          razorpay_payment_id: z.string().min(1).max(100),
          razorpay_signature: z.string().min(1).max(200),
        }),
        response: {
          200: envelope(orderSchema),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const order = await ownOrder(currentUser(request).id, request.params.id);
      const secret = app.config.RAZORPAY_KEY_SECRET;
      if (order.paymentProvider !== 'razorpay' || !secret) {
        throw conflict('This order is not paid through Razorpay.', 'WRONG_PAYMENT_PROVIDER');
      }
      const body = request.body;
      if (!order.providerOrderId || body.razorpay_order_id !== order.providerOrderId) {
        throw badRequest('This payment does not belong to this order.', 'PAYMENT_ORDER_MISMATCH');
      }
      const genuine = verifyCheckoutSignature(
        {
          orderId: body.razorpay_order_id,
          paymentId: body.razorpay_payment_id,
          signature: body.razorpay_signature,
        },
        secret,
      );
      if (!genuine) {
        request.log.warn({ orderId: order.id }, 'forged Razorpay checkout signature');
        throw new AppError(400, 'INVALID_SIGNATURE', 'The payment signature is not valid.');
      }
      const result = await markPaid(deps(), order.id, {
        provider: 'razorpay',
        reference: body.razorpay_payment_id,
      });
      return ok(await orderView(deps(), result.order), paidMessages[result.outcome]);
    },
  );
}
