import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import secureJson from 'secure-json-parse';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { installErrorHandler } from './http/error-handler';
import { badRequest, noRoute } from './http/app-error';
import { clientAddress } from './http/client-address';
import { serializeError, serializeRequest } from './http/log-serializers';
import { postgresRateLimitStore } from './http/postgres-rate-limit-store';
import { requestId } from './http/request-id';
import { useRequestWords } from './http/request-words';
import { apiCompression } from './plugins/api-compression';
import { apiDocs } from './plugins/api-docs';
import { originCheck, allowedOrigins } from './plugins/origin-check';
import { rejectUnstorableText } from './plugins/reject-unstorable-text';
import { securityHeaders } from './plugins/security-headers';
import { untrustedProxyWarning } from './plugins/untrusted-proxy';
import { numberPages } from './plugins/number-pages';
import { loadPageRenderer, type PageRenderer } from './plugins/page-renderer';
import type { PageRenderLimit } from './plugins/rendered-pages';
import { sitemaps } from './plugins/sitemaps';
import { oneAddressPerPage, webApp } from './plugins/web-app';
import { webBuildDir } from './config/web-build';
import { healthRoutes } from './health/health-routes';
import { authRoutes } from './auth/auth-routes';
import { sessionPlugin } from './auth/session-plugin';
import { ACCESS_EXPIRY_HEADER } from './auth/session-cookies';
import { userRoutes } from './users/user-routes';
import { devOutboxRoutes } from './dev/dev-outbox-routes';
import { createNotifier, type Notifier } from './notify/notifier';
import type { CatalogChanges } from './catalog/catalog-changes';
import { catalogRoutes } from './catalog/catalog-routes';
import { enquiryRoutes } from './enquiries/enquiry-routes';
import { cartRoutes } from './cart/cart-routes';
import { orderRoutes } from './orders/order-routes';
import { holdSweep } from './plugins/hold-sweep';
import { outboxWorker } from './plugins/outbox-worker';
import { retentionSweep } from './plugins/retention-sweep';
import { stockImports } from './plugins/stock-imports';
import { paymentRoutes } from './payments/payment-routes';
import { adminRoutes } from './admin/admin-routes';
import { alertRoutes } from './alerts/alert-routes';
import { alertDigest } from './plugins/alert-digest';
import { servicesPlugin } from './services';

export interface AppDeps {
  database: Database;
  /**
   * Renders a number's page; by default the web build's server build (none without one). Tests
   * pass their own.
   */
  renderPage?: PageRenderer;
  /** E-mail and SMS; by default built from the configuration (tests may pass their own). */
  notifier?: Notifier;
  /** Where logs go instead of stdout (tests that check logs for secrets). */
  logStream?: NodeJS.WritableStream;
  /** Where the catalogue tells its changes; by default to this process only. */
  catalogChanges?: CatalogChanges;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
    serializers: { err: serializeError, req: serializeRequest },
  };
}

const jsonPoisoning = { protoAction: 'error', constructorAction: 'error' } as const;

/** Whether the text is JSON at all (then secure-json-parse refused it for a forbidden key). */
function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const forbiddenJsonKey = () =>
  badRequest(
    'The request body may not contain the keys "__proto__" or "constructor.prototype".',
    'FORBIDDEN_JSON_KEY',
  );

const invalidJson = () =>
  Object.assign(new Error('invalid JSON'), {
    statusCode: 400,
    code: 'FST_ERR_CTP_INVALID_JSON_BODY',
  });

/** An address the router cannot decode (`/numbers/%C0%AF`) gets the error envelope too. */
function badAddress(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  void reply.status(400).send({
    success: false,
    message: 'The address of the request is not valid (a broken %-escape).',
    code: error.code,
  });
}

function withStream(
  options: FastifyServerOptions['logger'],
  stream: NodeJS.WritableStream | undefined,
): FastifyServerOptions['logger'] {
  return stream && options && typeof options === 'object' ? { ...options, stream } : options;
}

/** Builds the whole server from a config object and an open database; tests build it the same way. */
export async function buildApp(config: Config, deps: AppDeps) {
  const app = Fastify({
    logger: withStream(loggerOptions(config), deps.logStream),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: requestId,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: badAddress,
  }).withTypeProvider<ZodTypeProvider>();

  useRequestWords();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', deps.database);
  const notifier =
    deps.notifier ?? createNotifier({ config, database: deps.database, log: app.log });
  app.decorate('notifier', notifier);
  if (!deps.notifier) app.addHook('onClose', () => notifier.close());
  await app.register(servicesPlugin, {
    config,
    database: deps.database,
    notifier,
    log: app.log,
    catalogChanges: deps.catalogChanges,
  });
  installErrorHandler(app);

  // Several spec calls send an empty body with a JSON content type: that is "no body".
  // Otherwise the body is parsed as Fastify's own parser does, refusing the keys that could
  // poison prototypes (`__proto__`, `constructor.prototype`).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, null, jsonPoisoning));
    } catch {
      done(isPlainJson(text) ? forbiddenJsonKey() : invalidJson(), undefined);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(untrustedProxyWarning);
  await app.register(cookie);
  await app.register(securityHeaders);
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
    exposedHeaders: [ACCESS_EXPIRY_HEADER],
  });
  await app.register(apiDocs);
  await app.register(originCheck, { allowed: allowedOrigins(config) });
  await app.register(sessionPlugin);
  await app.register(rejectUnstorableText);

  // Whether a client may have one more page rendered on request (PAGE_RENDERS_PER_MINUTE),
  // counted as the API's requests are, in the same store, under keys of its own.
  let mayRender: PageRenderLimit = async () => true;
  await app.register(
    async (api) => {
      const sharedCounters =
        (config.RATE_LIMIT_STORE ?? (config.DATABASE_URL ? 'postgres' : 'memory')) === 'postgres';
      await api.register(rateLimit, {
        ...(sharedCounters && { store: postgresRateLimitStore(deps.database) }),
        // A database that does not answer is told by the route itself (503), not by the limit.
        skipOnError: true,
        max: config.RATE_LIMIT_PER_MINUTE,
        timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
        keyGenerator: (request) => clientAddress(request.ip),
        errorResponseBuilder: (_request, context) => ({
          statusCode: 429,
          code: 'TOO_MANY_REQUESTS',
          message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        }),
      });
      const renders = api.createRateLimit({
        max: config.PAGE_RENDERS_PER_MINUTE,
        keyGenerator: (request) => `page renders|${clientAddress(request.ip)}`,
      });
      mayRender = async (request) => {
        const counted = await renders(request);
        return counted.isAllowed || !counted.isExceeded;
      };
      await api.register(apiCompression);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      if (config.devTools) await api.register(devOutboxRoutes);
      await api.register(catalogRoutes);
      await api.register(enquiryRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      await api.register(paymentRoutes);
      await api.register(alertRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(holdSweep);
      await api.register(outboxWorker);
      await api.register(retentionSweep);
      await api.register(alertDigest);
      await api.register(stockImports);
      api.setNotFoundHandler((request) => {
        throw noRoute(request.method, request.url);
      });
    },
    { prefix: '/api/v1' },
  );

  // Before the pages' routes: a trailing slash redirects on every address outside the API.
  app.addHook('onRequest', oneAddressPerPage);
  await app.register(sitemaps);
  const renderPage =
    deps.renderPage ?? loadPageRenderer(webBuildDir(config.WEB_BUILD_DIR), config.PUBLIC_BASE_URL);
  if (renderPage) await app.register(numberPages, { render: renderPage, mayRender });
  await app.register(webApp, {
    buildDir: config.WEB_BUILD_DIR,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    production: config.NODE_ENV === 'production',
    render: renderPage && { render: renderPage, mayRender },
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
