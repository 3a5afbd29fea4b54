import { msg91Templates, type Config } from '../config/config';
import type { Database } from '../db/database';
import { recordInOutbox } from './dev-outbox';
import { withEmailHtml } from './email-html';
import { createLogSender } from './log-sender';
import { createMsg91SmsSender } from './msg91-sms-sender';
import type { Channel, MessageSender, NotifyLog, OutgoingMessage } from './message';
import { createSmtpEmailSender } from './smtp-email-sender';
import { createWhatsappCloudSender } from './whatsapp-cloud-sender';

export type { MessageSender, NotifyLog, OutgoingMessage } from './message';

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mail, SMS and WhatsApp for every feature (see createNotifier). */
    notifier: Notifier;
  }
}

/** What every feature uses to reach a person by e-mail, SMS or WhatsApp. */
export interface Notifier {
  /** Delivers the message; rejects when the provider refused it or could not be reached. */
  send(message: OutgoingMessage): Promise<void>;
  /**
   * False when messages on this channel reach nobody: in production without a provider they
   * only go to the log (`send` still resolves, for messages that are merely courtesy).
   */
  delivers?(channel: Channel): boolean;
  close(): Promise<void>;
}

export interface NotifierOptions {
  config: Config;
  database: Database;
  log: NotifyLog;
  /** Overrides for tests; by default they follow the configuration. */
  email?: MessageSender;
  sms?: MessageSender;
  whatsapp?: MessageSender;
}

/**
 * E-mail goes over SMTP when SMTP_URL is set, SMS through MSG91 when SMS_PROVIDER=msg91,
 * WhatsApp through Meta's Cloud API when WHATSAPP_PROVIDER=cloud; otherwise the message goes to
 * the log (with any code masked). Outside production every
 * message is also kept in the dev outbox, where a developer or a test reads the code, and the
 * log counts as delivered; in production it does not (`delivers` is false), and a warning at
 * start-up names the channels without a provider.
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const { config, database, log } = options;
  const email =
    options.email ??
    (config.SMTP_URL
      ? createSmtpEmailSender({
          url: config.SMTP_URL,
          from: config.MAIL_FROM,
          replyTo: config.PUBLIC_SUPPORT_EMAIL,
          timeoutMs: config.OUTBOUND_TIMEOUT_SECONDS * 1000,
        })
      : createLogSender(log, config.devTools));
  const sms =
    options.sms ??
    (config.SMS_PROVIDER === 'msg91'
      ? createMsg91SmsSender({
          authKey: config.MSG91_AUTH_KEY!,
          templates: msg91Templates(config),
          apiBase: config.MSG91_API_BASE,
          timeoutMs: config.OUTBOUND_TIMEOUT_SECONDS * 1000,
        })
      : createLogSender(log, config.devTools));
  const whatsapp =
    options.whatsapp ??
    (config.WHATSAPP_PROVIDER === 'cloud'
      ? createWhatsappCloudSender({
          token: config.WHATSAPP_TOKEN!,
          phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID!,
          apiBase: config.WHATSAPP_API_BASE,
          language: config.WHATSAPP_TEMPLATE_LANGUAGE,
          templates: {
            payment_received: config.WHATSAPP_TEMPLATE_PAYMENT_RECEIVED!,
            upc_sent: config.WHATSAPP_TEMPLATE_UPC_SENT!,
            porting_update: config.WHATSAPP_TEMPLATE_PORTING_UPDATE!,
            order_update: config.WHATSAPP_TEMPLATE_ORDER_UPDATE!,
          },
          timeoutMs: config.OUTBOUND_TIMEOUT_SECONDS * 1000,
        })
      : createLogSender(log, config.devTools));
  const senders = { email, sms, whatsapp };

  const undelivered = [
    email.delivers === false && 'e-mail (set SMTP_URL)',
    sms.delivers === false && 'SMS (set SMS_PROVIDER=msg91 and its MSG91_* settings)',
  ].filter((what): what is string => Boolean(what));
  if (undelivered.length === 2) {
    log.warn(
      'Neither e-mail nor SMS can be delivered: no SMTP_URL and no SMS provider are configured. ' +
        'Registration, sign-in and password-reset codes will fail with 503 until one is set.',
    );
  } else if (undelivered.length === 1) {
    log.warn(`No provider configured for ${undelivered[0]}: those messages will not be sent.`);
  }
  if (whatsapp.delivers === false) {
    log.warn(
      'No WhatsApp provider configured (WHATSAPP_PROVIDER=cloud and its WHATSAPP_* settings): WhatsApp updates to buyers who asked for them will not be sent.',
    );
  }

  return {
    async send(given) {
      // Every e-mail has an HTML part: the text's, unless it brings its own (decision 0108).
      const message = withEmailHtml(given, config);
      if (config.devTools) await recordInOutbox(database, message);
      await senders[message.channel].send(message);
    },
    delivers(channel) {
      return senders[channel].delivers !== false;
    },
    async close() {
      await Promise.all([email.close?.(), sms.close?.(), whatsapp.close?.()]);
    },
  };
}
