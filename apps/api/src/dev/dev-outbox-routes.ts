import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isLoopbackHost } from '../config/config';
import { forbidden } from '../http/app-error';
import { envelope, errorBody } from '../http/envelope';
import { outboxQuery, outboxSchema } from './dev-schemas';

/** Headers a proxy adds: a request carrying one was sent on from another machine. */
const forwardedHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the request came straight from this machine: a loopback peer (the socket's, whatever
 * TRUST_PROXY believes) and no proxy's forwarding header (nginx on the same machine connects
 * from 127.0.0.1 on behalf of anyone).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopbackHost(request.socket.remoteAddress ?? '')) return false;
  return forwardedHeaders.every((name) => request.headers[name] === undefined);
}

/**
 * Outside production only (never registered when NODE_ENV=production): every e-mail and SMS
 * the server sent, newest first, so developers and end-to-end tests can read codes. Answered
 * only to a client on this machine (403 to any other: decision 0056).
 */
export async function devOutboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages sent, newest first (development and test only)',
        description:
          'Answered only to a client on the same machine (a loopback address, not through a proxy); 403 FORBIDDEN to any other.',
        querystring: outboxQuery,
        response: { 200: envelope(outboxSchema), 403: errorBody },
      },
    },
    async (request, reply) => {
      if (!fromThisMachine(request)) {
        throw forbidden(
          'The dev outbox answers only requests from this machine (loopback, not through a proxy).',
        );
      }
      const messages = await app.services.dev.outbox(request.query);
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { messages } };
    },
  );
}
