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

/**
 * Query parameters whose values are logged as sent: the catalogue's and the console's filters,
 * sorts and pages, and campaign tags. They say what a page showed, never who asked. Every other
 * parameter keeps its name with its value left out: searches (`q`, `text`, digit patterns, which
 * may be a buyer's mobile or birth date), links' tokens, the outbox's `to`, ad click ids, and any
 * parameter a later route or a stranger adds.
 */
const loggedParameters = new Set([
  'accountType',
  'billingState',
  'category',
  'dryRun',
  'entityType',
  'kind',
  'limit',
  'match',
  'maxPrice',
  'mid',
  'minPrice',
  'needsRefund',
  'offer',
  'page',
  'pageSize',
  'sort',
  'state',
  'status',
  'sum',
  'topic',
  'total',
  'utm_campaign',
  'utm_medium',
  'utm_source',
]);

/**
 * The `req` of a request's log lines: Fastify's fields, with the address's query values left
 * out but for loggedParameters' (a console search by a buyer's e-mail or mobile, an unsubscribe
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
  const kept = new URLSearchParams();
  for (const [name, value] of search) kept.append(name, loggedParameters.has(name) ? value : '…');
  return `${url.slice(0, start)}?${kept.toString()}`;
}
