import fp from 'fastify-plugin';
import { verifyAccessToken } from './access-token';
import { ACCESS_COOKIE } from './session-cookies';
import { sessionKeys } from './session-keys';

/** Reads the access cookie on every request and sets `request.user`. */
export const sessionPlugin = fp(
  async (app) => {
    const key = sessionKeys(app.config).accessToken;
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[ACCESS_COOKIE];
      request.user = token ? verifyAccessToken(token, key) : null;
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
