import { formatInr, plural, toRupees } from '@store/domain';
import { displayNumber } from '../catalog/catalog-service';
import type { NumberItem } from '../catalog/catalog-schemas';
import type { Config } from '../config/config';
import type { OutgoingMessage } from '../notify/notifier';
import { storeContactLine, type ContactConfig } from '../notify/store-contact';

type MessageConfig = Pick<Config, 'STORE_NAME' | 'PUBLIC_BASE_URL'> & ContactConfig;

/** A saved search with the numbers new to it. */
export interface SearchNews {
  name: string;
  query: string;
  numbers: NumberItem[];
}

/** A favourite whose price fell below what the buyer last saw (paise). */
export interface PriceDrop {
  number: NumberItem;
  was: number;
}

export interface Digest {
  to: { name: string; email: string };
  searches: SearchNews[];
  drops: PriceDrop[];
  unsubscribeToken: string;
}

const base = (config: MessageConfig) => config.PUBLIC_BASE_URL.replace(/\/+$/, '');

/** The page with the unsubscribe button (GET shows it; nothing changes until it is pressed). */
function unsubscribePageUrl(config: MessageConfig, token: string): string {
  return `${base(config)}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Where a mail client's one-click unsubscribe POSTs (RFC 8058). */
function oneClickUrl(config: MessageConfig, token: string): string {
  return `${base(config)}/api/v1/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The alert an e-mail's link belongs to: its `utm_campaign`. */
type AlertCampaign = 'saved-search' | 'price-drop' | 'on-sale';

/**
 * A link to a store page (`path` may carry a query), tagged `utm_source=alerts&utm_medium=email`
 * and the alert's campaign, so that a sale it brings is credited to the alert e-mails (decision
 * 0045). The store's own tags never replace a paid click the buyer's browser has saved.
 */
function storeLink(config: MessageConfig, path: string, campaign: AlertCampaign): string {
  const [pathname, query] = path.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('utm_source', 'alerts');
  params.set('utm_medium', 'email');
  params.set('utm_campaign', campaign);
  return `${base(config)}${pathname}?${params}`;
}

function numberLine(
  config: MessageConfig,
  item: NumberItem,
  campaign: AlertCampaign,
  extra = '',
): string {
  return `  ${displayNumber(item.number)}  ${formatInr(item.pricing.nwFinalPrice)}${extra}  ${storeLink(config, `/numbers/${item.number}`, campaign)}`;
}

/** The daily alert e-mail: new numbers for each saved search, then price drops on favourites. */
export function digestMessage(config: MessageConfig, digest: Digest): OutgoingMessage {
  const count =
    digest.searches.reduce((n, search) => n + search.numbers.length, 0) + digest.drops.length;
  const lines = [`Dear ${digest.to.name},`, ''];
  for (const search of digest.searches) {
    lines.push(
      `New for your saved search "${search.name}": ${search.numbers.length} ${plural(search.numbers.length, 'number', 'numbers')}`,
      ...search.numbers.map((item) => numberLine(config, item, 'saved-search')),
      `  See every match: ${storeLink(config, `/premium-numbers?${search.query}`, 'saved-search')}`,
      '',
    );
  }
  if (digest.drops.length > 0) {
    lines.push(
      'Price drops on your favourites:',
      ...digest.drops.map(({ number, was }) =>
        numberLine(config, number, 'price-drop', ` (was ${formatInr(toRupees(was))})`),
      ),
      '',
    );
  }
  const unsubscribe = unsubscribePageUrl(config, digest.unsubscribeToken);
  lines.push(
    'Each number is sold once: the first buyer to pay gets it.',
    '',
    storeContactLine(config),
    '',
    `You get this e-mail at most once a day because you saved searches or favourites at ${config.STORE_NAME}.`,
    `Stop these e-mails: ${unsubscribe}`,
  );
  return {
    channel: 'email',
    to: digest.to.email,
    subject: `${count} ${plural(count, 'number', 'numbers')} for you at ${config.STORE_NAME}`,
    text: lines.join('\n'),
    headers: {
      'List-Unsubscribe': `<${oneClickUrl(config, digest.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** To a buyer who pressed Notify me: the coming-soon number is on sale now. */
export function onSaleMessage(
  config: MessageConfig,
  to: { email: string; name?: string },
  number: NumberItem,
): OutgoingMessage {
  const display = displayNumber(number.number);
  return {
    channel: 'email',
    to: to.email,
    subject: `${display} is on sale now at ${config.STORE_NAME}`,
    text: [
      to.name ? `Dear ${to.name},` : 'Hello,',
      '',
      `The number ${display} you asked about is on sale now at ${formatInr(number.pricing.nwFinalPrice)}.`,
      `Buy it here: ${storeLink(config, `/numbers/${number.number}`, 'on-sale')}`,
      '',
      'Each number is sold once: the first buyer to pay gets it.',
      '',
      storeContactLine(config),
      '',
      'You asked us to tell you when this number goes on sale: this is the only e-mail we send about it.',
    ].join('\n'),
  };
}

/**
 * To a guest who pressed Notify me: the link that confirms it (the store page that asks for a
 * press, so a mail client's link scanner confirms nothing). Nothing else is sent unconfirmed.
 */
export function notifyMeConfirmMessage(
  config: MessageConfig,
  to: string,
  number: NumberItem,
  link: { token: string; days: number },
): OutgoingMessage {
  const display = displayNumber(number.number);
  const url = `${base(config)}/notify-me/confirm?token=${encodeURIComponent(link.token)}`;
  return {
    channel: 'email',
    to,
    subject: `Confirm your alert for ${display} at ${config.STORE_NAME}`,
    text: [
      'Hello,',
      '',
      `You, or someone who typed this address, asked ${config.STORE_NAME} to e-mail this address once when the number ${display} goes on sale.`,
      `Open this link to get that alert: ${url}`,
      '',
      `The link works for ${link.days} days. If you did not ask, ignore this e-mail: we will not write to you about it.`,
      '',
      storeContactLine(config),
    ].join('\n'),
  };
}
