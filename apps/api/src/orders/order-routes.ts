import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { buffer } from 'node:stream/consumers';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderPlacedNote } from './order-messages';
import { currentUser, requireUser } from '../auth/auth-service';
import { clientAddress } from '../http/client-address';
import { multipartFile } from '../http/multipart-file';
import { SCREENSHOT_MAX_BYTES, screenshotTooLarge } from './payment-screenshot';
import { envelope, errorBody, ok } from '../http/envelope';
import { paged, pagedSchema } from '../http/paging';
import {
  buyerOrderListQuery,
  orderParams,
  orderSchema,
  paymentSubmissionBody,
  pdfBody,
  pdfDownload,
  razorpayCallbackBody,
  taxDocumentFileRoutes,
  taxDocumentRoutes,
} from './order-schemas';

const tags = ['orders'];
const security = [{ sessionCookie: [] }];

/** The buyer's own orders, and Razorpay's browser callback. */
export async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { orders } = app.services;
  // Multipart bodies for the payment screenshot only; the rest stays JSON.
  await app.register(multipart, { throwFileSizeLimit: false });

  app.get(
    '/orders',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: "The signed-in buyer's orders, newest first",
        querystring: buyerOrderListQuery,
        response: {
          200: envelope(pagedSchema('orders', orderSchema)),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { views, total } = await orders.listForBuyer(currentUser(request).id, page, pageSize);
      reply.header('cache-control', 'no-store');
      return ok(paged('orders', views, { total, page, pageSize }));
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
      const order = await orders.getForBuyer(currentUser(request).id, request.params.id);
      reply.header('cache-control', 'no-store');
      return ok(order);
    },
  );

  app.post(
    '/orders/:id/payment-submission',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: '"I have paid": submit the UTR of a UPI or bank payment for staff to verify',
        description:
          'The UTR must have the shape of one (12 digits for UPI or IMPS, 16 letters and digits for NEFT, 22 for RTGS): otherwise 400 INVALID_UTR. A UTR already recorded for another order is 409 PAYMENT_REFERENCE_USED; an order that is not awaiting a manual payment with a live hold is 409 ORDER_NOT_PAYABLE. The hold is extended (PAYMENT_SUBMITTED_HOLD_HOURS) for the first PAYMENT_SUBMISSIONS_EXTENDING_HOLD references, those staff sent back included, and staff are alerted. A closed account, also one closed while this ran, is 401.',
        params: orderParams,
        body: paymentSubmissionBody,
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
      const order = await orders.submitPayment(
        currentUser(request).id,
        request.params.id,
        request.body.utr,
      );
      return ok(order, 'Thank you: our team is verifying your payment and will write to you.');
    },
  );

  app.put(
    '/orders/:id/payment-submission/screenshot',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: '"I have paid", optionally: a screenshot of the payment, for staff to see',
        description:
          'multipart/form-data with the file in the field "file": a JPEG or PNG image or a PDF (told by its first bytes, not its name), at most 5 MB (413 FILE_TOO_LARGE; 415 UNSUPPORTED_FILE for another kind, 415 NOT_MULTIPART for another body). Only after the UTR was submitted and while staff have yet to verify it (409 NO_PAYMENT_SUBMITTED); it replaces the one before. Answers the order (payment.submitted.screenshot).',
        params: orderParams,
        response: {
          200: envelope(orderSchema),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request) => {
      const upload = await multipartFile(request, {
        field: 'file',
        what: 'the screenshot',
        maxBytes: SCREENSHOT_MAX_BYTES,
      });
      const data = await buffer(upload.stream);
      if (upload.truncated) throw screenshotTooLarge();
      const order = await orders.attachPaymentScreenshot(
        currentUser(request).id,
        request.params.id,
        data,
      );
      return ok(order, 'Your screenshot has been attached for our team to see.');
    },
  );

  app.post(
    '/orders/:id/retry',
    {
      preValidation: requireUser,
      schema: {
        tags,
        security,
        summary: 'Order the numbers of an order whose hold lapsed again, in one click',
        description:
          "For the buyer's own order whose hold ended before payment (canRetry): a new order for the same numbers, through checkout (hold limits and cool-down included: 409 HOLD_LIMIT, 429 HOLD_COOLDOWN, 429 HOLD_LIMIT_ADDRESS), billed as the lapsed order; the cart is left as it was. Answers the new order (201; 200 when it exists already). 409 NUMBERS_GONE with numbers[] when some number has been sold or is held by another buyer; 409 ORDER_NOT_RETRYABLE for any other order; 422 BILLING_ADDRESS_REQUIRED when the lapsed order named no address, the profile has none and the invoice must name one; 404 for someone else's. A closed account, also one closed while this ran, is 401 and nothing is held.",
        params: orderParams,
        response: {
          200: envelope(orderSchema),
          201: envelope(orderSchema),
          401: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { order, created } = await orders.retry(
        currentUser(request).id,
        request.params.id,
        clientAddress(request.ip),
      );
      reply.status(created ? 201 : 200);
      return ok(order, orderPlacedNote(order));
    },
  );

  for (const { kind, file, what } of taxDocumentRoutes) {
    app.get(
      `/orders/:id/${file}`,
      {
        preValidation: requireUser,
        schema: {
          tags,
          security,
          summary: `The ${what} of one of the buyer's orders, as a PDF`,
          description:
            'The tax invoice is issued when the order is paid (INV/yy-yy/nnnnnn, numbered per financial year), a credit note when that payment is refunded (CN/yy-yy/nnnnnn); 404 before that.',
          params: orderParams,
          produces: ['application/pdf'],
          response: { 200: pdfBody, 401: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await orders.taxDocumentForBuyer(
          currentUser(request).id,
          request.params.id,
          kind,
        );
        return reply.headers(pdfDownload(fileName)).send(pdf);
      },
    );
  }

  for (const { kind, path, params, summary, description } of taxDocumentFileRoutes) {
    app.get(
      `/orders/:id/${path}/:file`,
      {
        preValidation: requireUser,
        schema: {
          tags,
          security,
          summary: `${summary} of one of the buyer's orders, as a PDF`,
          description,
          params,
          produces: ['application/pdf'],
          response: { 200: pdfBody, 400: errorBody, 401: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await orders.taxDocumentForBuyer(
          currentUser(request).id,
          request.params.id,
          kind,
          request.params.file,
        );
        return reply.headers(pdfDownload(fileName)).send(pdf);
      },
    );
  }

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
        body: razorpayCallbackBody,
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
      const { message, order } = await orders.confirmRazorpayCallback(
        currentUser(request).id,
        request.params.id,
        request.body,
        request.log,
      );
      return ok(order, message);
    },
  );
}
