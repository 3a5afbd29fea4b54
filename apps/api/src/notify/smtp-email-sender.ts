import nodemailer from 'nodemailer';
import type { MessageSender } from './message';

export interface SmtpOptions {
  /** A connection URL such as smtp://user:pass@smtp.example.com:587 or smtps://...:465 */
  url: string;
  from: string;
  /**
   * Where a buyer's reply goes (PUBLIC_SUPPORT_EMAIL): MAIL_FROM is usually a no-reply
   * address, and messages such as the lapse e-mail invite a reply.
   */
  replyTo?: string;
  /** Connecting and the server's greeting (OUTBOUND_TIMEOUT_SECONDS); an idle socket gets twice it. */
  timeoutMs: number;
}

/** E-mail over SMTP with a pooled nodemailer transport (connections are reused). */
export function createSmtpEmailSender(options: SmtpOptions): MessageSender {
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: 2 * options.timeoutMs,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          ...(options.replyTo ? { replyTo: options.replyTo } : {}),
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.attachments ? { attachments: message.attachments } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        });
      } catch (error) {
        // Nodemailer calls every 5xx reply permanent, a refused login (535) or sender (550 to
        // MAIL FROM) too: those are the store's settings, and a fix must let the retries through.
        throw Object.assign(error as Error, { permanent: recipientRefused(error) });
      }
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Whether the mail server refused the recipient for good: a 5xx reply to RCPT TO (no such
 * mailbox, a domain that takes no mail). The outbox gives such a message up at once instead of
 * trying a mistyped address for an hour (decision 0087). A 4xx (try later), a refused login or a
 * lost connection is not: fixing the settings or waiting can still deliver it.
 */
function recipientRefused(error: unknown): boolean {
  const { command, responseCode } = error as { command?: unknown; responseCode?: unknown };
  return command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500;
}
