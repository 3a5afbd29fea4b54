import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI built from the routes' zod schemas; the document at /api/docs/json, the UI at /api/docs. */
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
