import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orders, webhookEvents } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/app-error';
import { envelope, errorBody, ok } from '../http/envelope';
import { markPaid, type SalesDeps } from './mark-paid';
import { verifyWebhookSignature } from './razorpay-signatures';

interface RazorpayEntity {
  id?: string;
  order_id?: string;
  amount?: number;
  status?: string;
}

interface RazorpayEvent {
  event?: string;
  payload?: {
    payment?: { entity?: RazorpayEntity };
    order?: { entity?: RazorpayEntity };
  };
}

/** Events that mean "this Razorpay order has been paid". */
const paymentEvents = new Set(['payment.captured', 'order.paid']);

const webhookAnswer = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('This event id was handled before: nothing changed'),
  handled: z
    .boolean()
    .describe(
      'The event was applied to an order: marked it paid (or found it paid), or flagged it for refund (wrong amount, a further payment)',
    ),
});

/**
 * POST /payments/razorpay/webhook. Razorpay proves itself by signature, not by Origin: the body
 * is read raw (a JSON parser scoped to this route keeps the bytes), X-Razorpay-Signature must be
 * its HMAC-SHA256 with RAZORPAY_WEBHOOK_SECRET, and the event id (X-Razorpay-Event-Id) is
 * recorded in webhook_events in the same transaction as the payment, so a repeated delivery
 * changes nothing. Any signed event is acknowledged with 200, so Razorpay stops retrying it.
 */
export async function paymentRoutes(fastify: FastifyInstance) {
  await fastify.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const deps = (): SalesDeps => ({
      config: app.config,
      database: app.database,
      notifier: app.notifier,
      log: app.log,
    });

    app.post(
      '/payments/razorpay/webhook',
      {
        // Razorpay proves itself by signature and retries what fails: no Origin, no rate limit.
        config: { skipOriginCheck: true, rateLimit: false },
        schema: {
          tags: ['payments'],
          summary: 'Razorpay webhook (payment.captured, order.paid)',
          description:
            'Verified with X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook secret) and de-duplicated by X-Razorpay-Event-Id. A bad signature is 400 and changes nothing. A payment whose amount is not the order total cancels an unpaid order and flags it needsRefund; a further payment for an order already paid flags it needsRefund.',
          response: { 200: envelope(webhookAnswer), 400: errorBody, 404: errorBody },
        },
      },
      async (request) => {
        const secret = app.config.RAZORPAY_WEBHOOK_SECRET;
        if (!secret) throw notFound('Razorpay webhooks are not configured.');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-razorpay-signature'];
        if (
          !verifyWebhookSignature(
            raw,
            typeof signature === 'string' ? signature : undefined,
            secret,
          )
        ) {
          request.log.warn('Razorpay webhook with a bad signature');
          throw new AppError(400, 'INVALID_SIGNATURE', 'The webhook signature is not valid.');
        }
        let event: RazorpayEvent;
        try {
          event = JSON.parse(raw.toString('utf8')) as RazorpayEvent;
        } catch {
          throw badRequest('The webhook body is not valid JSON.', 'INVALID_JSON');
        }
        const payment = event.payload?.payment?.entity;
        const razorpayOrder = event.payload?.order?.entity;
        const headerId = request.headers['x-razorpay-event-id'];
        const eventId =
          typeof headerId === 'string' && headerId.length > 0
            ? headerId
            : `${event.event ?? 'event'}:${payment?.id ?? razorpayOrder?.id ?? raw.length}`;

        const record = async () => {
          const fresh = await app.database.db
            .insert(webhookEvents)
            .values({ id: eventId, provider: 'razorpay' })
            .onConflictDoNothing()
            .returning({ id: webhookEvents.id });
          return { received: true as const, duplicate: fresh.length === 0, handled: false };
        };

        const providerOrderId = payment?.order_id ?? razorpayOrder?.id;
        if (!event.event || !paymentEvents.has(event.event) || !payment?.id || !providerOrderId) {
          return ok(await record());
        }
        const [order] = await app.database.db
          .select()
          .from(orders)
          .where(eq(orders.providerOrderId, providerOrderId));
        if (!order) {
          request.log.warn({ providerOrderId }, 'Razorpay webhook for an unknown order');
          return ok(await record());
        }
        // A wrong amount or a further payment for a paid order is kept track of, never just
        // logged: mark-paid flags the order for refund, in the transaction that records the event.
        const result = await markPaid(deps(), order.id, {
          provider: 'razorpay',
          reference: payment.id,
          webhookEventId: eventId,
          amount: typeof payment.amount === 'number' ? payment.amount : undefined,
        });
        return ok({
          received: true as const,
          duplicate: result.outcome === 'duplicate_event',
          handled: result.outcome !== 'duplicate_event',
        });
      },
    );
  });
}
