import type { FastifyInstance, FastifyReply } from 'fastify';
import { signAccessToken, type SessionUser } from './access-token';
import { createRefreshToken } from './refresh-tokens';
import { sessionKeys } from './session-keys';
import { setSessionCookies } from './session-cookies';

/** Signs the user in: a new refresh-token family and an access token, both as cookies. */
export async function startSession(app: FastifyInstance, reply: FastifyReply, user: SessionUser) {
  const refreshToken = await createRefreshToken(app.database.db, app.config, user.id);
  issueSessionCookies(app, reply, user, refreshToken);
}

/** Sets the cookies for a refresh token already stored (a new sign-in or a rotation). */
export function issueSessionCookies(
  app: FastifyInstance,
  reply: FastifyReply,
  user: SessionUser,
  refreshToken: string,
) {
  const { token: accessToken, expiresAt } = signAccessToken(
    user,
    sessionKeys(app.config).accessToken,
    app.config.ACCESS_TOKEN_TTL_SECONDS,
  );
  setSessionCookies(reply, app.config, { accessToken, refreshToken });
  return { accessTokenExpiresAt: expiresAt };
}
