import type { OutgoingMessage } from './message';
import { smsMessage } from './sms-templates';

export interface StaffAlert {
  /** The e-mail's subject. */
  subject: string;
  text: string;
  /**
   * The SMS's variables (its staff_alert template): what happened, of what (an order's or an
   * enquiry's reference), and one detail (the amount, the topic); 30 characters each at most.
   */
  sms: [what: string, reference: string, detail: string];
}

/**
 * Tells the team of something that needs them (a new order, a payment, an enquiry): an e-mail
 * to each of STAFF_ALERT_EMAILS and an SMS to each of STAFF_ALERT_MOBILES, written to the outbox
 * in the transaction of the change (a failed delivery is retried there and never fails the
 * request that caused it).
 */
export function createStaffAlerts(deps: {
  config: {
    STAFF_ALERT_EMAILS: string[];
    STAFF_ALERT_MOBILES: string[];
    STORE_NAME: string;
    PUBLIC_BASE_URL: string;
  };
}) {
  const { config } = deps;
  const messages = (alert: StaffAlert): OutgoingMessage[] => {
    const subject = `[${config.STORE_NAME}] ${alert.subject}`;
    return [
      ...config.STAFF_ALERT_EMAILS.map((to) => ({
        channel: 'email' as const,
        to,
        subject,
        text: alert.text,
      })),
      ...config.STAFF_ALERT_MOBILES.map((to) =>
        smsMessage(to, { kind: 'staff_alert', variables: alert.sms }, config),
      ),
    ];
  };
  return {
    /** The alert's messages, to write to the outbox in the transaction of the change. */
    messages,
  };
}

export type StaffAlerts = ReturnType<typeof createStaffAlerts>;
