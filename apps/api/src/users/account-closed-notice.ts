import { displayPhone, formatIndiaDateTime } from '@store/domain';
import type { Config } from '../config/config';
import type { QueuedMessage } from '../notify/message';
import { smsMessage } from '../notify/sms-templates';
import { storeContact, type ContactConfig } from '../notify/store-contact';

export type ClosedNoticeConfig = Pick<Config, 'STORE_NAME' | 'PUBLIC_BASE_URL'> & ContactConfig;

/**
 * The confirmation of an account's closing (decision 0105), to the e-mail and mobile it had: that
 * it is closed, what is kept and for how long (`kept`, as the closing answers), and whom to
 * contact if this was not its owner, who can no longer sign in to find out. Written after the
 * account's messages are erased and not following the account, so the erasure leaves it; it
 * holds nothing but its address and text, and goes as any sent message does (OUTBOX_KEEP_DAYS).
 */
export function accountClosedNotices(
  config: ClosedNoticeConfig,
  account: { email: string; mobile: string },
  closer: 'buyer' | 'admin',
  kept: string,
  at: Date,
): QueuedMessage[] {
  const when = formatIndiaDateTime(at);
  const store = config.STORE_NAME;
  const how = closer === 'buyer' ? 'from your profile' : 'by our team, as you asked';
  const text = [
    // No name: the message keeps no more of the closed account than its address (decision 0105).
    'Hello,',
    '',
    `Your ${store} account was closed on ${when}, ${how}. You can no longer sign in to it, and we send it nothing more after this message.`,
    '',
    `What we keep: ${kept}`,
    '',
    `If this was not you, contact us at once: ${storeContact(config)}.`,
    '',
    store,
  ].join('\n');
  return [
    {
      channel: 'email',
      to: account.email,
      subject: `Your ${store} account has been closed`,
      text,
    },
    smsMessage(
      account.mobile,
      { kind: 'account_closed', variables: [when, displayPhone(config.PUBLIC_SALES_WHATSAPP)] },
      config,
    ),
  ];
}
