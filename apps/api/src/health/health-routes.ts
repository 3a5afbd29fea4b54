import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUp } from '../db/database';
import { envelope, errorBody } from '../http/envelope';

const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z
      .enum(['embedded', 'external'])
      .describe("PostgreSQL either way: the store's own server, or DATABASE_URL's"),
    up: z.boolean(),
  }),
  uptimeSeconds: z.number(),
});

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database are up',
        response: { 200: envelope(healthData), 503: errorBody.extend({ data: healthData }) },
      },
    },
    async (_request, reply) => {
      const up = await isDatabaseUp(app.database.db);
      const data = {
        status: up ? ('ok' as const) : ('degraded' as const),
        database: { kind: app.database.kind, up },
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
