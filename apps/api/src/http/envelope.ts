import { z } from 'zod';

/** The success envelope of every API response. */
export function ok<T>(data: T, message?: string) {
  return message === undefined
    ? { success: true as const, data }
    : { success: true as const, message, data };
}

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

export const errorBody = z
  .object({ success: z.literal(false), message: z.string(), code: z.string() })
  .loose();

/**
 * A body that may be absent. Fastify hands a missing body to the validator as null, so an
 * optional body schema must accept null too.
 */
export const optionalBody = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => value ?? undefined);
