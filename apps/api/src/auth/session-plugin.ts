import fp from 'fastify-plugin';
import { verifyAccessToken } from './access-token';
import { ACCESS_COOKIE } from './session-cookies';
import { sessionKeys } from './session-keys';

/**
 * Reads the access cookie (sent with /api requests only) and sets `request.user`. Every token is
 * checked against its session and account: after a sign-out, a password reset or a disabled
 * account it is refused at once, whatever its expiry, and a changed role applies at once
 * (docs/decisions/0012).
 */
export const sessionPlugin = fp(
  async (app) => {
    const key = sessionKeys(app.config).accessToken;
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[ACCESS_COOKIE];
      const claimed = token ? verifyAccessToken(token, key) : null;
      request.user = claimed?.sessionId
        ? await app.services.auth.session(claimed.id, claimed.sessionId)
        : null;
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie', 'services'] },
);
