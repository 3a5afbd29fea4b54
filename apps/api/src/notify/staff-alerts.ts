import type { Notifier } from './notifier';
import type { NotifyLog } from './message';

export interface StaffAlert {
  /** The e-mail's subject; the SMS is the subject and the first line of the text. */
  subject: string;
  text: string;
}

/**
 * Tells the team of something that needs them (a new order, a payment, an enquiry): an e-mail
 * to each of STAFF_ALERT_EMAILS and an SMS to each of STAFF_ALERT_MOBILES. Sent after the change
 * has committed; a failed delivery is logged and never fails the request that caused it.
 */
export function createStaffAlerts(deps: {
  config: { STAFF_ALERT_EMAILS: string[]; STAFF_ALERT_MOBILES: string[]; STORE_NAME: string };
  notifier: Notifier;
  log: NotifyLog;
}) {
  const { config, notifier, log } = deps;
  return {
    async send(alert: StaffAlert): Promise<void> {
      const subject = `[${config.STORE_NAME}] ${alert.subject}`;
      const sms = `${subject}. ${alert.text.split('\n')[0]}`.slice(0, 300);
      const messages = [
        ...config.STAFF_ALERT_EMAILS.map((to) => ({
          channel: 'email' as const,
          to,
          subject,
          text: alert.text,
        })),
        ...config.STAFF_ALERT_MOBILES.map((to) => ({ channel: 'sms' as const, to, text: sms })),
      ];
      for (const message of messages) {
        try {
          await notifier.send(message);
        } catch (error) {
          log.error({ err: error, channel: message.channel }, 'staff alert failed');
        }
      }
    },
  };
}

export type StaffAlerts = ReturnType<typeof createStaffAlerts>;
