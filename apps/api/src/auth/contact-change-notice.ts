import { displayPhone, formatIndiaDateTime } from '@store/domain';
import type { Config } from '../config/config';
import type { QueuedMessage } from '../notify/message';
import { smsMessage } from '../notify/sms-templates';
import { storeContact, type ContactConfig } from '../notify/store-contact';

type NoticeConfig = Pick<Config, 'STORE_NAME' | 'PUBLIC_BASE_URL'> & ContactConfig;

/** A mobile as a notice shows it: `******3210`. */
const maskMobile = (mobile: string) => `${'*'.repeat(mobile.length - 4)}${mobile.slice(-4)}`;

/** An e-mail address as a notice shows it: `r***@example.com`. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * What tells the account's owner that its e-mail or mobile was changed (decision 0060): an
 * e-mail to the account's e-mail as it was before the change (the old one when the e-mail
 * changed, the same one when the mobile did), and an SMS to the old mobile when the mobile
 * changed. Never to the new contact, and never a code or a link that could do anything: the new
 * contact masked, when, that the account's other sessions ended (decision 0065), and how to
 * reach the store.
 */
export function contactChangeNotices(
  config: NoticeConfig,
  before: { name: string; email: string; mobile: string },
  change: { email: string } | { mobile: string },
  at: Date,
): QueuedMessage[] {
  const when = formatIndiaDateTime(at);
  const store = config.STORE_NAME;
  const [what, masked, goesTo] =
    'email' in change
      ? ['e-mail address', maskEmail(change.email), 'the new address']
      : ['mobile number', maskMobile(change.mobile), 'the new number'];
  const text = [
    `Hello ${before.name},`,
    '',
    `The ${what} of your ${store} account was changed to ${masked} on ${when}. Sign-in codes and messages about your orders now go to ${goesTo}.`,
    '',
    'The account has been signed out on every device except the one that made the change.',
    '',
    'If you made this change, there is nothing to do.',
    '',
    `If this was not you, contact us at once: ${storeContact(config)}. Our team will never ask you for a code.`,
    '',
    store,
  ].join('\n');
  const email: QueuedMessage = {
    channel: 'email',
    to: before.email,
    subject: `The ${what} of your ${store} account was changed`,
    text,
  };
  if (!('mobile' in change)) return [email];
  const sms = smsMessage(
    before.mobile,
    {
      kind: 'mobile_changed',
      variables: [masked, when, displayPhone(config.PUBLIC_SALES_WHATSAPP)],
    },
    config,
  );
  return [email, sms];
}
