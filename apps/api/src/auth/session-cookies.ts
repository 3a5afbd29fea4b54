// The reply's setCookie and clearCookie.
import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config/config';

/** HttpOnly, sent to every API call. */
export const ACCESS_COOKIE = 'access_token';
/** HttpOnly, sent only to /api/v1/auth (refresh and logout). */
export const REFRESH_COOKIE = 'refresh_token';
/** Readable by the page: "a session may exist", so guests never call the profile at all. */
const HINT_COOKIE = 'sid_hint';
/**
 * HttpOnly, sent only to /api/v1/auth: this browser signed in to this account before, so the
 * caps counted over all client addresses do not hold it back (decision 0014). It outlives
 * sign-out, the owner of a device is who it is for, and names no account to whoever reads it
 * (sealed: known-device.ts, decision 0058); a closed account forgets it (decision 0055).
 */
export const KNOWN_DEVICE_COOKIE = 'known_device';
export const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 3600;

/**
 * A reply that sets the session's cookies says when its access token expires (ISO time), and one
 * that clears them says `none`: the web client refreshes the session just before that time, so
 * no call goes out with an expired token (decision 0080). Exposed to the web app's origin by CORS.
 */
export const ACCESS_EXPIRY_HEADER = 'Access-Token-Expires-At';

export const ACCESS_COOKIE_PATH = '/api';
const REFRESH_COOKIE_PATH = '/api/v1/auth';
const HINT_COOKIE_PATH = '/';

type CookieConfig = Pick<Config, 'COOKIE_SAMESITE' | 'cookieSecure' | 'REFRESH_TOKEN_TTL_SECONDS'>;

const base = (config: CookieConfig) => ({
  sameSite: config.COOKIE_SAMESITE,
  secure: config.cookieSecure,
});

export function setSessionCookies(
  reply: FastifyReply,
  config: CookieConfig,
  tokens: {
    accessToken: string;
    refreshToken: string;
    knownDevice: string;
    accessTokenExpiresAt: Date;
  },
) {
  reply.header(ACCESS_EXPIRY_HEADER, tokens.accessTokenExpiresAt.toISOString());
  // The cookie outlives its token (it lasts as long as the refresh token): an expired token is
  // still sent, so the calls guests share answer 401 and the client refreshes, instead of
  // serving a signed-in buyer as a guest because the browser dropped the cookie (guards.ts).
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    ...base(config),
    httpOnly: true,
    path: ACCESS_COOKIE_PATH,
    maxAge: config.REFRESH_TOKEN_TTL_SECONDS,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base(config),
    httpOnly: true,
    path: REFRESH_COOKIE_PATH,
    maxAge: config.REFRESH_TOKEN_TTL_SECONDS,
  });
  reply.setCookie(HINT_COOKIE, '1', {
    ...base(config),
    httpOnly: false,
    path: HINT_COOKIE_PATH,
    maxAge: config.REFRESH_TOKEN_TTL_SECONDS,
  });
  reply.setCookie(KNOWN_DEVICE_COOKIE, tokens.knownDevice, {
    ...base(config),
    httpOnly: true,
    path: REFRESH_COOKIE_PATH,
    maxAge: KNOWN_DEVICE_TTL_SECONDS,
  });
}

/** Clears the session's cookies; `forgetDevice` (a closed account) the device's too. */
export function clearSessionCookies(
  reply: FastifyReply,
  config: CookieConfig,
  { forgetDevice = false } = {},
) {
  reply.header(ACCESS_EXPIRY_HEADER, 'none');
  reply.clearCookie(ACCESS_COOKIE, { ...base(config), httpOnly: true, path: ACCESS_COOKIE_PATH });
  reply.clearCookie(REFRESH_COOKIE, { ...base(config), httpOnly: true, path: REFRESH_COOKIE_PATH });
  reply.clearCookie(HINT_COOKIE, { ...base(config), httpOnly: false, path: HINT_COOKIE_PATH });
  if (forgetDevice) {
    reply.clearCookie(KNOWN_DEVICE_COOKIE, {
      ...base(config),
      httpOnly: true,
      path: REFRESH_COOKIE_PATH,
    });
  }
}
