import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import type { Config } from '../config/config';
import { connectionFailures } from '../connection-failures';
import type { Channel } from './message';

/**
 * The settings a channel's delivery depends on, named in the warnings of a failed send (the
 * sign-in codes' and the outbox's), so that the log says what to check (QA 29 F3).
 */
export const deliverySettings: Record<Channel, string> = {
  email: 'SMTP_URL',
  sms: 'MSG91_API_BASE and MSG91_AUTH_KEY',
  whatsapp: 'WHATSAPP_API_BASE and WHATSAPP_TOKEN',
};

/**
 * Why a try failed, in words that never hold `secret` (the SMTP URL's password): by its code,
 * or a code named in its message (nodemailer wraps a socket's error), or its message.
 */
function reasonOf(error: unknown, secret: string): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const named = /\b(E[A-Z_]{3,})\b/.exec(String(message))?.[1];
  const reason =
    (typeof code === 'string' && connectionFailures[code]) ||
    (named && connectionFailures[named]) ||
    String(message ?? error);
  return secret ? reason.replaceAll(secret, '***') : reason;
}

/** Opens a TCP connection to host:port and closes it; rejects when it cannot within `timeoutMs`. */
function tryConnection(host: string, port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })),
    );
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

/** The mail server: its greeting, STARTTLS and login as a send would (nodemailer's verify). */
async function checkSmtp(smtpUrl: string, timeoutMs: number): Promise<string | undefined> {
  const url = new URL(smtpUrl);
  const place = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
    return undefined;
  } catch (error) {
    const password = decodeURIComponent(url.password);
    if ((error as { code?: unknown }).code === 'EAUTH') {
      return `SMTP_URL: the mail server at ${place} refused its user name or password: no e-mail or sign-in code will be sent until SMTP_URL has the right ones`;
    }
    return `SMTP_URL: cannot reach ${place} (${reasonOf(error, password)}): no e-mail or sign-in code will be sent until it can`;
  } finally {
    transport.close();
  }
}

/** MSG91's host: a TCP connection only, no message sent (its API has no free call to try). */
async function checkMsg91(apiBase: string, timeoutMs: number): Promise<string | undefined> {
  const url = new URL(apiBase);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  try {
    await tryConnection(host, port, timeoutMs);
    return undefined;
  } catch (error) {
    return `MSG91_API_BASE: cannot reach ${url.hostname}:${port} (${reasonOf(error, '')}): no SMS or sign-in code will be sent until it can`;
  }
}

/**
 * At start, in the background: each configured mail server (SMTP_URL) and MSG91's host
 * (SMS_PROVIDER=msg91) tried once, a warning line for each that cannot be reached. It neither
 * delays nor stops the start: the outbox retries what it could not send. Not under
 * NODE_ENV=test (a test's settings name no real server) unless `evenInTests`.
 */
export async function checkMessageServers(
  config: Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'SMS_PROVIDER' | 'MSG91_API_BASE'> &
    Pick<Config, 'OUTBOUND_TIMEOUT_SECONDS'>,
  warn: (line: string) => void,
  { evenInTests = false } = {},
): Promise<void> {
  if (config.NODE_ENV === 'test' && !evenInTests) return;
  const timeoutMs = config.OUTBOUND_TIMEOUT_SECONDS * 1000;
  const problems = await Promise.all([
    config.SMTP_URL ? checkSmtp(config.SMTP_URL, timeoutMs) : undefined,
    config.SMS_PROVIDER === 'msg91' ? checkMsg91(config.MSG91_API_BASE, timeoutMs) : undefined,
  ]);
  for (const problem of problems) if (problem) warn(problem);
}
