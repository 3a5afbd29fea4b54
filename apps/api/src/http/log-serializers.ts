import { DrizzleQueryError } from 'drizzle-orm/errors';
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
