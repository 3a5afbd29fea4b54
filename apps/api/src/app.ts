import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { installErrorHandler } from './http/error-handler';
import { notFound } from './http/app-error';
import { apiDocs } from './plugins/api-docs';
import { originCheck, allowedOrigins } from './plugins/origin-check';
import { securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';
import { healthRoutes } from './health/health-routes';

export interface AppDeps {
  database: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
  };
}

/** Builds the whole server from a config object and an open database; tests build it the same way. */
export async function buildApp(config: Config, deps: AppDeps) {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', deps.database);
  installErrorHandler(app);

  // Several spec calls send an empty body with a JSON content type: that is "no body".
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('invalid JSON'), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      done(error, undefined);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie);
  await app.register(securityHeaders);
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
  });
  await app.register(apiDocs);
  await app.register(originCheck, { allowed: allowedOrigins(config) });

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: config.RATE_LIMIT_PER_MINUTE,
        timeWindow: 60_000,
        errorResponseBuilder: (_request, context) => ({
          statusCode: 429,
          code: 'TOO_MANY_REQUESTS',
          message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        }),
      });
      await api.register(healthRoutes);
      api.setNotFoundHandler((request) => {
        throw notFound(`No API route ${request.method} ${request.url.split('?')[0]}`);
      });
    },
    { prefix: '/api/v1' },
  );

  await app.register(webApp, { buildDir: config.WEB_BUILD_DIR });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
