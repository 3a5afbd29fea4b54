import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../http/envelope';
import { outboxQuery, outboxSchema } from './dev-schemas';

/**
 * Outside production only (never registered when NODE_ENV=production): every e-mail and SMS
 * the server sent, newest first, so developers and end-to-end tests can read codes.
 */
export async function devOutboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages sent, newest first (development and test only)',
        querystring: outboxQuery,
        response: { 200: envelope(outboxSchema) },
      },
    },
    async (request, reply) => {
      const messages = await app.services.dev.outbox(request.query);
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { messages } };
    },
  );
}
