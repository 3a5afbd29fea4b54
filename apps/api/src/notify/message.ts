import type { FastifyBaseLogger } from 'fastify';
import type { SmsTemplate } from './sms-templates';

export type Channel = 'email' | 'sms' | 'whatsapp';

/**
 * The kinds of WhatsApp message, each sent with its approved template (WHATSAPP_TEMPLATE_<KIND>);
 * the body parameters of each are listed in docs/decisions/0011.
 */
export type WhatsappTemplateKind =
  'payment_received' | 'upc_sent' | 'porting_update' | 'order_update';

/**
 * One message to one person. `to` is an e-mail address or a 10-digit Indian mobile number
 * (SMS, WhatsApp).
 */
export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  /** The one-time code the message carries, if any: kept in the dev outbox, never logged. */
  otp?: string;
  /**
   * WhatsApp: the template and its body parameters, in order (a business may only start a
   * WhatsApp conversation with an approved template); `text` is how the message reads.
   */
  template?: { kind: WhatsappTemplateKind; parameters: string[] };
  /**
   * SMS: its DLT template and the variables, in order (notify/sms-templates.ts); `text` is the
   * template filled in, how the message reads.
   */
  smsTemplate?: SmsTemplate;
  /** E-mail only: extra headers (List-Unsubscribe of the alert e-mails). */
  headers?: Record<string, string>;
  /** E-mail only: files attached (the tax invoice of a paid order). */
  attachments?: Attachment[];
}

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * An attachment the outbox makes as it sends the message: a tax document of the order
 * `invoiceOf`, its invoice, or with `kind: 'CN'` the credit note of its refund.
 */
interface InvoiceAttachment {
  invoiceOf: string;
  kind?: 'INV' | 'CN';
  /**
   * Which document by its serial (an order may have a credit note per number refunded, and an
   * invoice per billing correction); else the latest credit note, or the current invoice.
   */
  serial?: string;
}

/** An attachment the outbox makes as it sends the message: a QR code of `qrCodeOf` (a link). */
interface QrCodeAttachment {
  qrCodeOf: string;
  filename: string;
}

/** An attachment made as the message is sent, not stored with it. */
type MadeAttachment = InvoiceAttachment | QrCodeAttachment;

/**
 * The account whose contacts a buyer's message about an order goes to (decision 0064): while it
 * waits in the outbox, a verified change of those contacts re-addresses it (decision 0071).
 */
interface FollowsAccount {
  followsAccount?: string;
  /** The order it is about: the console's list of messages given up on links it (decision 0087). */
  aboutOrder?: string;
}

/** A message written to the outbox: its attachments may be made when it is sent. */
export type QueuedMessage = Omit<OutgoingMessage, 'attachments'> &
  FollowsAccount & {
    attachments?: (Attachment | MadeAttachment)[];
  };

/**
 * The messages, with the `attachments` given on the e-mail among them, made when it is sent (an
 * invoice, a credit note, a QR code); as they were when there is none.
 */
export function withEmailAttachment(
  messages: readonly OutgoingMessage[],
  ...given: (MadeAttachment | undefined)[]
): QueuedMessage[] {
  const attachments = given.filter((attachment) => attachment !== undefined);
  return messages.map((message) =>
    attachments.length > 0 && message.channel === 'email' ? { ...message, attachments } : message,
  );
}

/** One delivery channel: the SMTP, MSG91, WhatsApp Cloud API or log adapter. */
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

/** A message as the outbox's jsonb column keeps it: attachment contents in base64. */
export type StoredMessage = Omit<OutgoingMessage, 'attachments'> &
  FollowsAccount & {
    attachments?: ({ filename: string; contentType: string; base64: string } | MadeAttachment)[];
  };
