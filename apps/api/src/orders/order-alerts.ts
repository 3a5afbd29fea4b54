import {
  formatIndiaDateTime,
  formatInr,
  overdueInWords,
  overdueReasonLabels,
  toRupees,
  type PortingOverdue,
} from '@store/domain';
import { displayNumber } from '../catalog/catalog-service';
import {
  displayNumbers,
  ownHoldingOrder,
  type AccountNow,
  type GoneNumber,
} from './order-messages';
import type { Config } from '../config/config';
import { smsRupees } from '../notify/sms-templates';
import type { StaffAlert } from '../notify/staff-alerts';
import type { Billing, OrderRow } from './order-types';

type AlertConfig = Pick<Config, 'PUBLIC_BASE_URL'>;

const inr = (paise: number) => formatInr(toRupees(paise));

/** An address in the console's orders (`path` after /admin/orders). */
const ordersConsoleUrl = (config: AlertConfig, path: string) =>
  `${config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/admin/orders${path}`;

/** The order in the console. */
const consoleLink = (config: AlertConfig, order: Pick<OrderRow, 'id'>) =>
  ordersConsoleUrl(config, `/${order.id}`);

/**
 * The e-mail and mobile of the order's account as they are when the alert is written
 * (accountNow); undefined: the account is closed.
 */
type AlertAccount = Pick<AccountNow, 'email' | 'mobile'> | undefined;

/**
 * The buyer as the order was billed; and, when the account's contacts have changed since
 * (decision 0055) or it was closed, what it has now, so support calls the right person.
 */
function buyerLines(order: OrderRow, account: AlertAccount): string[] {
  const billing = order.billing as Billing;
  const billed = `Buyer: ${billing.name}, ${billing.mobile}, ${billing.email}${billing.companyName ? ` (${billing.companyName})` : ''}`;
  if (!account)
    return [billed, "The account is closed: these contacts may no longer be the buyer's."];
  if (account.email === billing.email && account.mobile === billing.mobile) return [billed];
  return [
    `${billed} (as billed)`,
    `The account's contacts now: ${account.mobile}, ${account.email}. Call or write to these.`,
  ];
}

/**
 * An alert about an order: `{event} {reference}: {amount}` as its subject (and its SMS), then
 * what happened, the buyer (with the account's contacts now when they changed), and the order
 * in the console.
 */
const orderAlert = (
  config: AlertConfig,
  order: OrderRow,
  account: AlertAccount,
  alert: { event: string; amount: number; what: string },
): StaffAlert => ({
  subject: `${alert.event} ${order.reference}: ${inr(alert.amount)}`,
  text: [alert.what, ...buyerLines(order, account), consoleLink(config, order)].join('\n'),
  sms: [alert.event, order.reference, `Rs ${smsRupees(alert.amount)}`],
});

/** How the buyer pays, as the team says it (the setting's code means nothing to them). */
const paidHow = (provider: string) =>
  provider === 'razorpay' ? 'online through Razorpay' : 'by UPI / bank transfer';

/**
 * An alert about an order's held numbers: `event` with the order's reference and total, and
 * what happened, told with the numbers and the hold's end.
 */
const heldNumbersAlert = (
  config: AlertConfig,
  order: OrderRow,
  account: AlertAccount,
  items: readonly { number: string }[],
  event: string,
  what: (numbers: string, holdEnd: string) => string,
) =>
  orderAlert(config, order, account, {
    event,
    amount: order.totalAmount,
    what: what(displayNumbers(items), formatIndiaDateTime(order.holdExpiresAt)),
  });

/** A buyer placed an order: the numbers are held until it is paid, and until when. */
export const newOrderAlert = (
  config: AlertConfig,
  order: OrderRow,
  account: AlertAccount,
  items: readonly { number: string }[],
): StaffAlert =>
  heldNumbersAlert(
    config,
    order,
    account,
    items,
    'New order',
    (numbers, holdEnd) =>
      `${numbers}, held until ${holdEnd} for payment ${paidHow(order.paymentProvider)}.`,
  );

/**
 * An order's hold lapsed unpaid: its numbers are back on sale and the buyer was told. A lead the
 * team may still win with a call (the buyer may have paid and not entered the UTR). `waiting`:
 * other orders paid for one of these numbers that could not have it (late), their money still due back (decision
 * 0054): the team offers the number to that buyer first.
 */
export const holdLapsedAlert = (
  config: AlertConfig,
  order: OrderRow,
  account: AlertAccount,
  items: readonly { number: string }[],
  waiting: readonly { reference: string; number: string }[] = [],
): StaffAlert =>
  heldNumbersAlert(config, order, account, items, 'Hold lapsed on order', (numbers, holdEnd) =>
    [
      `${numbers}: not paid by ${holdEnd}, so the order is cancelled and ${items.length === 1 ? 'the number is' : 'the numbers are'} back on sale. A call may still win the sale.`,
      ...waiting.map(
        (other) =>
          `Order ${other.reference} paid for ${displayNumbers([other])} but could not have it, and its money is due back: offer the number to that buyer first, while it is still free.`,
      ),
    ].join('\n'),
  );

/** A buyer says they have paid: staff verify the UTR in the bank statement, then confirm it. */
export function paymentSubmittedAlert(
  config: AlertConfig,
  order: OrderRow,
  account: AlertAccount,
): StaffAlert {
  return orderAlert(config, order, account, {
    event: 'Payment submitted for order',
    amount: order.totalAmount,
    what: `UTR ${order.submittedUtrKey}: check the bank statement, then confirm or reject it in the console.`,
  });
}

/** Money that arrived for an order: what it paid for, or that it must go back. */
export interface PaymentNotice {
  provider: string;
  reference: string;
  /** Paise. */
  amount: number;
  /**
   * paid: it paid for the order; refund_due: it cannot (the order is cancelled, or it was a
   * further payment) and must be refunded.
   */
  outcome: 'paid' | 'refund_due';
  /**
   * refund_due because a number is only held by an order not paid yet, not sold (decision
   * 0054): each such number (as displayed) with that order and the end of its hold; the order
   * may be the payer's own (decision 0068).
   */
  heldElsewhere?: readonly GoneNumber[];
}

/**
 * A payment arrived (online, or a transfer staff confirmed): the one alert of every payment,
 * whichever door it came through.
 */
export function paymentAlert(
  config: AlertConfig,
  order: OrderRow,
  account: AlertAccount,
  payment: PaymentNotice,
): StaffAlert {
  const how =
    payment.provider === 'razorpay'
      ? `Paid online through Razorpay (payment ${payment.reference}).`
      : `UPI / bank transfer ${payment.reference}, confirmed in the console.`;
  return orderAlert(config, order, account, {
    event: payment.outcome === 'paid' ? 'Payment received for order' : 'Payment to refund on order',
    amount: payment.amount,
    what: [
      payment.outcome === 'paid'
        ? `${how} Send the UPC of each number.`
        : `${how} It cannot pay for the order: refund it from the console.`,
      ...(payment.heldElsewhere ?? []).map(({ number, order: holder, until }) => {
        const reference = holder?.reference ?? 'another order';
        const held = `${number} is only held, not sold: ${holder?.own ? "this same buyer's " : ''}order ${reference} holds it${until ? ` until ${formatIndiaDateTime(until)}` : ''}.`;
        return holder && holder === ownHoldingOrder(order, payment.heldElsewhere ?? [])
          ? `${held} The buyer is told to pay that order as usual; this payment is refunded.`
          : `${held} If that hold lapses unpaid, the number comes free: offer it to this buyer first (the lapse alert of ${reference} will say so).`;
      }),
    ].join('\n'),
  });
}

/**
 * A number of a paid order broke a porting promise (decision 0107): the order's reference, the
 * number and the reason in its subject and SMS, since when in words, the buyer and the order in
 * the console.
 */
export function portingOverdueAlert(
  config: AlertConfig,
  late: OverdueInOrder,
  now: Date,
): StaffAlert {
  const { order, item } = late;
  const number = displayNumber(item.number);
  const label = overdueReasonLabels[item.overdue.reason];
  return {
    subject: `Porting overdue on order ${order.reference}: ${number}, ${label}`,
    text: overdueLines(config, late, now).join('\n'),
    sms: [label, order.reference, number],
  };
}

/** A number that broke a porting promise, with its order and the order's account now. */
export interface OverdueInOrder {
  order: OrderRow;
  account: AlertAccount;
  item: { number: string; overdue: PortingOverdue };
}

const overdueLines = (config: AlertConfig, { order, account, item }: OverdueInOrder, now: Date) => [
  `${displayNumber(item.number)}: ${overdueInWords(item.overdue, now)}.`,
  `Overdue since ${formatIndiaDateTime(item.overdue.since)}.`,
  ...buyerLines(order, account),
  consoleLink(config, order),
];

/**
 * Many numbers found overdue at once (the first sweep after an upgrade, or after the sweep's
 * process was down): one alert listing them all, each as its own alert would say it, instead of
 * an e-mail and an SMS per number.
 */
export function portingOverdueDigest(
  config: AlertConfig,
  late: readonly OverdueInOrder[],
  now: Date,
): StaffAlert {
  const orderCount = new Set(late.map(({ order }) => order.id)).size;
  const orderWords = `${orderCount} ${orderCount === 1 ? 'order' : 'orders'}`;
  return {
    subject: `Porting overdue on ${late.length} numbers in ${orderWords}`,
    text: [
      `${late.length} numbers broke a porting promise, in ${orderWords}:`,
      ...late.map((one) => ['', ...overdueLines(config, one, now)].join('\n')),
      '',
      `All the orders overdue: ${ordersConsoleUrl(config, '?overdue=any')}`,
    ].join('\n'),
    sms: ['Porting overdue on', `${late.length} numbers`, orderWords],
  };
}
