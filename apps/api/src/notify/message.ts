import type { FastifyBaseLogger } from 'fastify';

export type Channel = 'email' | 'sms';

/** One message to one person. `to` is an e-mail address or a 10-digit Indian mobile number. */
export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  /** The one-time code the message carries, if any: kept in the dev outbox, never logged. */
  otp?: string;
}

/** One delivery channel: the SMTP adapter, the MSG91 adapter or the log adapter. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
  /** False for the log adapter in production: nobody can read what it "sends". */
  delivers?: boolean;
  close?(): Promise<void>;
}

export type NotifyLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The message text with the one-time code replaced, for logs. */
export function maskOtp(text: string, otp: string | undefined): string {
  return otp ? text.split(otp).join('••••••') : text;
}
