import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI built from the routes' zod schemas (`app.swagger()`, which write-openapi.ts reads);
 * served, the document at /api/docs/json and the UI at /api/docs, only when API_DOCS is on
 * (by default everywhere but production).
 */
export const apiDocs = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${app.config.STORE_NAME} API`,
        description: 'The storefront and support console API. Every route is under /api/v1.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (app.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
