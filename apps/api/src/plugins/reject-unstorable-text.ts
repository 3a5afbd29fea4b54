import fp from 'fastify-plugin';
import { badRequest } from '../http/app-error';

/** Nesting deeper than this is no input of ours: refused before anything walks it. */
const MAX_INPUT_DEPTH = 64;

const NUL_ISSUE = 'must not contain the NUL character (\\u0000)';
const SURROGATE_ISSUE = 'must not contain a lone UTF-16 surrogate (\\uD800 to \\uDFFF unpaired)';

/**
 * A lone surrogate: read as code points (the `u` flag), a pair is one character and only an
 * unpaired half is of the category Cs (String.prototype.isWellFormed, which ES2023's types lack).
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a text cannot be stored: PostgreSQL refuses NUL, and jsonb a lone surrogate. */
function textIssue(text: string): string | undefined {
  if (text.includes('\0')) return NUL_ISSUE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_ISSUE;
  return undefined;
}

/**
 * The first string (or object key) in `value` that cannot be stored, as a dotted path and the
 * reason; or the place where it nests deeper than MAX_INPUT_DEPTH. Walked with a stack of its
 * own, depth first in key order, so no input can exhaust the call stack.
 */
function unstorable(value: unknown): { path: string[]; issue: string } | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      const issue = textIssue(item);
      if (issue) return { path, issue };
      continue;
    }
    if (typeof item !== 'object' || item === null || Buffer.isBuffer(item)) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      // Named by its field: the path itself would be as deep as the nesting.
      return {
        path: path.slice(0, 1),
        issue: `must not be nested deeper than ${MAX_INPUT_DEPTH} levels`,
      };
    }
    const entries = Object.entries(item);
    for (const [key] of entries) {
      const issue = textIssue(key);
      if (issue) return { path: [...path, key], issue };
    }
    for (const [key, child] of entries.reverse())
      stack.push({ value: child, path: [...path, key] });
  }
  return undefined;
}

const places = [
  ['body', 'body'],
  ['query', 'query parameter'],
  ['params', 'params'],
] as const;

/**
 * Text PostgreSQL cannot store is refused here, once for every route: a body, query string or
 * path parameter holding a NUL character (\u0000, refused in text and JSON) or a lone UTF-16
 * surrogate (refused in jsonb) answers 400 naming the field, as a validation error does, and
 * so does input nested deeper than MAX_INPUT_DEPTH (decision 0083). A page's query string is
 * let through. The check reads what validation made of the input, so a schema that cleans a
 * value instead (the checkout's campaign attribution) has its way.
 */
export const rejectUnstorableText = fp(async (app) => {
  app.addHook('preHandler', async (request) => {
    // A page's query string is never stored (a mangled ad or shared link must still show the
    // store): only the API's are checked.
    const page = !request.routeOptions.url?.startsWith('/api/');
    for (const [part, place] of places) {
      if (page && part === 'query') continue;
      const found = unstorable(request[part]);
      if (!found) continue;
      const issue = `${found.path.join('.') || part}: ${found.issue}`;
      throw badRequest(`Invalid ${place}: ${issue}`, 'VALIDATION_ERROR', { errors: [issue] });
    }
  });
});
