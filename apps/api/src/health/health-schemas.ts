import { z } from 'zod';

export const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), up: z.boolean() }),
  uptimeSeconds: z.number(),
});
