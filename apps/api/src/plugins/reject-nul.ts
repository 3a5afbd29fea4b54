import fp from 'fastify-plugin';
import { badRequest } from '../http/app-error';

/** Where in `value` a string (or an object key) holds a NUL character, as a dotted path. */
function nulPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return [...path, key];
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

const places = [
  ['body', 'body'],
  ['query', 'query parameter'],
  ['params', 'params'],
] as const;

/**
 * PostgreSQL refuses the NUL character (\u0000) in text and JSON, so it is refused here, once
 * for every route: a body, query string or path parameter holding one answers 400 naming the
 * field, as a validation error does (a page's query string is let through). The check reads what validation made of the input, so a
 * schema that cleans a value instead (the checkout's campaign attribution) has its way.
 */
export const rejectNul = fp(async (app) => {
  app.addHook('preHandler', async (request) => {
    // A page's query string is never stored (a mangled ad or shared link must still show the
    // store): only the API's are checked.
    const page = !request.routeOptions.url?.startsWith('/api/');
    for (const [part, place] of places) {
      if (page && part === 'query') continue;
      const path = nulPath(request[part]);
      if (!path) continue;
      const issue = `${path.join('.') || part}: must not contain the NUL character (\\u0000)`;
      throw badRequest(`Invalid ${place}: ${issue}`, 'VALIDATION_ERROR', { errors: [issue] });
    }
  });
});
