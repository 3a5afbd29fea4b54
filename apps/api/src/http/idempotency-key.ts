import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from './app-error';

/**
 * The optional Idempotency-Key header of a request that makes something (an enquiry, a reply,
 * an import): the client makes one per submission and sends it again with that submission's
 * retries, so a retry after a lost answer gets the first result instead of a second one.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'must be 8 to 100 letters, digits, - or _')
    .max(100, 'must be 8 to 100 letters, digits, - or _')
    .regex(/^[\w-]+$/, 'must be 8 to 100 letters, digits, - or _')
    .optional()
    .describe(
      'Optional, one per submission (a UUID): a repeat with the same key and body answers what the first answered and makes nothing new; the same key with another body is 422',
    ),
});

/** The fingerprint of a request's content, compared when its key comes again. */
export function requestHash(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** A key seen before with another request: the client reused it by mistake. */
export const keyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This request was already sent with other details under the same Idempotency-Key. Please reload the page and try again.',
  );
