import type { OutgoingMessage } from './message';
import { smsAmounts } from './sms-text';

export interface StaffAlert {
  /** The e-mail's subject; the SMS is the subject and the first line of the text. */
  subject: string;
  text: string;
}

/**
 * Tells the team of something that needs them (a new order, a payment, an enquiry): an e-mail
 * to each of STAFF_ALERT_EMAILS and an SMS to each of STAFF_ALERT_MOBILES, written to the outbox
 * in the transaction of the change (a failed delivery is retried there and never fails the
 * request that caused it).
 */
export function createStaffAlerts(deps: {
  config: { STAFF_ALERT_EMAILS: string[]; STAFF_ALERT_MOBILES: string[]; STORE_NAME: string };
}) {
  const { config } = deps;
  const messages = (alert: StaffAlert): OutgoingMessage[] => {
    const subject = `[${config.STORE_NAME}] ${alert.subject}`;
    const sms = smsAmounts(`${subject}. ${alert.text.split('\n')[0]}`).slice(0, 300);
    return [
      ...config.STAFF_ALERT_EMAILS.map((to) => ({
        channel: 'email' as const,
        to,
        subject,
        text: alert.text,
      })),
      ...config.STAFF_ALERT_MOBILES.map((to) => ({ channel: 'sms' as const, to, text: sms })),
    ];
  };
  return {
    /** The alert's messages, to write to the outbox in the transaction of the change. */
    messages,
  };
}

export type StaffAlerts = ReturnType<typeof createStaffAlerts>;
