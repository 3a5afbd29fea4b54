import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The X-Request-Id a client may give, in a shape safe to echo and log (nginx's $request_id,
 * a UUID, a tracing id): markup or thousands of characters are neither.
 */
const safeRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id (Fastify's genReqId): its X-Request-Id when safe, else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && safeRequestId.test(sent) ? sent : randomUUID();
}
