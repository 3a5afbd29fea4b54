import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorBody } from '../http/envelope';
import { healthData } from './health-schemas';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      // Load balancers and monitors ask often from one address: never limited (nor counted).
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database are up',
        response: { 200: envelope(healthData), 503: errorBody.extend({ data: healthData }) },
      },
    },
    async (_request, reply) => {
      const database = await app.services.health.database();
      const up = database.up;
      const data = {
        status: up ? ('ok' as const) : ('degraded' as const),
        database,
        uptimeSeconds: Math.round(process.uptime()),
      };
      if (up) return { success: true as const, data };
      return reply.status(503).send({
        success: false as const,
        message: 'The database is not reachable.',
        code: 'DATABASE_DOWN',
        data,
      });
    },
  );
}
