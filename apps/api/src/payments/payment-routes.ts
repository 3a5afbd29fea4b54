import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest, notFound } from '../http/app-error';
import { envelope, errorBody, ok } from '../http/envelope';
import { razorpayEventSchema, webhookAnswer } from './payment-schemas';

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
    const { orders, payments } = app.services;

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
        if (!payments.webhooksConfigured()) {
          throw notFound('Razorpay webhooks are not configured.');
        }
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-razorpay-signature'];
        if (
          !payments.verifyRazorpayWebhook(
            raw,
            typeof signature === 'string' ? signature : undefined,
          )
        ) {
          request.log.warn('Razorpay webhook with a bad signature');
          throw new AppError(400, 'INVALID_SIGNATURE', 'The webhook signature is not valid.');
        }
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest('The webhook body is not valid JSON.', 'INVALID_JSON');
        }
        const parsed = razorpayEventSchema.safeParse(body);
        if (!parsed.success) {
          throw badRequest(
            'The webhook body is not a Razorpay event (a JSON object).',
            'INVALID_EVENT',
          );
        }
        const event = parsed.data;
        const payment = event.payload?.payment?.entity;
        const razorpayOrder = event.payload?.order?.entity;
        const headerId = request.headers['x-razorpay-event-id'];
        const eventId =
          typeof headerId === 'string' && headerId.length > 0
            ? headerId
            : `${event.event ?? 'event'}:${payment?.id ?? razorpayOrder?.id ?? raw.length}`;

        const applied = await orders.applyRazorpayEvent(event, eventId, request.log);
        return ok({ received: true as const, ...applied });
      },
    );
  });
}
