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
    },
    async close() {
      transport.close();
    },
  };
}
