import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/auth-service';
import {
  enquiryDetailSchema,
  enquiryListQuery,
  enquiryParams,
  enquiryReplyBody,
  enquirySchema,
  enquiryUpdateBody,
} from '../enquiries/enquiry-schemas';
import { envelope, errorBody, ok } from '../http/envelope';
import { idempotencyHeaders } from '../http/idempotency-key';
import { consoleRoute, staffErrors } from './admin-schemas';
import { paged, pagedSchema, pageQuery } from '../http/paging';

const statusNames = { new: 'new', in_progress: 'in progress', closed: 'answered' } as const;

/** The console's enquiry calls: the inbox, one enquiry, its status and note, replies. */
export async function adminEnquiryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { enquiries, audit } = app.services;

  app.get(
    '/enquiries',
    {
      schema: {
        ...consoleRoute,
        summary: 'Enquiries and job applications, newest first',
        querystring: enquiryListQuery.extend(pageQuery(25, 100)),
        response: {
          200: envelope(pagedSchema('enquiries', enquirySchema)),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { page, pageSize, ...filter } = request.query;
      const { views, total } = await enquiries.list(filter, page, pageSize);
      reply.header('cache-control', 'no-store');
      return ok(paged('enquiries', views, { total, page, pageSize }));
    },
  );

  app.get(
    '/enquiries/:id',
    {
      schema: {
        ...consoleRoute,
        summary: 'One enquiry with the replies sent to it',
        description:
          'The view is recorded in the audit log (enquiry.view, once per staff member and enquiry in 10 minutes).',
        params: enquiryParams,
        response: {
          200: envelope(enquiryDetailSchema),
          400: errorBody,
          404: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const enquiry = await enquiries.get(request.params.id);
      await audit.recordView({
        actorId: currentUser(request).id,
        action: 'enquiry.view',
        entityType: 'enquiry',
        entityId: request.params.id,
      });
      reply.header('cache-control', 'no-store');
      return ok(enquiry);
    },
  );

  app.patch(
    '/enquiries/:id',
    {
      schema: {
        ...consoleRoute,
        summary: 'Move an enquiry along (new, in progress, closed = answered) and/or note on it',
        description:
          "Each change is recorded in the audit log. With noteSeen (the note the caller's page showed), a note another agent saved since is not overwritten: 409 NOTE_CHANGED with the current note, who saved it and when (note: { text, by, at }), and nothing is changed.",
        params: enquiryParams,
        body: enquiryUpdateBody,
        response: {
          200: envelope(enquirySchema),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) => {
      const { status } = request.body;
      const view = await enquiries.update(currentUser(request).id, request.params.id, request.body);
      return ok(view, status ? `Enquiry marked ${statusNames[status]}.` : 'Note saved.');
    },
  );

  app.post(
    '/enquiries/:id/replies',
    {
      schema: {
        ...consoleRoute,
        summary: "Reply to an enquiry by e-mail (to the enquirer's address); marks it answered",
        description:
          'The reply is sent first and recorded (who, when, what) only once sent: 502 when the ' +
          'mail server refused it, 503 when the store has no mail server. With an ' +
          'Idempotency-Key, a repeat of the same reply to the same enquiry sends nothing and ' +
          'answers the enquiry with that reply (201); the key with another reply is 422. With ' +
          "repliesSeen (how many replies the caller's page showed), a reply another agent sent " +
          'since means nothing is sent: 409 ALREADY_REPLIED naming it, with the replies not seen ' +
          '(replies). With statusSeen (the status the page showed), an enquiry another agent has ' +
          'marked answered since means nothing is sent: 409 ALREADY_ANSWERED naming who and when ' +
          '(answered). sendAnyway: true sends it all the same.',
        headers: idempotencyHeaders,
        params: enquiryParams,
        body: enquiryReplyBody,
        response: {
          201: envelope(enquiryDetailSchema),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
          502: errorBody,
          503: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const view = await enquiries.reply(
        currentUser(request).id,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      reply.status(201);
      return ok(view, `Reply sent to ${view.email}.`);
    },
  );
}
