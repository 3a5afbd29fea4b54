import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../http/envelope';

const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  otp: z.string().nullable(),
  createdAt: z.string(),
});

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
        querystring: z.object({
          to: z.string().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: envelope(z.object({ messages: z.array(outboxMessage) })) },
      },
    },
    async (request, reply) => {
      const messages = await app.services.dev.outbox(request.query);
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { messages } };
    },
  );
}
