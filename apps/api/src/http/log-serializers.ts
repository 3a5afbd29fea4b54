import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * The `err` of a log line. A failed query's error carries the values it was given (a buyer's
 * name, e-mail, mobile, address, a password hash) in its message and stack: they are left out,
 * and the query itself and the database's reason (its cause) are kept.
 */
export function serializeError(error: Error) {
  return pino.stdSerializers.err(error instanceof DrizzleQueryError ? withoutValues(error) : error);
}

function withoutValues(error: DrizzleQueryError): Error {
  const message = `Failed query: ${error.query}`;
  const safe = new Error(message, { cause: error.cause });
  safe.name = 'DrizzleQueryError';
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  safe.stack = [`DrizzleQueryError: ${message}`, ...frames].join('\n');
  return safe;
}

/** Query parameters whose values are a person's details or a token: searches, links' tokens. */
const privateParameters = ['q', 'token', 'to'];

/**
 * The `req` of a request's log lines: Fastify's fields, with the values of privateParameters
 * in the address left out (a console search by a buyer's e-mail or mobile, an unsubscribe
 * link's token).
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutPrivateValues(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function withoutPrivateValues(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const search = new URLSearchParams(url.slice(start + 1));
  const hidden = privateParameters.filter((name) => search.has(name));
  if (hidden.length === 0) return url;
  for (const name of hidden) search.set(name, '…');
  return `${url.slice(0, start)}?${search.toString()}`;
}
