import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody } from '../http/envelope';

/** The security schemes routes name in their schema's `security`. */
const securitySchemes = {
  /** The access token cookie every signed-in call carries (decision 0003). */
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
  /** The refresh token cookie, sent only to /api/v1/auth (refresh and logout). */
  refreshCookie: { type: 'apiKey', in: 'cookie', name: 'refresh_token' },
} as const;

type Security = Array<Partial<Record<keyof typeof securitySchemes, string[]>>>;

/** A call anyone may make; a session, when there is one, changes the answer (cart calls). */
export const optionalSession: Security = [{}, { sessionCookie: [] }];

interface RouteSchema {
  security?: Security;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
  operationId?: string;
  hide?: boolean;
}

/** `POST /api/v1/cart/add/{productId}` -> `postCartAddByProductId`. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\/?/, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => {
      const param = /^[:{](\w+)}?$/.exec(part);
      return param ? ['by', param[1]!] : [part];
    })
    .flat();
  const camel = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

/**
 * What every operation of the document carries, added to what its route declares, so that
 * nobody has to remember it route by route:
 * - an operationId made of the method and path;
 * - its security: what the route declares (a guarded route declares the session cookie), or
 *   none (`[]`, a public call);
 * - the 4xx answers: 400 for a route that validates input, 401 for one that needs a session,
 *   403 for the staff console, 429 for every rate-limited route; and 503 for all (the database
 *   cannot be reached: DATABASE_UNAVAILABLE).
 */
function complete(schema: RouteSchema, route: RouteOptions, url: string): RouteSchema {
  const method = [route.method].flat()[0] ?? 'GET';
  const response: Record<string, unknown> = { ...schema.response };
  const add = (status: number) => {
    response[status] ??= errorBody satisfies z.ZodType;
  };
  const security = schema.security ?? [];
  if (schema.body || schema.querystring || schema.params) add(400);
  if (security.length > 0 && !security.some((option) => Object.keys(option).length === 0)) {
    add(401);
  }
  if (url.startsWith('/api/v1/admin/')) add(403);
  if (route.config?.rateLimit !== false) add(429);
  add(503);
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, url),
    security,
    response,
  };
}

/**
 * OpenAPI 3.1 built from the routes' zod schemas (`app.swagger()`, which write-openapi.ts
 * reads); served, the document at /api/docs/json and the UI at /api/docs, only when API_DOCS is
 * on (by default everywhere but production).
 */
export const apiDocs = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.STORE_NAME} API`,
        description: 'The storefront and support console API. Every route is under /api/v1.',
        version: '1.0.0',
      },
      servers: [{ url: new URL(app.config.PUBLIC_BASE_URL).origin, description: 'This store' }],
      components: { securitySchemes },
    },
    transform: (document) => {
      const { schema, url, route } = document as typeof document & { route: RouteOptions };
      if (!schema || (schema as RouteSchema).hide || !url.startsWith('/api/')) {
        return jsonSchemaTransform(document);
      }
      return jsonSchemaTransform({
        ...document,
        schema: complete(schema as RouteSchema, route, url),
      });
    },
  });
  if (app.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
