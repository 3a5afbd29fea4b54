import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/auth-service';
import { envelope, errorBody, ok } from '../http/envelope';
import { paged, pagedSchema } from '../http/paging';
import {
  dismissedSchema,
  sendAgainSchema,
  undeliveredListQuery,
  undeliveredMessageSchema,
  undeliveredParams,
} from '../messages/message-schemas';
import { consoleRoute, staffErrors } from './admin-schemas';

const handledAlready =
  'A message sent again (and not given up since) or dismissed is no longer listed: 404 NOT_FOUND.';

/** The console's messages the store gave up on (decision 0087): the list, Send again, Dismiss. */
export async function adminMessageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { messages } = app.services;

  app.get(
    '/undelivered-messages',
    {
      schema: {
        ...consoleRoute,
        summary: 'Messages the store gave up sending, the latest given up first',
        description:
          'E-mails, SMS and WhatsApp messages the outbox stopped trying after its attempts, or ' +
          'at once on a refusal the provider called permanent. Each names the order it was about, ' +
          "and what it was about (an e-mail's subject, else its kind), never its text. Deleted " +
          'RETENTION_FAILED_MESSAGE_DAYS after they were given up.',
        querystring: undeliveredListQuery,
        response: {
          200: envelope(pagedSchema('messages', undeliveredMessageSchema)),
          400: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { messages: listed, total } = await messages.list(page, pageSize);
      reply.header('cache-control', 'no-store');
      return ok(paged('messages', listed, { total, page, pageSize }));
    },
  );

  app.post(
    '/undelivered-messages/:id/send-again',
    {
      schema: {
        ...consoleRoute,
        summary: 'Send a message the store gave up on again, now',
        description:
          "Its attempts start again and it is tried at once. A buyer's message about an order " +
          "goes to the account's e-mail or mobile as they are now: 409 ACCOUNT_CLOSED when the " +
          'account is closed, 409 WHATSAPP_STOPPED for a WhatsApp message when the buyer has ' +
          'stopped WhatsApp updates. The answer says how it went, naming the address when it was ' +
          'sent. Recorded in the audit log (message.send_again: the channel ' +
          `and whether the address changed, never the address or the text). ${handledAlready}`,
        params: undeliveredParams,
        response: {
          200: envelope(sendAgainSchema),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) => {
      const result = await messages.sendAgain(currentUser(request).id, request.params.id);
      const said = {
        sent: `Message sent to ${result.to}.`,
        waiting: 'Refused again: the store will keep trying.',
        failed: 'Refused again for good.',
      };
      return ok(result, said[result.status]);
    },
  );

  app.delete(
    '/undelivered-messages/:id',
    {
      schema: {
        ...consoleRoute,
        summary: 'Dismiss a message the store gave up on (support reached the buyer another way)',
        description: `The message is deleted. Recorded in the audit log (message.dismiss: the channel, never the address or the text). ${handledAlready}`,
        params: undeliveredParams,
        response: {
          200: envelope(dismissedSchema),
          400: errorBody,
          404: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) => {
      await messages.dismiss(currentUser(request).id, request.params.id);
      return ok({ id: request.params.id }, 'Message dismissed.');
    },
  );
}
