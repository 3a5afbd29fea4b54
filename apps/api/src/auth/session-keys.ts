import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../config/config';

/**
 * Outside production SESSION_SECRET may be unset: a random secret per process is used instead.
 * A restart then invalidates access tokens (the client refreshes: refresh tokens are stored as
 * plain SHA-256 digests and survive) and pending OTP codes (a new code is requested).
 */
const processSecret = randomBytes(32).toString('hex');

export interface SessionKeys {
  /** Signs access tokens. */
  accessToken: Buffer;
  /** Keys the HMAC that stores OTP codes. */
  otp: Buffer;
  /** Seals the known-device cookie (an earlier sign-in on this browser: decisions 0014, 0058). */
  knownDevice: Buffer;
  /**
   * Signed the one-click unsubscribe links of alert e-mails until decision 0105 (they are signed
   * with alerts/unsubscribe-key.ts now): still read, so the links already e-mailed keep working.
   */
  unsubscribe: Buffer;
}

const derive = (secret: string, label: string) =>
  createHmac('sha256', secret).update(label).digest();

export function sessionKeys(config: Pick<Config, 'SESSION_SECRET'>): SessionKeys {
  const secret = config.SESSION_SECRET ?? processSecret;
  return {
    accessToken: derive(secret, 'access-token/v1'),
    otp: derive(secret, 'otp-code/v1'),
    knownDevice: derive(secret, 'known-device/v2'),
    unsubscribe: derive(secret, 'alerts-unsubscribe/v1'),
  };
}
