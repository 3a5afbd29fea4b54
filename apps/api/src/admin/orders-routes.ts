import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/auth-service';
import { envelope, errorBody, ok } from '../http/envelope';
import { consoleRoute, staffErrors } from './admin-schemas';
import { paged, pagedSchema, pageQuery } from '../http/paging';
import {
  billingCorrectionBody,
  manualPaymentBody,
  numberRefundBody,
  orderNumberParams,
  orderParams,
  orderStepBody,
  portingStepBody,
  portingUndoBody,
  refundBody,
  refundParams,
  refundReferenceBody,
  staffOrderListQuery,
  staffOrderSchema,
  pdfBody,
  pdfDownload,
  rejectPaymentBody,
  screenshotBody,
  screenshotDownload,
  taxDocumentFileRoutes,
  taxDocumentRoutes,
  type StaffOrderView,
} from '../orders/order-schemas';

/** What a change of an order answers: the order as it now is, or why not. */
const orderChangeResponses = {
  200: envelope(staffOrderSchema),
  400: errorBody,
  404: errorBody,
  409: errorBody,
  ...staffErrors,
};

/** The order's item for this number (the route has just moved it, so it is there). */
const itemOf = (order: StaffOrderView, numberId: number) =>
  order.items.find((candidate) => candidate.numberId === numberId)!;

/**
 * The console's order calls: the list and its search, one order, payment confirmation, each
 * number's porting, steps of the whole order (cancel), refunds.
 */
export async function adminOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { orders, audit } = app.services;
  /** A staff member's look at one order's personal data, in the audit log (decision 0056). */
  const orderViewed = (
    request: FastifyRequest,
    action: 'order.view' | 'order.screenshot_view',
    orderId: string,
  ) =>
    audit.recordView({
      actorId: currentUser(request).id,
      action,
      entityType: 'order',
      entityId: orderId,
      orderId,
    });

  app.get(
    '/orders',
    {
      schema: {
        ...consoleRoute,
        summary:
          'Orders for the support console, newest first: filtered by status or overdue porting, searched',
        description:
          'A search (q) is recorded in the audit log (order.search, once per staff member and search text in 10 minutes); the list without one is not.',
        querystring: staffOrderListQuery.extend(pageQuery(25, 100)),
        response: {
          200: envelope(pagedSchema('orders', staffOrderSchema)),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, needsRefund, overdue, q, page, pageSize } = request.query;
      const { views, total } = await orders.listForStaff(
        { status, needsRefund, overdue, q },
        page,
        pageSize,
      );
      // A search finds buyers by name, e-mail or mobile: who looked for whom is recorded.
      if (q) {
        await audit.recordSearch({
          actorId: currentUser(request).id,
          action: 'order.search',
          q,
          filters: { status },
          found: total,
        });
      }
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
        description:
          'The view is recorded in the audit log (order.view, once per staff member and order in 10 minutes).',
        params: orderParams,
        response: { 200: envelope(staffOrderSchema), 404: errorBody, ...staffErrors },
      },
    },
    async (request, reply) => {
      const order = await orders.getForStaff(request.params.id);
      await orderViewed(request, 'order.view', order.id);
      reply.header('cache-control', 'no-store');
      return ok(order);
    },
  );

  app.post(
    '/orders/:id/payment-submission/reject',
    {
      schema: {
        ...consoleRoute,
        summary: 'Reject the UTR a buyer submitted, with the reason the buyer is sent',
        description:
          'To accept it, confirm the payment with that UTR (POST /admin/orders/{id}/payments). The hold then ends within PAYMENT_REJECTED_HOLD_MINUTES (the buyer is told when). 409 NO_PAYMENT_SUBMITTED when the order has none. Audited.',
        params: orderParams,
        body: rejectPaymentBody,
        response: {
          200: envelope(staffOrderSchema),
          404: errorBody,
          409: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) =>
      ok(
        await orders.rejectSubmittedPayment(
          request.params.id,
          currentUser(request).id,
          request.body.reason,
        ),
        'Payment rejected; the buyer has been told.',
      ),
  );

  app.get(
    '/orders/:id/payment-screenshot',
    {
      schema: {
        ...consoleRoute,
        summary: 'The screenshot the buyer attached to "I have paid" (image or PDF)',
        description:
          'The file as the buyer sent it (image/jpeg, image/png or application/pdf), shown inline; 404 when the order has none. The view is recorded in the audit log (once per staff member and order in 10 minutes).',
        params: orderParams,
        produces: ['image/jpeg', 'image/png', 'application/pdf'],
        response: { 200: screenshotBody, 404: errorBody, ...staffErrors },
      },
    },
    async (request, reply) => {
      const file = await orders.paymentScreenshot(request.params.id);
      await orderViewed(request, 'order.screenshot_view', request.params.id);
      return reply.headers(screenshotDownload(file)).send(file.data);
    },
  );

  for (const { kind, file, what } of taxDocumentRoutes) {
    app.get(
      `/orders/:id/${file}`,
      {
        schema: {
          ...consoleRoute,
          summary: `An order's ${what} as a PDF`,
          params: orderParams,
          produces: ['application/pdf'],
          response: { 200: pdfBody, 404: errorBody, ...staffErrors },
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await orders.taxDocumentForStaff(request.params.id, kind);
        return reply.headers(pdfDownload(fileName)).send(pdf);
      },
    );
  }

  for (const { kind, path, params, summary, description } of taxDocumentFileRoutes) {
    app.get(
      `/orders/:id/${path}/:file`,
      {
        schema: {
          ...consoleRoute,
          summary: `${summary} of an order, as a PDF`,
          description,
          params,
          produces: ['application/pdf'],
          response: { 200: pdfBody, 400: errorBody, 404: errorBody, ...staffErrors },
        },
      },
      async (request, reply) => {
        const { id, file } = request.params;
        const { fileName, pdf } = await orders.taxDocumentForStaff(id, kind, file);
        return reply.headers(pdfDownload(fileName)).send(pdf);
      },
    );
  }

  app.post(
    '/orders/:id/payments',
    {
      schema: {
        ...consoleRoute,
        summary: 'Confirm a payment received by UPI or bank transfer, with its reference',
        description:
          "Idempotent for the agent who confirmed it: the same reference again changes nothing (200, its message saying they confirmed it already and when). Another agent's confirmation, or another reference, for an order already paid is 409 PAYMENT_ALREADY_CONFIRMED naming who confirmed which payment and when (nothing recorded), unless extra is true: then a new reference is recorded as a further payment due back (the order needsRefund until it is refunded through POST /admin/orders/{id}/refunds; the buyer told), and a reference already recorded for this order still changes nothing. A payment for an order whose hold ended sells the numbers if they are still free; otherwise the order is cancelled and flagged needsRefund. A reference recorded for another order (compared trimmed, upper case, without spaces) is 409 PAYMENT_REFERENCE_USED with that order's reference (orderReference). The payment is recorded in payments, audited, the buyer told and staff alerted.",
        params: orderParams,
        body: manualPaymentBody,
        response: orderChangeResponses,
      },
    },
    async (request) => {
      const { message, order } = await orders.confirmManualPayment(
        request.params.id,
        request.body,
        currentUser(request).id,
      );
      return ok(order, message);
    },
  );

  app.post(
    '/orders/:id/events',
    {
      schema: {
        ...consoleRoute,
        summary:
          'A step of the whole order: every number one step forward, or cancel / refund with a reason',
        description:
          'The order is at its least advanced number\'s step: paid (UPC awaited) -> upc_sent -> porting_in_progress -> ported, then completed once every number is ported. A porting step here moves every number at the step before it (without recording UPC codes: use POST /admin/orders/{id}/numbers/{numberId}/porting for that), one step at a time (409 names the expected next step); moving the last numbers to ported completes the order at once (the answer\'s status is completed). completed itself is only a step for an order left at "ported" by an earlier version. cancelled (before completed) needs a reason in note: an unpaid order releases its hold, a paid one is flagged needsRefund. refunded (once paid) with a reason in note records a refund staff made themselves (as POST /admin/orders/{id}/refunds with method manual). "paid" is recorded through POST /admin/orders/{id}/payments. Audited; the buyer gets an e-mail, an SMS and, when opted in, a WhatsApp message.',
        params: orderParams,
        body: orderStepBody,
        response: orderChangeResponses,
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

  app.post(
    '/orders/:id/numbers/:numberId/porting',
    {
      schema: {
        ...consoleRoute,
        summary: "One number's porting step: its UPC sent, porting in progress, ported",
        description:
          "awaiting_upc -> upc_sent (with upcCode and upcExpiresOn) -> porting_in_progress -> ported, one step at a time, never back (409 names the next step; a step recorded by mistake is taken back with POST /admin/orders/{id}/numbers/{numberId}/porting/undo); at upc_sent a new UPC may replace one that expired, naming it in replaces (a UPC without replaces is the number's first: 409 UPC_ALREADY_SENT when one was sent meanwhile, naming it, who and when; 409 UPC_CHANGED when the UPC named is no longer the number's). A UPC recorded for another number of the order is refused (409 UPC_USED): each number has its own. The order must be paid and not cancelled, refunded or completed (409). The order follows its least advanced number and completes when every number is ported. Audited; the buyer gets the UPC and how to use it (e-mail, SMS, WhatsApp when opted in; a UPC after one the buyer was sent, replaced or taken back, is worded as its replacement, naming it), then each step (the last number's ported with the order's completion, in one message).",
        params: orderNumberParams,
        body: portingStepBody,
        response: orderChangeResponses,
      },
    },
    async (request) => {
      const { id, numberId } = request.params;
      const order = await orders.movePorting(id, numberId, {
        ...request.body,
        staffUserId: currentUser(request).id,
      });
      const item = itemOf(order, numberId);
      return ok(order, `${item.display}: ${item.porting.label}.`);
    },
  );

  app.post(
    '/orders/:id/numbers/:numberId/porting/undo',
    {
      schema: {
        ...consoleRoute,
        summary: "Take one number's last porting step back (one recorded by mistake)",
        description:
          "ported -> porting_in_progress -> upc_sent -> awaiting_upc (the UPC is cleared), one step per call, naming the step taken back (step: the number's status as the caller saw it; 409 STEP_CHANGED when it has moved since, so a repeated call takes back nothing more) and a reason on one line (400 without). Recorded in the number's porting history with the reason, which the buyer sees there, and audited (number.porting_undo). The buyer is sent no message, except when upc_sent is taken back: the buyer, who holds that UPC, is told not to use it (e-mail with the reason, SMS, WhatsApp when opted in), and the next UPC sent for the number is worded as its replacement. The order follows its least advanced number again: a completed order is reopened. 409 when the order is unpaid, cancelled or refunded.",
        params: orderNumberParams,
        body: portingUndoBody,
        response: orderChangeResponses,
      },
    },
    async (request) => {
      const { id, numberId } = request.params;
      const order = await orders.stepBackPorting(id, numberId, {
        ...request.body,
        staffUserId: currentUser(request).id,
      });
      const item = itemOf(order, numberId);
      return ok(order, `${item.display}: back at "${item.porting.label}".`);
    },
  );

  app.post(
    '/orders/:id/numbers/:numberId/refund',
    {
      schema: {
        ...consoleRoute,
        summary: 'Refund one number of a paid order (its porting failed), with a reason',
        description:
          "The number's share of what the buyer paid (the order's total split across its numbers by their prices, to the paisa) goes back from the payment that paid for the order: through Razorpay's refund API for a Razorpay payment (idempotent: asking again never refunds twice; 502 when Razorpay refuses or cannot be reached; a refund asked by another agent that may still be in flight is 409 REFUND_IN_PROGRESS naming who and when), unless method is manual (staff paid it back; the only way for a UPI or bank transfer; reference, optional, is that transfer's UTR / bank reference, quoted to the buyer). A credit note for that amount is issued against the invoice; the order then follows its other numbers and completes when they are all ported; the number's porting can no longer move, and it may be relisted while no UPC went out for it. 409 when the order is not paid or is cancelled, refunded or completed (INVALID_STEP), the number is ported (NUMBER_PORTED) or refunded already (ALREADY_REFUNDED naming who and when; the same agent's request with the same reason, method and reference is answered 200 with the order, its message saying they made it already and when), the payment is being refunded (REFUND_IN_PROGRESS), or it is the last number still carried on (LAST_NUMBER: refund the whole order with POST /admin/orders/{id}/refunds, which then pays back what is left). Audited (order.number_refund); the buyer gets an e-mail and an SMS.",
        params: orderNumberParams,
        body: numberRefundBody,
        response: { ...orderChangeResponses, 502: errorBody },
      },
    },
    async (request) => {
      const { id, numberId } = request.params;
      const { order, message } = await orders.refundNumber(id, numberId, {
        ...request.body,
        staffUserId: currentUser(request).id,
      });
      return ok(order, message);
    },
  );

  app.post(
    '/orders/:id/refunds',
    {
      schema: {
        ...consoleRoute,
        summary: 'Refund a payment of the order in full, with a reason',
        description:
          "By default the payment being refunded, else one due back (late, wrong amount, further, or of a cancelled order), else the one that paid for the order; for that one, what is left of it after the numbers refunded alone (POST /admin/orders/{id}/numbers/{numberId}/refund), 409 REFUND_IN_PROGRESS while one of those is still being made. A Razorpay payment is refunded through Razorpay's refund API (idempotent: asking again never refunds twice; 502 when Razorpay refuses or cannot be reached; a refund asked by another agent that may still be in flight is 409 REFUND_IN_PROGRESS naming who and when), unless method is manual (staff paid it back; reference, optional, is the UTR / bank reference of that transfer, quoted to the buyer; 400 REFERENCE_MANUAL_ONLY with a Razorpay refund). Refunding the payment that paid for the order, or any payment of a cancelled order, makes the order refunded; needsRefund stays while another payment is due back. 409 when it was refunded already (ALREADY_REFUNDED naming who and when; the same agent's request with the same reason, method and reference is answered 200 with the order, its message saying they made it already and when) or nothing was paid. Audited; the buyer is told.",
        params: orderParams,
        body: refundBody,
        response: { ...orderChangeResponses, 502: errorBody },
      },
    },
    async (request) => {
      const { order, message } = await orders.refund(request.params.id, {
        ...request.body,
        staffUserId: currentUser(request).id,
      });
      return ok(order, message);
    },
  );

  app.patch(
    '/orders/:id/refunds/:refundId',
    {
      schema: {
        ...consoleRoute,
        summary: 'Add the UTR / bank reference to a manual refund recorded without one',
        description:
          "Once: a refund that has a reference is 409 REFERENCE_SET (naming it); a Razorpay refund, which keeps Razorpay's refund id, is 409 NOT_MANUAL_REFUND; a refund not of this order 404. The reference is 6 to 30 letters or digits once its spaces are taken off, kept upper case without them (400 otherwise), as a payment's reference is compared. Recorded on the order's timeline and audited (order.refund_reference); the buyer is sent the reference by e-mail and SMS.",
        params: refundParams,
        body: refundReferenceBody,
        response: orderChangeResponses,
      },
    },
    async (request) => {
      const { id, refundId } = request.params;
      const order = await orders.addRefundReference(id, refundId, {
        reference: request.body.reference,
        staffUserId: currentUser(request).id,
      });
      return ok(
        order,
        `Order ${order.reference}: refund reference ${request.body.reference} added.`,
      );
    },
  );

  app.post(
    '/orders/:id/billing',
    {
      schema: {
        ...consoleRoute,
        summary:
          "Correct an order's billing details (name, address, a Corporate order's company and GSTIN)",
        description:
          "The fields and rules of checkout's billing, with a Corporate order's GSTIN (required for it; an Individual order has none: 400 ACCOUNT_TYPE_FIXED), the GSTIN's state confirmed when it is not the billing state (422 GSTIN_STATE_MISMATCH), and a reason (5-500 characters). The buyer type and the amounts never change (400 for any other field); the place of supply follows the billing, and the GST is split again for it (CGST + SGST or IGST), the total the same paise. Unpaid: the order's billing and place of supply change. Paid: its invoice is cancelled by a credit note for its full amount (kept as it was issued, still downloadable) and a new invoice issued under the next number, in one transaction. 409 CORRECT_BY_HAND once the order has a refund or is cancelled or refunded (one that never had an invoice: nothing to correct); 409 BILLING_CHANGED when the billing is not what expected says (another agent corrected it). On the timeline, audited (order.billing_correct: the fields changed, not their values, and the place of supply before and after when it changed); the buyer is e-mailed the corrected details, the new place of supply and GST split when they changed, and the new invoice with the credit note cancelling the old one.",
        params: orderParams,
        body: billingCorrectionBody,
        response: { ...orderChangeResponses, 422: errorBody },
      },
    },
    async (request) => {
      const order = await orders.correctBilling(request.params.id, {
        ...request.body,
        staffUserId: currentUser(request).id,
      });
      const { invoiceSerial, replacedInvoices } = order.taxDocuments;
      const replaced = replacedInvoices.at(-1);
      return ok(
        order,
        `Order ${order.reference}: billing details corrected${replaced ? `; invoice ${invoiceSerial} replaces ${replaced.serial}` : ''}.`,
      );
    },
  );
}
