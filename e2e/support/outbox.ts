import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The dev outbox (GET /api/v1/dev/outbox, outside production only): every e-mail and SMS the
 * store sent, newest first. The harness starts the store with NODE_ENV=development, so tests
 * can read one-time codes without a phone.
 */

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  to: string;
  subject: string | null;
  text: string;
  otp: string | null;
  createdAt: string;
}

/** Messages sent to `to` (an e-mail address or a mobile number), newest first. */
export async function readOutbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok(), `GET /api/v1/dev/outbox answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { data?: { messages?: OutboxMessage[] } };
  return body.data?.messages ?? [];
}

export interface WaitForOtpOptions {
  /** Only messages created at or after this time (e.g. taken just before the request). */
  since?: Date;
  /** Only messages of this channel. */
  channel?: 'email' | 'sms';
  /** Only messages whose text matches (e.g. /sign in/ or /reset your password/). */
  text?: RegExp;
  /** Milliseconds to keep polling; default 10 s. */
  timeout?: number;
}

/** Waits for the newest message to `to` that carries a code and returns the code. */
export async function waitForOtp(
  request: APIRequestContext,
  to: string,
  options: WaitForOtpOptions = {},
): Promise<string> {
  const since = options.since ? options.since.getTime() - 1000 : 0;
  const found: { code: string | null } = { code: null };
  await expect
    .poll(
      async () => {
        const messages = await readOutbox(request, to);
        const match = messages.find(
          (message) =>
            message.otp !== null &&
            Date.parse(message.createdAt) >= since &&
            (!options.channel || message.channel === options.channel) &&
            (!options.text || options.text.test(message.text)),
        );
        found.code = match?.otp ?? null;
        return found.code;
      },
      { message: `a code sent to ${to}`, timeout: options.timeout ?? 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return found.code ?? '';
}
