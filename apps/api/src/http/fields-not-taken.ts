import { z } from 'zod';

/**
 * The top-level fields of a body that its schema would drop without a word (a plain `z.object`
 * strips unknown keys). Named beside a refusal, so a misspelt field is not reported only as the
 * field it stood for being missing (QA 33 F4). Strict and passthrough schemas are left alone: the
 * first names them itself, the second takes them.
 */
export function fieldsNotTaken(schema: unknown, body: unknown): string[] {
  const object = strippingObject(schema);
  if (!object || body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.keys(body).filter((key) => !Object.hasOwn(object.shape, key));
}

function strippingObject(schema: unknown): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema._zod.def.catchall ? undefined : schema;
  if (schema instanceof z.ZodPipe) return strippingObject(schema.in);
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  ) {
    return strippingObject(schema.unwrap());
  }
  return undefined;
}
