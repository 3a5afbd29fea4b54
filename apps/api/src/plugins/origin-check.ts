import fp from 'fastify-plugin';
import type { Config } from '../config/config';
import { forbidden } from '../http/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on webhooks that prove themselves by signature instead of by Origin. */
    skipOriginCheck?: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function allowedOrigins(config: Config): Set<string> {
  return new Set([new URL(config.PUBLIC_BASE_URL).origin, ...config.CORS_ORIGINS]);
}

/**
 * State-changing requests must come from our own pages. A browser always sends Origin on
 * such requests; requests without one (server-to-server, curl) carry no ambient browser
 * credentials worth forging, and SameSite cookies cover old browsers. Every state-changing
 * request is checked, whatever its path: the router decodes paths (`/%61pi/v1/...` reaches the
 * API), so a check on the raw path could be stepped around.
 */
export const originCheck = fp<{ allowed: Set<string> }>(async (app, opts) => {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    if (request.routeOptions.config?.skipOriginCheck) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const sameHost = `${request.protocol}://${request.host}`;
    if (origin !== sameHost && !opts.allowed.has(origin)) {
      throw forbidden('This request did not come from our site.');
    }
  });
});
