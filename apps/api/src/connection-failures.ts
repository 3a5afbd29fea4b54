/**
 * A failed connection's reason in words, by its error code: the start-up's DATABASE_URL line
 * (start-failure.ts) and the mail and MSG91 servers' start-up check (message-server-checks.ts).
 */
export const connectionFailures: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ETIMEDOUT: 'no answer',
  ENOTFOUND: 'no such host name',
  EAI_AGAIN: 'its host name could not be looked up',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'the connection was reset',
  ENOENT: 'no such socket',
};
