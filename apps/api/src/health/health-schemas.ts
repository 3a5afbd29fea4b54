import { z } from 'zod';

export const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z
      .enum(['embedded', 'external'])
      .describe("PostgreSQL either way: the store's own server, or DATABASE_URL's"),
    up: z.boolean(),
  }),
  uptimeSeconds: z.number(),
});
