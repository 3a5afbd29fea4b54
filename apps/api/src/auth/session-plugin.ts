import fp from 'fastify-plugin';
import { verifyAccessToken } from './access-token';
import { ACCESS_COOKIE } from './session-cookies';
import { sessionKeys } from './session-keys';

/**
 * Reads the access cookie on every request and sets `request.user`. A staff token (support or
 * admin) is checked against the account on every request: a disabled member's token is refused
 * at once and a changed role applies at once (docs/decisions/0012). A buyer's token is trusted
 * until it expires, as before.
 */
export const sessionPlugin = fp(
  async (app) => {
    const key = sessionKeys(app.config).accessToken;
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[ACCESS_COOKIE];
      const claimed = token ? verifyAccessToken(token, key) : null;
      request.user =
        claimed && claimed.role !== 'customer'
          ? await app.services.users.staffSession(claimed.id)
          : claimed;
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie', 'services'] },
);
