import {
  formatIndiaDateTime,
  formatInr,
  indiaDay,
  listInWords,
  plural,
  portingStatusLabels,
  toRupees,
  type OrderStatus,
  type PortingStatus,
} from '@store/domain';
import { displayNumber } from '../catalog/catalog-service';
import type { Config } from '../config/config';
import {
  withEmailAttachment,
  type QueuedMessage,
  type WhatsappTemplateKind,
} from '../notify/message';
import type { Tx } from '../db/transactions';
import type { OutgoingMessage } from '../notify/notifier';
import { enqueueMessages } from '../notify/outbox';
import {
  smsMessage,
  smsRupees,
  type SmsTemplate,
  type SmsTemplateKind,
} from '../notify/sms-templates';
import { storeContactLine, type ContactConfig } from '../notify/store-contact';
import type { PaymentDetails } from '../payments/payment-service';
import { heldAgainFrom } from './hold-limits';
import { withStateCode } from './order-invoice';
import type { Billing, OrderDeps, OrderRow } from './order-types';

type MessageConfig = Pick<
  Config,
  'STORE_NAME' | 'PUBLIC_BASE_URL' | 'HOLD_COOLDOWN_MINUTES' | 'PAYMENT_SUBMITTED_HOLD_HOURS'
> &
  ContactConfig;

export interface Contact {
  name: string;
  email: string;
  mobile: string;
}

interface MessageItem {
  number: string;
  price: number;
}

/** A Corporate account's order (its billing): it is told how a company takes a number. */
export const isCorporate = (order: Pick<OrderRow, 'billing'>) =>
  (order.billing as Partial<Billing> | null)?.accountType === 'Corporate';

/**
 * How a number is ported (domain.md §4, decision 0050): an individual in their own name with
 * their Aadhaar; a company as a corporate connection (the authorised signatory's letter and the
 * company's documents, at the operator's business desk), or through an employee in the
 * employee's own name.
 */
const portingWays = {
  individual:
    'Visit any Jio, Airtel, Vi or BSNL store with your original Aadhaar card for biometric e-KYC, choose prepaid or postpaid, and the number is ported in your own name.',
  corporate:
    "To take the number in your company's name, as a corporate connection, ask the business desk of Jio, Airtel, Vi or BSNL: it needs a letter from your authorised signatory and the company's documents (such as its certificate of incorporation or GST registration, and PAN), and gives you its exact list. Or an employee ports it in their own name at any Jio, Airtel, Vi or BSNL store with their original Aadhaar card (biometric e-KYC): the number is then the employee's, not the company's.",
};

/**
 * The short form, for an SMS and WhatsApp: where to take the UPC (`it`, or `each` of several).
 * A company's two ways do not fit an SMS: its order page (and the UPC e-mail) has them.
 */
const takeUpc = (corporate: boolean, it: 'it' | 'each') =>
  corporate
    ? `Take ${it} to Jio, Airtel, Vi or BSNL: how a company ports a number is on your order page.`
    : `Take ${it} with your original Aadhaar to any Jio, Airtel, Vi or BSNL store to port it in your name.`;

/** Anyone holding a UPC can port the number: the buyer is told to keep it to themselves. */
const KEEP_UPC_PRIVATE =
  "Keep the UPC private: anyone who has it can port the number. Give it only to the operator's store when you port; our team never asks you for it.";
/** The same, short, for an SMS. */
const SHARE_UPC_ONLY_AT_THE_STORE = "Share it only at the operator's store: we never ask for it.";

/**
 * What happens after payment, as told to buyers (domain.md §4); the order page shows the same.
 * A manual payment over the UPI limit (`details` without a UPI ID) is a bank transfer.
 */
export function portingSteps(
  provider: string,
  details?: PaymentDetails,
  corporate = false,
): string[] {
  const how = details?.instructions?.upiId === null ? 'bank transfer' : 'UPI or bank transfer';
  const pay =
    provider === 'razorpay'
      ? 'Pay online (UPI, card or net banking) before the hold ends. There is no cash on delivery: what we deliver is a code.'
      : `Pay by ${how} before the hold ends, quoting your order reference. There is no cash on delivery: what we deliver is a code.`;
  return [
    pay,
    'Within 24 hours of payment we send your Unique Porting Code (UPC, 8 characters) and the GST invoice by SMS, e-mail and WhatsApp.',
    corporate ? portingWays.corporate : portingWays.individual,
    'The SIM becomes active in 3 to 5 working days (up to 15 days in Jammu & Kashmir and the North-East). A UPC is valid 4 days (30 in J&K, Assam and the North-East); an expired one is replaced free. If porting fails, you are refunded in full.',
  ];
}

const inr = (paise: number) => formatInr(toRupees(paise));

/** What a new order's answer says: `Order … placed. Please pay by … to keep your number.` */
export const orderPlacedNote = (order: {
  reference: string;
  holdExpiresAt: string;
  items: readonly unknown[];
}) =>
  `Order ${order.reference} placed. Please pay by ${formatIndiaDateTime(new Date(order.holdExpiresAt))} to keep your ${plural(order.items.length, 'number', 'numbers')}.`;

/** The buyer's order page (it asks for sign-in). */
function orderPageUrl(config: MessageConfig, order: Pick<OrderRow, 'id'>, query = ''): string {
  return `${config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/orders/${order.id}${query}`;
}

/** The order page offering to order a lapsed order's numbers again (its "Try again" button). */
const RETRY_QUERY = '?retry=1';

/**
 * Who the invoice is made out to, as on the order page; with `contacts`, the account's e-mail
 * and mobile as they are now instead of the order's (replaced ones are locked out, 0065).
 */
function billingLines(
  billing: Billing,
  contacts: Pick<Contact, 'email' | 'mobile'> = billing,
): string[] {
  const lines = ['Billed to:', `  ${billing.name}, ${contacts.email}, ${contacts.mobile}`];
  if (billing.companyName) lines.push(`  ${billing.companyName}`);
  if (billing.gstinNo) lines.push(`  GSTIN ${billing.gstinNo}`);
  const a = billing.address;
  if (a) {
    lines.push(
      `  ${[a.line1, a.line2, a.city, `${a.state} ${a.pinCode}`].filter(Boolean).join(', ')}`,
    );
  }
  return lines;
}

/**
 * The amount breakdown, one line each, as on the order page: GST by kind on the taxable value,
 * then the TDS the buyer deducts (decision 0015), then the total (to pay, or paid once it is).
 */
function amountLines(
  order: OrderRow,
  total: 'Total to pay' | 'Total paid' = 'Total to pay',
): string[] {
  const tax = order.taxBasisPoints / 100;
  const lines = [`Subtotal: ${inr(order.subtotal)}`];
  // Orders before 0009 took TDS off before GST: their taxable value differs from the subtotal.
  if (order.taxable !== order.subtotal) lines.push(`Taxable value: ${inr(order.taxable)}`);
  if (order.igstAmount > 0) {
    lines.push(`IGST (${tax}%): ${inr(order.igstAmount)}`);
  } else {
    lines.push(`CGST (${tax / 2}%): ${inr(order.cgstAmount)}`);
    lines.push(`SGST (${tax / 2}%): ${inr(order.sgstAmount)}`);
  }
  if (order.tdsBasisPoints > 0) {
    lines.push(`TDS deducted by you (${order.tdsBasisPoints / 100}%): -${inr(order.tdsDeducted)}`);
  }
  lines.push(`${total}: ${inr(order.totalAmount)}`);
  return lines;
}

function numberLines(items: readonly MessageItem[]): string[] {
  return items.map((item) => `  ${displayNumber(item.number)}  ${inr(item.price)}`);
}

/** Why an order over the UPI limit is paid by bank transfer (the order page says it too). */
const upiOverLimit = (limit: number) =>
  `UPI is offered up to ${formatInr(limit)}: most banks allow no more in one UPI payment.`;

function paymentLines(
  order: OrderRow,
  details: PaymentDetails,
  config: MessageConfig,
  count: number,
): string[] {
  if (details.instructions) {
    const i = details.instructions;
    return [
      i.upiId
        ? `Pay ${formatInr(i.amount)} by UPI to ${i.upiId}, or by bank transfer to:`
        : `Pay ${formatInr(i.amount)} by bank transfer (NEFT, RTGS or IMPS) to:`,
      `  ${i.bankDetails}`,
      ...(i.upiId ? [] : [upiOverLimit(i.upiLimit)]),
      `Quote your order reference ${i.reference} with the payment.`,
      ...(details.upiLink
        ? [
            'To pay by UPI, scan the attached QR code (upi-qr.png) with any UPI app. (On a phone whose mail app opens UPI links, this one pays in one tap: ' +
              `${details.upiLink})`,
          ]
        : []),
      ...afterPayingLines(config, order, count),
    ];
  }
  return [
    `Pay ${inr(order.totalAmount)} online on your order page: ${orderPageUrl(config, order)} (order ${order.reference}).`,
  ];
}

/** The hours "I have paid" keeps the numbers for while the team checks the payment. */
const submittedHoldHours = (config: MessageConfig) =>
  `${config.PAYMENT_SUBMITTED_HOLD_HOURS} ${plural(config.PAYMENT_SUBMITTED_HOLD_HOURS, 'hour', 'hours')}`;

/**
 * The step of a manual payment that keeps the hold (F1 of QA 13b): the UTR entered on the order
 * page with its "I have paid" button (payment-submission.ts) keeps the numbers for
 * PAYMENT_SUBMITTED_HOLD_HOURS while the team checks it; a transfer the team has not seen by the
 * end of the short hold is otherwise lost.
 */
function afterPayingLines(config: MessageConfig, order: OrderRow, count: number): string[] {
  return [
    '',
    `After paying, enter the UTR (the transaction reference from your bank or UPI app) on your order page and press "I have paid": ${orderPageUrl(config, order)}`,
    `We then keep your ${plural(count, 'number', 'numbers')} for you for ${submittedHoldHours(config)} while our team checks the payment, and write to you once it is confirmed.`,
  ];
}

/** Staff's words closed as a sentence: `Not found` -> `Not found.`. */
export const sentence = (text: string) =>
  /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;

const greeting = (contact: Contact) => `Dear ${contact.name},`;
const signOff = (config: MessageConfig) => [
  '',
  storeContactLine(config),
  '',
  `Thank you,`,
  config.STORE_NAME,
];

/**
 * The fixed last line of every WhatsApp template: how to stop them (decision 0057). The store
 * reads no WhatsApp replies, so not "reply STOP": the profile's box turns them off.
 */
const WHATSAPP_OPT_OUT =
  'To stop WhatsApp updates, untick "Send me order and porting updates on WhatsApp" in your profile on our website.';

/**
 * How each WhatsApp template reads, from its body parameters ({{1}}, {{2}}, ... in order): the
 * text to have approved for WHATSAPP_TEMPLATE_<KIND> (docs/decisions/0011), and what the dev
 * outbox shows; each ends with WHATSAPP_OPT_OUT.
 */
const whatsappTexts: Record<WhatsappTemplateKind, (parameters: string[]) => string> = {
  payment_received: ([name, reference, numbers, orderPage]) =>
    `Hello ${name}, we have received your payment for order ${reference}. ${numbers}: now yours. Your GST invoice is on your order page: ${orderPage}. Your UPC follows within 24 hours.`,
  // {{2}} says whether the code is new (naming the one it voids), {{7}} how to port (decision 0050).
  upc_sent: ([name, which, number, reference, upc, until, how]) =>
    `Hello ${name}, ${which} for your number ${number} (order ${reference}) is ${upc}, valid until ${until}. ${how} Keep the code private: give it only to the operator's store. Our team never asks you for it.`,
  porting_update: ([name, reference, numbers, step]) =>
    `Hello ${name}, order ${reference}: ${numbers}: ${step}.`,
  order_update: ([name, reference, text]) => `Hello ${name}, order ${reference}: ${text}`,
};

interface WhatsappPart {
  kind: WhatsappTemplateKind;
  parameters: string[];
}

/**
 * The e-mail and the SMS (its DLT template and variables, decision 0052), and the WhatsApp
 * message (sent only to buyers who opted in).
 */
function toBuyer(
  config: MessageConfig,
  contact: Contact,
  subject: string,
  email: string[],
  sms: SmsTemplate,
  whatsapp?: WhatsappPart,
): OutgoingMessage[] {
  const messages: OutgoingMessage[] = [
    { channel: 'email', to: contact.email, subject, text: email.join('\n') },
    smsMessage(contact.mobile, sms, config),
  ];
  if (whatsapp) {
    messages.push({
      channel: 'whatsapp',
      to: contact.mobile,
      subject: whatsapp.kind,
      text: `${whatsappTexts[whatsapp.kind](whatsapp.parameters)} ${WHATSAPP_OPT_OUT}`,
      template: whatsapp,
    });
  }
  return messages;
}

/** The numbers as a buyer reads them: `98765 43210, 90000 78600`. */
export const displayNumbers = (numbers: readonly { number: string }[]) =>
  numbers.map((item) => displayNumber(item.number)).join(', ');

/**
 * The numbers (as displayed) in an SMS variable, at most 30 characters: one or two named,
 * more as `94942 66660 and 2 more`.
 */
const smsNumbers = (numbers: readonly string[]) =>
  numbers.length <= 2 ? numbers.join(', ') : `${numbers[0]} and ${numbers.length - 1} more`;

/** An order's numbers in an SMS variable (smsNumbers); a step told without them, so. */
const smsItems = (items: readonly { number: string }[]) =>
  items.length ? smsNumbers(items.map((item) => displayNumber(item.number))) : 'your numbers';

/** The hours "I have paid" keeps the numbers for, as an SMS variable. */
const smsHoldHours = (config: MessageConfig) => String(config.PAYMENT_SUBMITTED_HOLD_HOURS);

/** A calendar day (YYYY-MM-DD) as people in India write it: `26 Nov 2026`. */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/**
 * Why an order cancelled before payment must not be paid: a manual payment's e-mail still asks
 * for it, with the payment details and any QR code; a Razorpay payment is made in a window on
 * its page, which may still be open (QA 19 F6).
 */
const oldDetailsVoid = (many: boolean, provider: string) =>
  provider === 'razorpay'
    ? `Please do not pay ${many ? 'them' : 'it'}: close any payment window still open for ${many ? 'them' : 'it'}.`
    : many
      ? 'Please do not pay them: the payment details and any QR code in our e-mails about them no longer apply.'
      : 'Please do not pay it: the payment details and any QR code in our e-mail about it no longer apply.';

/**
 * First in a new order's e-mail when its checkout cancelled the buyer's open orders (decision
 * 0075): their references, cancelled, not to be paid; paid, as the new one, through `provider`.
 */
function replacedLines(references: readonly string[], provider: string): string[] {
  if (references.length === 0) return [];
  const many = references.length > 1;
  return [
    `This order replaces your ${many ? 'orders' : 'order'} ${listInWords(references)}, which ${many ? 'are' : 'is'} now cancelled. ${oldDetailsVoid(many, provider)} Pay only this order, as below.`,
    '',
  ];
}

/**
 * At checkout: the breakdown, how to pay, when the hold ends, what happens next; first, the
 * references of the buyer's open orders the checkout cancelled (`replaced`), not to be paid.
 */
export function orderPlacedMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  items: readonly MessageItem[],
  details: PaymentDetails,
  replaced: readonly string[] = [],
): OutgoingMessage[] {
  const until = formatIndiaDateTime(order.holdExpiresAt);
  const email = [
    greeting(contact),
    '',
    ...replacedLines(replaced, order.paymentProvider),
    `Thank you for your order ${order.reference}. We are holding ${items.length === 1 ? 'this number' : 'these numbers'} for you until ${until}:`,
    ...numberLines(items),
    '',
    ...amountLines(order),
    '',
    ...billingLines(order.billing as Billing),
    '',
    'How to pay:',
    ...paymentLines(order, details, config, items.length),
    '',
    details.instructions
      ? `If by ${until} we have neither your payment nor its UTR, the hold ends and the order is cancelled.`
      : `If the payment has not reached us by ${until}, the hold ends and the order is cancelled.`,
    '',
    'What happens next:',
    ...portingSteps(order.paymentProvider, details, isCorporate(order)).map(
      (step, index) => `${index + 1}. ${step}`,
    ),
    '',
    `Your order page: ${orderPageUrl(config, order)}`,
    ...signOff(config),
  ];
  const held = [order.reference, smsRupees(order.totalAmount), until];
  const upiId = details.instructions?.upiId;
  const sms: SmsTemplate = !details.instructions
    ? { kind: 'order_placed_online', variables: held }
    : upiId
      ? {
          kind: 'order_placed_upi',
          variables: [...held, upiId, order.reference, smsHoldHours(config)],
        }
      : { kind: 'order_placed_bank', variables: [...held, order.reference, smsHoldHours(config)] };
  const replaces = replaced.length ? ` (replaces ${listInWords(replaced)})` : '';
  return toBuyer(
    config,
    contact,
    `Order ${order.reference}: please pay by ${until}${replaces}`,
    email,
    sms,
  );
}

/** Payment received: the order is paid and porting starts. */
export function orderPaidMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  items: readonly MessageItem[],
): OutgoingMessage[] {
  const email = [
    greeting(contact),
    '',
    `We have received your payment${order.paymentReference ? ` (reference ${order.paymentReference})` : ''} for order ${order.reference}. ${items.length === 1 ? 'This number is' : 'These numbers are'} now yours:`,
    ...numberLines(items),
    '',
    ...amountLines(order, 'Total paid'),
    '',
    `Your GST tax invoice is attached; your order page has it too: ${orderPageUrl(config, order)}`,
    '',
    'What happens next:',
    // The invoice is here already: of the second step only the UPC is still to come.
    ...[
      'Within 24 hours of payment we send your Unique Porting Code (UPC, 8 characters) by SMS, e-mail and WhatsApp.',
      ...portingSteps(order.paymentProvider, undefined, isCorporate(order)).slice(2),
    ].map((step, index) => `${index + 1}. ${step}`),
    ...signOff(config),
  ];
  const sms: SmsTemplate = { kind: 'payment_received', variables: [order.reference] };
  return toBuyer(config, contact, `Payment received: order ${order.reference}`, email, sms, {
    kind: 'payment_received',
    parameters: [contact.name, order.reference, displayNumbers(items), orderPageUrl(config, order)],
  });
}

/**
 * Why a late payment's order was no longer open when the money came (mark-paid.ts, decision
 * 0068): its hold had ended, the buyer had replaced it with a new checkout, or the buyer had
 * removed its numbers from the cart. An order staff cancelled is told apart (refundDueMessages
 * without `late`).
 */
export type OrderClosedBy = 'lapsed' | 'replaced' | 'cart';

/** A number of a late payment's order that went elsewhere meanwhile (mark-paid.ts). */
export interface GoneNumber {
  /** As displayed: `91897 55501`. */
  number: string;
  /** Sold, held by an order not paid yet (until when), or taken off sale. */
  state: 'sold' | 'held' | 'off_sale';
  /**
   * The order that bought or holds it, with its status now (one that paid may since have been
   * cancelled or refunded); `own`: the payer's own order.
   */
  order?: { reference: string; totalAmount: number; status: OrderStatus; own: boolean };
  /** A hold's end. */
  until?: Date;
  /** Sold, then refunded alone from that order (decision 0039), which still stands. */
  refundedAlone?: boolean;
}

/** Gone numbers told in one clause: those in one state with one order (and one hold's end). */
export interface GoneGroup {
  /** As a sentence lists them: `91897 55501 and 98765 98765`. */
  numbers: string;
  one: boolean;
  state: GoneNumber['state'];
  order?: GoneNumber['order'];
  until?: Date;
  refundedAlone?: boolean;
}

/** The gone numbers grouped for their clauses, in the order they come (QA 18 F3). */
export function goneGroups(gone: readonly GoneNumber[]): GoneGroup[] {
  const groups = new Map<string, { first: GoneNumber; numbers: string[] }>();
  for (const number of gone) {
    const key = [
      number.state,
      number.order?.reference,
      number.until?.getTime(),
      number.refundedAlone,
    ].join('|');
    const group = groups.get(key) ?? { first: number, numbers: [] };
    group.numbers.push(number.number);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ first: { state, order, until, refundedAlone }, numbers }) => ({
    numbers: listInWords(numbers),
    one: numbers.length === 1,
    state,
    ...(order && { order }),
    ...(until && { until }),
    ...(refundedAlone && { refundedAlone }),
  }));
}

/**
 * What became of an order that had paid for a number, when it no longer stands: `cancelled`
 * (its money due back) or `cancelled and refunded`. The number stays sold until staff put it
 * back on sale, but it is not that buyer's (QA 18 F3).
 */
const undoneAs = (status: OrderStatus) =>
  status === 'refunded' ? 'cancelled and refunded' : status === 'cancelled' ? 'cancelled' : '';

/**
 * What became of a sold number's sale, when it no longer stands: its order undone (undoneAs),
 * or the number refunded alone from the order, which goes on with its others; '' while it stands.
 */
export const saleUndoneAs = ({
  order,
  refundedAlone,
}: Pick<GoneGroup, 'order' | 'refundedAlone'>) =>
  (order && undoneAs(order.status)) || (refundedAlone ? 'refunded alone' : '');

/** A late payment: why its order was not open, and where each of its numbers went (decision 0068). */
export interface LatePayment {
  closedBy: OrderClosedBy;
  gone: readonly GoneNumber[];
}

/**
 * The payer's own open order holding numbers of a late manual payment's order (decision 0068):
 * the buyer is told to pay that order as usual, this payment being refunded. Razorpay's late
 * money goes back at once with its own reason (decision 0019), so it is not told there.
 */
export function ownHoldingOrder(
  order: Pick<OrderRow, 'paymentProvider'>,
  gone: readonly GoneNumber[],
) {
  if (order.paymentProvider === 'razorpay') return undefined;
  return gone.find((number) => number.state === 'held' && number.order?.own)?.order;
}

/**
 * How a refund due reaches the buyer: through Razorpay (5 to 7 working days, Razorpay's own
 * figure), or paid back by the team to the account the money came from (decision 0049).
 */
const refundDueTiming = (order: OrderRow) =>
  order.paymentProvider === 'razorpay'
    ? 'The refund is made through Razorpay and reaches the account you paid from in 5 to 7 working days.'
    : 'Our team sends the money back to the account you paid from, usually within 2 working days, and writes to you when it has gone.';

/**
 * Why the order was not open, as the buyer is told: after "for order VN-…" in the e-mail, and
 * after "Your payment arrived" in an automatic refund's reason, so it names the order (QA 19 F11).
 */
const closedForBuyer: Record<OrderClosedBy, string> = {
  lapsed: "after the order's hold had ended",
  replaced: 'after you had replaced the order with a new checkout',
  cart: "after you had removed the order's numbers from your cart, which cancelled it",
};

/** Where a late payment's numbers went, as the buyer is told (QA 13b F18, QA 16 F4, QA 18 F3). */
function goneForBuyer({ numbers, one, state, order, until, refundedAlone }: GoneGroup): string {
  const was = one ? 'was' : 'were';
  if (state === 'off_sale') return `${numbers} ${was} taken off sale`;
  if (state === 'sold') {
    if (!order?.own) return `${numbers} ${was} sold to another buyer`;
    const undone = undoneAs(order.status);
    if (undone) return `${numbers} ${was} in your order ${order.reference}, which was ${undone}`;
    return refundedAlone
      ? `${numbers} ${was} in your order ${order.reference} and ${was} refunded from it`
      : `${numbers} ${one ? 'is' : 'are'} already yours: your order ${order.reference} paid for ${one ? 'it' : 'them'}`;
  }
  return order?.own
    ? `your order ${order.reference} is holding ${numbers}${until ? ` until ${formatIndiaDateTime(until)}` : ''} (not paid yet)`
    : `another buyer's order is holding ${numbers} (not paid yet)`;
}

/** When a late payment came and where its numbers had gone, in the buyer's words. */
const lateWhy = (late: LatePayment) =>
  `${closedForBuyer[late.closedBy]}, and meanwhile ${
    late.gone.length
      ? goneGroups(late.gone).map(goneForBuyer).join('; ')
      : 'a number in it was taken off sale'
  }.`;

/** Why a late Razorpay payment went back by itself: its refund's reason, told to the buyer. */
export const latePaymentReason = (late: LatePayment) => `Your payment arrived ${lateWhy(late)}`;

/**
 * A payment that cannot pay for its order: it came after the order had closed (`late`: why,
 * and for each number gone whether it was sold, is held by another buyer's order or by the
 * buyer's own, or was taken off sale), or (`late` undefined) after staff had cancelled it. When
 * the buyer's own open order holds a number (ownHoldingOrder), they are told to pay that order
 * as usual: this payment is refunded, as one payment pays one order (decision 0068).
 */
export function refundDueMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  late?: LatePayment,
): OutgoingMessage[] {
  const why = late
    ? lateWhy(late)
    : 'after our team had cancelled the order, so it cannot pay for it.';
  const own = late && ownHoldingOrder(order, late.gone);
  const paid = order.totalAmount;
  const next = own
    ? `Order ${order.reference} is cancelled, so this payment cannot pay for it, nor for order ${own.reference}: to keep its numbers, pay order ${own.reference} (${inr(own.totalAmount)}) as its page shows. This payment will be refunded in full (${inr(paid)}). ${refundDueTiming(order)}`
    : `We are sorry: the order is cancelled and you will be refunded in full (${inr(paid)}). ${refundDueTiming(order)}`;
  const page = orderPageUrl(config, order);
  const email = [
    greeting(contact),
    '',
    `We received your payment${order.paymentReference ? ` (reference ${order.paymentReference})` : ''} for order ${order.reference} ${why}`,
    next,
    '',
    `Your order: ${page}`,
    ...signOff(config),
  ];
  const amount = smsRupees(paid);
  const sms: SmsTemplate =
    late?.closedBy === 'lapsed'
      ? {
          kind: 'payment_late',
          variables: [
            order.reference,
            late.gone.length ? smsNumbers(late.gone.map(({ number }) => number)) : 'a number in it',
            amount,
          ],
        }
      : { kind: 'payment_after_cancel', variables: [order.reference, amount] };
  return toBuyer(
    config,
    contact,
    own
      ? `Order ${order.reference}: your payment and your order ${own.reference}`
      : `Order ${order.reference}: you will be refunded`,
    email,
    sms,
  );
}

/**
 * "I have paid" taken (payment-submission.ts): the reference the buyer gave, and until when the
 * numbers are kept while the team checks it.
 */
export function paymentSubmittedMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  items: readonly { number: string }[],
  utr: string,
): OutgoingMessage[] {
  const until = formatIndiaDateTime(order.holdExpiresAt);
  const numbers = displayNumbers(items);
  const email = [
    greeting(contact),
    '',
    `We have your payment reference (UTR) ${utr} for order ${order.reference}, ${inr(order.totalAmount)}. Our team is checking the payment: we keep ${numbers} for you until ${until}, and write to you once it is confirmed.`,
    '',
    `Your order page: ${orderPageUrl(config, order)}`,
    ...signOff(config),
  ];
  const sms: SmsTemplate = {
    kind: 'payment_submitted',
    variables: [utr, order.reference, smsRupees(order.totalAmount), smsItems(items), until],
  };
  return toBuyer(
    config,
    contact,
    `Order ${order.reference}: we have your payment reference`,
    email,
    sms,
  );
}

/** A payment the store cannot keep (orders/mark-paid.ts). */
export interface UnexpectedPaymentNotice {
  reference: string;
  /** Paise, when the provider said. */
  amount?: number;
  /** amount_mismatch: the order is cancelled; extra: the order, already paid, goes on. */
  kind: 'amount_mismatch' | 'extra';
}

/**
 * A payment that must go back: one whose amount is not the order's total (the order is
 * cancelled), or a further payment for an order already paid (the order goes on as it was).
 */
export function unexpectedPaymentMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  payment: UnexpectedPaymentNotice,
): OutgoingMessage[] {
  const paid = payment.amount === undefined ? 'a payment' : `a payment of ${inr(payment.amount)}`;
  const what =
    payment.kind === 'amount_mismatch'
      ? `We received ${paid} (reference ${payment.reference}) for order ${order.reference}, but the order total is ${inr(order.totalAmount)}, so it cannot pay for the order. The order is cancelled and the payment will be refunded in full.`
      : `We received a further payment${payment.amount === undefined ? '' : ` of ${inr(payment.amount)}`} (reference ${payment.reference}) for order ${order.reference}, which was already paid. Your order goes on as before, and this further payment will be refunded in full.`;
  const email = [
    greeting(contact),
    '',
    what,
    'Our team will contact you.',
    '',
    `Your order: ${orderPageUrl(config, order)}`,
    ...signOff(config),
  ];
  const sms: SmsTemplate =
    payment.kind === 'amount_mismatch'
      ? { kind: 'payment_mismatch', variables: [payment.reference, order.reference] }
      : { kind: 'payment_extra', variables: [order.reference, payment.reference] };
  return toBuyer(
    config,
    contact,
    `Order ${order.reference}: a payment will be refunded`,
    email,
    sms,
  );
}

/** The numbers and what they cost: `97861 61984 (₹2,83,200)`, the order's total. */
const numbersAndTotal = (order: OrderRow, items: readonly { number: string }[]) =>
  `${displayNumbers(items)} (${inr(order.totalAmount)})`;

/**
 * The hold ends in a few minutes and the order is unpaid: which numbers, how to keep them (a
 * manual payment: its UTR on the order page), by e-mail and SMS.
 */
export function holdEndingMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  items: readonly { number: string }[],
): OutgoingMessage[] {
  const until = formatIndiaDateTime(order.holdExpiresAt);
  const it = items.length === 1 ? 'it' : 'them';
  // The order's total to pay, not a number's price (QA 30 F9).
  const held = `Order ${order.reference} for ${displayNumbers(items)}: ${inr(order.totalAmount)} to pay, GST included, is held only until ${until}.`;
  const page = orderPageUrl(config, order);
  const manual = order.paymentProvider === 'manual';
  const email = [
    greeting(contact),
    '',
    held,
    manual
      ? `Pay now to keep ${it} (the details are in our order e-mail and on your order page). Once you have paid, enter the UTR (the transaction reference) on your order page and press "I have paid": we then keep ${it} for ${submittedHoldHours(config)} while our team checks the payment.`
      : `Pay now to keep ${it}.`,
    `Your order page: ${page}`,
    ...signOff(config),
  ];
  const heldSms = [order.reference, smsItems(items), smsRupees(order.totalAmount), until];
  const sms: SmsTemplate = manual
    ? { kind: 'hold_ending_manual', variables: [...heldSms, smsHoldHours(config)] }
    : { kind: 'hold_ending_online', variables: heldSms };
  return toBuyer(
    config,
    contact,
    `Order ${order.reference}: your hold ends at ${until}`,
    email,
    sms,
  );
}

/** The hold ended without payment (the sweep): which numbers went back on sale, and what now. */
export function holdExpiredMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  items: readonly { number: string }[],
): OutgoingMessage[] {
  const [is, it, itIs] = items.length === 1 ? ['is', 'it', 'it is'] : ['are', 'them', 'they are'];
  const numbers = displayNumbers(items);
  const again = formatIndiaDateTime(heldAgainFrom(order, config));
  const retry = orderPageUrl(config, order, RETRY_QUERY);
  const email = [
    greeting(contact),
    '',
    `We did not receive the payment of ${inr(order.totalAmount)} for order ${order.reference} before its hold ended, so the order is cancelled and ${numbers} ${is} back on sale.`,
    // The order page's words (retry-order-card.tsx); a reply goes to PUBLIC_SUPPORT_EMAIL (Reply-To).
    `Already paid? Contact us with your payment reference and order reference ${order.reference}: reply to this e-mail, or use the details below. If ${itIs} still free, ${itIs} yours; otherwise you are refunded in full.`,
    `To order ${it} again in one click from ${again}, if ${itIs} still free: ${retry}`,
    ...signOff(config),
  ];
  const sms: SmsTemplate = {
    kind: 'hold_lapsed',
    variables: [order.reference, smsItems(items), smsRupees(order.totalAmount), again],
  };
  return toBuyer(
    config,
    contact,
    `Order ${order.reference} cancelled: payment not received in time`,
    email,
    sms,
  );
}

/**
 * An order awaiting payment cancelled because numbers it held left the cart, with no new order
 * (decision 0075): not to be paid, its numbers back on sale; those of them still in the cart
 * (`inCart`) are not held until the buyer checks out again (QA 18 F11c). By e-mail only: the
 * buyer did it on the website, and it is the e-mail's payment details and QR code (or a Razorpay
 * window still open) that still ask for the money.
 */
export function cartCancelledMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  items: readonly { number: string }[],
  inCart: readonly { number: string }[],
): OutgoingMessage[] {
  const is = items.length === 1 ? 'is' : 'are';
  const kept = inCart.length === 1 ? ['is', 'it'] : ['are', 'them'];
  const email = [
    greeting(contact),
    '',
    `Order ${order.reference}, for ${numbersAndTotal(order, items)}, is cancelled: numbers it held were taken out of your cart before it was paid, so its hold has ended and ${displayNumbers(items)} ${is} back on sale.`,
    oldDetailsVoid(false, order.paymentProvider),
    `Already paid it? Contact us with your payment reference and order reference ${order.reference}: reply to this e-mail, or use the details below.`,
    ...(inCart.length
      ? [
          `${displayNumbers(inCart)} ${kept[0]} still in your cart but no longer held for you: to buy ${kept[1]}, check out again, and you get a new order with its own payment details.`,
        ]
      : []),
    `Your order page: ${orderPageUrl(config, order)}`,
    ...signOff(config),
  ];
  return [
    {
      channel: 'email',
      to: contact.email,
      subject: `Order ${order.reference} cancelled: please do not pay it`,
      text: email.join('\n'),
    },
  ];
}

/** Staff turned down the UTR the buyer submitted: why, and how to go on. */
export function paymentRejectedMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  count: number,
  utr: string,
  reason: string,
): OutgoingMessage[] {
  const text = `We could not match the payment reference ${utr} you gave for order ${order.reference}: ${sentence(reason)}`;
  return [
    {
      channel: 'email',
      to: contact.email,
      subject: `Order ${order.reference}: we could not verify your payment`,
      text: [
        greeting(contact),
        '',
        text,
        `Your ${plural(count, 'number stays', 'numbers stay')} held until ${formatIndiaDateTime(order.holdExpiresAt)}. Please check the reference and submit it again on your order page: ${orderPageUrl(config, order)}`,
        ...signOff(config),
      ].join('\n'),
    },
    // The reason, staff's own words, is in the e-mail: an SMS variable holds 30 characters.
    smsMessage(
      contact.mobile,
      {
        kind: 'payment_rejected',
        variables: [
          utr,
          order.reference,
          plural(count, 'your number', 'your numbers'),
          formatIndiaDateTime(order.holdExpiresAt),
        ],
      },
      config,
    ),
  ];
}

/**
 * The order's completion in words, after the step that ported its last number, or alone (after
 * "Order VN-…: ", so `your`).
 */
const orderComplete = (many: boolean, your: 'Your' | 'your' = 'Your') =>
  `${your} order is complete. Enjoy your new ${many ? 'numbers' : 'number'}!`;

/** The porting_step SMS's words for a number being ported, and for the last one ported. */
const SMS_PORTING = 'porting in progress';
const SMS_PORTED_COMPLETE = 'ported, order complete';

/**
 * A step of the whole order in words, for an order of one number or (`many`) several; its text
 * goes on after "Order VN-…: ", so it starts in lower case (QA 19 F11).
 */
const stepTexts: Partial<
  Record<
    OrderStatus,
    {
      subject: (many: boolean) => string;
      /** `what`: the numbers and the order's total (numbersAndTotal). */
      text: (many: boolean, facts: { corporate: boolean; what: string }) => string;
      /** The step in the porting_step SMS, at most 30 characters (UPCs: order_upcs_sent). */
      sms?: (many: boolean) => string;
    }
  >
> = {
  upc_sent: {
    subject: (many) => (many ? 'your UPCs have been sent' : 'your UPC has been sent'),
    text: (many, { corporate }) =>
      `${many ? 'your UPCs (Unique Porting Codes) have been sent.' : 'your UPC (Unique Porting Code) has been sent.'} ${takeUpc(corporate, many ? 'each' : 'it')} A UPC is valid 4 days (30 in J&K, Assam and the North-East); an expired one is replaced free. ${SHARE_UPC_ONLY_AT_THE_STORE}`,
  },
  porting_in_progress: {
    subject: () => 'porting is in progress',
    sms: () => SMS_PORTING,
    text: (many) =>
      `porting of your ${many ? 'numbers' : 'number'} is in progress. The ${many ? 'SIMs become' : 'SIM becomes'} active in 3 to 5 working days (up to 15 days in Jammu & Kashmir and the North-East).`,
  },
  ported: {
    subject: (many) => `your ${many ? 'numbers have' : 'number has'} been ported`,
    sms: () => 'ported',
    text: (many, { corporate }) =>
      `your ${many ? 'numbers have' : 'number has'} been ported ${portedTo(corporate)}.`,
  },
  completed: {
    subject: () => 'your order is complete',
    text: (many) => orderComplete(many, 'your'),
    sms: () => 'order complete',
  },
  cancelled: {
    subject: () => 'your order has been cancelled',
    sms: () => 'cancelled',
    text: (_many, { what }) => `your order for ${what} has been cancelled.`,
  },
};

/** Where a ported number went: a company's may be in its name or an employee's. */
const portedTo = (corporate: boolean) =>
  corporate ? 'to your operator' : 'to your operator in your own name';

/**
 * A step that ported the order's last number, told with the order's completion in one message
 * per channel (decision 0050), not as two within milliseconds.
 */
function withCompletion(
  step: { subject: string; text: string },
  completes: { many: boolean } | undefined,
) {
  return completes
    ? {
        subject: `${step.subject}, and your order is complete`,
        text: `${step.text} ${orderComplete(completes.many)}`,
      }
    : step;
}

/** The order's porting steps, told on WhatsApp with the porting template. */
const portingOrderSteps: Partial<Record<OrderStatus, PortingStatus>> = {
  upc_sent: 'upc_sent',
  porting_in_progress: 'porting_in_progress',
  ported: 'ported',
};

/**
 * What the cancel of a paid order pays back (decision 0067): the paid total less the numbers
 * refunded alone before (decision 0039), which are named with their amount and day, and the
 * UPCs sent for the numbers it cancels (sentUpcs), void from now.
 */
export interface CancelRefund {
  /** Paise still to come back. */
  amount: number;
  refundedAlone: readonly { number: string; amount: number; at: Date }[];
  /** Numbers whose refund alone was asked of Razorpay and is not confirmed yet (decision 0071). */
  onItsWay: readonly { number: string; amount: number }[];
  upcs: readonly SentUpc[];
}

function cancelRefundLine({ amount, refundedAlone, onItsWay, upcs }: CancelRefund): string {
  const before = [
    ...refundedAlone.map(
      (line) =>
        `${inr(line.amount)} for ${line.number} was refunded on ${dayText(indiaDay(line.at))}`,
    ),
    ...onItsWay.map(
      (line) => `${inr(line.amount)} for ${line.number} is on its way to you through Razorpay`,
    ),
  ];
  return (
    (before.length
      ? ` The rest of your payment, ${inr(amount)}, will be refunded to you; ${before.join('; ')}.`
      : ` Your payment of ${inr(amount)} will be refunded in full.`) + cancelledUpcsLine(upcs)
  );
}

/**
 * A step of the whole order (every number at once, its completion, its cancellation), in plain
 * words, with the staff member's note. `completes`: the step ported the last numbers, and the
 * message says the order is complete as well (on WhatsApp as an order update). `refund`: a paid
 * order's cancel, with what comes back; the SMS then has its own template.
 */
export function orderStepMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  items: readonly { number: string }[],
  status: OrderStatus,
  note: string | null,
  { completes = false, refund }: { completes?: boolean; refund?: CancelRefund | undefined } = {},
): OutgoingMessage[] {
  const texts = stepTexts[status];
  if (!texts) return [];
  const many = items.length > 1;
  // Once a number was refunded alone, the order's total is no longer what is cancelled.
  const refundedBefore = Boolean(refund?.refundedAlone.length || refund?.onItsWay.length);
  const step = withCompletion(
    {
      subject: texts.subject(many),
      text: texts.text(many, {
        corporate: isCorporate(order),
        what: refundedBefore ? displayNumbers(items) : numbersAndTotal(order, items),
      }),
    },
    completes ? { many } : undefined,
  );
  const reason = status === 'cancelled' || status === 'refunded' ? 'Reason' : 'Note';
  const refundLine = refund ? cancelRefundLine(refund) : '';
  const email = [
    greeting(contact),
    '',
    `Order ${order.reference}: ${step.text}${refundLine}`,
    ...(note ? ['', `${reason}: ${note}`] : []),
    '',
    `Your order and its timeline: ${orderPageUrl(config, order)}`,
    ...signOff(config),
  ];
  // Staff's note is in the e-mail: an SMS variable holds 30 characters.
  const sms: SmsTemplate =
    status === 'upc_sent' && !completes
      ? { kind: 'order_upcs_sent', variables: [order.reference, smsItems(items)] }
      : refund
        ? {
            kind: 'order_cancelled_refund',
            variables: [order.reference, smsItems(items), smsRupees(refund.amount)],
          }
        : {
            kind: 'porting_step',
            variables: [
              order.reference,
              smsItems(items),
              completes ? SMS_PORTED_COMPLETE : (texts.sms?.(many) ?? status),
            ],
          };
  const porting = completes ? undefined : portingOrderSteps[status];
  return toBuyer(
    config,
    contact,
    `Order ${order.reference}: ${step.subject}`,
    email,
    sms,
    porting
      ? {
          kind: 'porting_update',
          parameters: [
            contact.name,
            order.reference,
            displayNumbers(items),
            portingStatusLabels[porting],
          ],
        }
      : {
          kind: 'order_update',
          parameters: [contact.name, order.reference, `${step.text}${refundLine}`],
        },
  );
}

/** How to use a UPC (domain.md §4), as told with it: a company is told its two ways. */
const upcSteps = (number: string, corporate: boolean) => [
  ...(corporate
    ? [
        `1. Before it expires, take the UPC to Jio, Airtel, Vi or BSNL and ask to port ${number}.`,
        `2. ${portingWays.corporate}`,
      ]
    : [
        `1. Before it expires, take the UPC and your original Aadhaar card to any Jio, Airtel, Vi or BSNL store.`,
        `2. Ask to port ${number} in your own name: the store does a biometric e-KYC, and you choose prepaid or postpaid.`,
      ]),
  '3. The SIM becomes active in 3 to 5 working days (up to 15 days in Jammu & Kashmir and the North-East).',
  'An expired UPC is replaced free: write to us and we send a new one. If porting fails, you are refunded in full.',
  '',
  KEEP_UPC_PRIVATE,
];

/** A porting message's e-mail: the step in words, staff's note, the order page. */
const stepEmail = (
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  body: string[],
  noteLines: string[],
) => [
  greeting(contact),
  '',
  ...body,
  ...noteLines,
  '',
  `Your order and its steps: ${orderPageUrl(config, order)}`,
  ...signOff(config),
];

/**
 * One number's porting step: its UPC (with how to use it), porting started, ported.
 * `replaces`: the UPC the buyer was sent before for this number, now void (a replaced UPC, or one
 * taken back); the new one is told as its replacement, naming it (decision 0050).
 * `completes`: the step ported the order's last number, told in the same message.
 */
export function portingStepMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  item: { number: string; upcCode: string | null; upcExpiresOn: string | null },
  status: Exclude<PortingStatus, 'awaiting_upc'>,
  options: { note: string | null; replaces: string | null; completes?: { many: boolean } },
): OutgoingMessage[] {
  const number = displayNumber(item.number);
  const corporate = isCorporate(order);
  const noteLines = options.note ? ['', `Note: ${options.note}`] : [];
  if (status === 'upc_sent') {
    const upc = item.upcCode ?? '';
    const until = item.upcExpiresOn ? dayText(item.upcExpiresOn) : '';
    const earlier = options.replaces;
    const email = stepEmail(
      config,
      contact,
      order,
      [
        `${earlier ? 'Here is a new' : 'Here is the'} Unique Porting Code (UPC) for your number ${number} (order ${order.reference}):`,
        '',
        `  ${upc}   valid until ${until}`,
        '',
        ...(earlier
          ? [
              `It replaces the UPC ${earlier} we sent you before, which is now void: do not use ${earlier}.`,
              '',
            ]
          : []),
        'How to use it:',
        ...upcSteps(number, corporate),
      ],
      noteLines,
    );
    // A replacement says so, naming the code it voids: the buyer then holds two codes.
    const sms: SmsTemplate = earlier
      ? {
          kind: corporate ? 'upc_replaced_company' : 'upc_replaced',
          variables: [number, upc, until, earlier, order.reference],
        }
      : {
          kind: corporate ? 'upc_sent_company' : 'upc_sent',
          variables: [number, upc, until, order.reference],
        };
    return toBuyer(
      config,
      contact,
      `Order ${order.reference}: ${earlier ? `new UPC for ${number} (replaces ${earlier})` : `the UPC for ${number}`}`,
      email,
      sms,
      {
        kind: 'upc_sent',
        parameters: [
          contact.name,
          earlier ? `the new UPC (it replaces ${earlier}, which is now void)` : 'the UPC',
          number,
          order.reference,
          upc,
          until,
          takeUpc(corporate, 'it'),
        ],
      },
    );
  }
  const step = withCompletion(
    status === 'porting_in_progress'
      ? {
          subject: `porting of ${number} is in progress`,
          text: `porting of your number ${number} is in progress. The SIM becomes active in 3 to 5 working days (up to 15 days in Jammu & Kashmir and the North-East).`,
        }
      : {
          subject: `${number} has been ported`,
          text: `your number ${number} has been ported ${portedTo(corporate)}.`,
        },
    options.completes,
  );
  const sms: SmsTemplate = {
    kind: 'porting_step',
    variables: [
      order.reference,
      number,
      options.completes
        ? SMS_PORTED_COMPLETE
        : status === 'porting_in_progress'
          ? SMS_PORTING
          : 'ported',
    ],
  };
  return toBuyer(
    config,
    contact,
    `Order ${order.reference}: ${step.subject}`,
    stepEmail(config, contact, order, [`Order ${order.reference}: ${step.text}`], noteLines),
    sms,
    options.completes
      ? { kind: 'order_update', parameters: [contact.name, order.reference, step.text] }
      : {
          kind: 'porting_update',
          parameters: [contact.name, order.reference, number, portingStatusLabels[status]],
        },
  );
}

/**
 * A number's "UPC sent" taken back (a wrong code, or one for another number): the buyer, who
 * was sent that code, is told not to use it (decision 0050), with staff's reason in the e-mail.
 */
export function upcWithdrawnMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  item: { number: string; upcCode: string },
  reason: string,
): OutgoingMessage[] {
  const number = displayNumber(item.number);
  const text = `the UPC ${item.upcCode} we sent for ${number} is withdrawn: do not use it. We will send you the right one.`;
  return toBuyer(
    config,
    contact,
    `Order ${order.reference}: do not use the UPC ${item.upcCode} for ${number}`,
    stepEmail(
      config,
      contact,
      order,
      [`Order ${order.reference}: ${text}`],
      ['', `Reason: ${reason}`],
    ),
    { kind: 'upc_withdrawn', variables: [order.reference, item.upcCode, number] },
    { kind: 'order_update', parameters: [contact.name, order.reference, text] },
  );
}

/**
 * A UPC that expired before porting started (decision 0107): the buyer is told a new one is
 * sent free and there is nothing to do but wait for it (or reply). Sent once per UPC, by the
 * sweep that alerts the team (overdue-porting.ts).
 */
export function upcExpiredMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  item: { number: string; upcCode: string; upcExpiresOn: string },
): OutgoingMessage[] {
  const number = displayNumber(item.number);
  const text = `the UPC ${item.upcCode} for ${number} has expired (it was valid till ${dayText(item.upcExpiresOn)}). We will send you a new one, free: there is nothing for you to do but wait for it.`;
  return toBuyer(
    config,
    contact,
    `Order ${order.reference}: a new UPC for ${number} is on its way, free`,
    stepEmail(
      config,
      contact,
      order,
      [`Order ${order.reference}: ${text}`],
      ['', 'A question? Reply to this e-mail.'],
    ),
    { kind: 'upc_expired', variables: [order.reference, item.upcCode, number] },
    { kind: 'order_update', parameters: [contact.name, order.reference, text] },
  );
}

/** A UPC sent for a number (as displayed) and not used. */
interface SentUpc {
  number: string;
  upc: string;
}

/**
 * The UPCs sent for these numbers and still open (a ported number's was used): a refund of
 * the numbers cancels them, and the buyer is told not to use them.
 */
export function sentUpcs(
  items: readonly { number: string; upcCode: string | null; portingStatus: PortingStatus }[],
): SentUpc[] {
  return items.flatMap((item) =>
    item.upcCode && item.portingStatus !== 'ported'
      ? [{ number: displayNumber(item.number), upc: item.upcCode }]
      : [],
  );
}

/** What the buyer is told of the UPCs a refund or a cancel voids (decision 0049). */
const cancelledUpcsLine = (upcs: readonly SentUpc[]) =>
  upcs
    .map(({ number, upc }) => ` The UPC ${upc} we sent for ${number} is cancelled: do not use it.`)
    .join('');

/**
 * What the order's timeline says of the UPCs a refund voids: staff see that the buyer was told
 * not to use them (and may ask the operator to cancel the port).
 */
export const voidedUpcsNote = (upcs: readonly SentUpc[]) =>
  upcs
    .map(
      ({ number, upc }) =>
        ` UPC ${upc} sent for ${number} is void: the buyer is told not to use it.`,
    )
    .join('');

/**
 * The sentence quoting a refund's reference, which the buyer's bank knows it by: Razorpay's refund
 * id (`rfnd_…`) or a manual refund's UTR / bank reference.
 */
const refundReferenceLine = (reference: string | null | undefined) =>
  reference ? ` Refund reference: ${reference}.` : '';

/**
 * A manual refund's reference added after the refund was made (decision 0054): the buyer, who
 * was told of the refund without it, is sent it (e-mail and SMS) to trace the money with their
 * bank.
 */
export function refundReferenceMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  refund: { amount: number; reference: string },
): QueuedMessage[] {
  const what = `the refund of ${inr(refund.amount)} we paid back to you by bank transfer / UPI has a reference your bank knows it by.${refundReferenceLine(refund.reference)}`;
  return toBuyer(
    config,
    contact,
    `Order ${order.reference}: your refund's reference`,
    [
      greeting(contact),
      '',
      `Order ${order.reference}: ${what}`,
      '',
      `Your order: ${orderPageUrl(config, order)}`,
      ...signOff(config),
    ],
    {
      kind: 'refund_reference',
      variables: [order.reference, smsRupees(refund.amount), refund.reference],
    },
    { kind: 'order_update', parameters: [contact.name, order.reference, what] },
  );
}

/** The tax documents a billing correction of a paid order made (decision 0070). */
export interface ReissuedInvoice {
  invoice: string;
  replaced: string;
  creditNote: string;
}

type Supplied = Pick<OrderRow, 'placeOfSupply' | 'cgstAmount' | 'sgstAmount' | 'igstAmount'>;

/** The GST as charged: IGST, or CGST + SGST. */
const gstSplit = (order: Supplied) =>
  order.igstAmount > 0
    ? `IGST ${inr(order.igstAmount)}`
    : `CGST ${inr(order.cgstAmount)} + SGST ${inr(order.sgstAmount)}`;

/** A billing correction's new place of supply and GST split, when it changed (decision 0070). */
function supplyLines(before: Supplied, after: Supplied): string[] {
  if (!after.placeOfSupply || after.placeOfSupply === before.placeOfSupply) return [];
  const was = before.placeOfSupply ? ` instead of ${withStateCode(before.placeOfSupply)}` : '';
  const gst =
    gstSplit(after) === gstSplit(before)
      ? `GST stays ${gstSplit(after)}`
      : `GST is now ${gstSplit(after)} instead of ${gstSplit(before)}, the same total`;
  return [`Place of supply: ${withStateCode(after.placeOfSupply)}${was}; ${gst}.`];
}

/**
 * Support corrected the order's billing details (decision 0070): an e-mail only (an SMS would
 * need a DLT template of its own, and the invoice is what the buyer needs), with the corrected
 * details and, for a paid order, the new invoice attached (made as it is sent).
 */
export function billingCorrectedMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  reissued: ReissuedInvoice | undefined,
  before: Supplied,
): QueuedMessage[] {
  const email = [
    greeting(contact),
    '',
    `We have corrected the billing details of order ${order.reference}.`,
    ...billingLines(order.billing as Billing, contact),
    ...supplyLines(before, order),
    '',
    reissued
      ? `Your new GST tax invoice ${reissued.invoice} is attached. It replaces invoice ${reissued.replaced}, which is cancelled by credit note ${reissued.creditNote}, attached too; the amount you paid is the same. Your order page has all three: ${orderPageUrl(config, order)}`
      : `Your GST tax invoice will carry them when the order is paid; the amount to pay is the same. Your order: ${orderPageUrl(config, order)}`,
    ...signOff(config),
  ];
  const message: OutgoingMessage = {
    channel: 'email',
    to: contact.email,
    subject: `Order ${order.reference}: your billing details are corrected`,
    text: email.join('\n'),
  };
  return withEmailAttachment(
    [message],
    reissued && { invoiceOf: order.id, kind: 'INV', serial: reissued.invoice },
    reissued && { invoiceOf: order.id, kind: 'CN', serial: reissued.creditNote },
  );
}

/** A refund's SMS, and the same with the manual refund's reference (decision 0054). */
type RefundSms = SmsTemplate & {
  kind: 'refund_number' | 'refund_rest' | 'refund_order' | 'refund_extra';
};
const withRefundReference = {
  refund_number: 'refund_number_ref',
  refund_rest: 'refund_rest_ref',
  refund_order: 'refund_order_ref',
  refund_extra: 'refund_extra_ref',
} as const satisfies Record<RefundSms['kind'], SmsTemplateKind>;

/** A refund made: the whole order's payment, or a further payment the order did not need. */
export function refundMessages(
  config: MessageConfig,
  contact: Contact,
  order: OrderRow,
  refund: {
    amount: number;
    reference: string;
    wholeOrder: boolean;
    throughRazorpay: boolean;
    /** One number refunded alone (decision 0039), as displayed: its share of the payment. */
    number?: string;
    /** The payment that paid for the order, less the numbers refunded alone before. */
    rest?: boolean;
    /** The serial of the credit note issued for it (a paid order refunded in full or in part). */
    creditNote?: string;
    /** The rest or the whole order: the numbers it pays back, as displayed. */
    numbers?: readonly string[];
    /** The UPCs sent for the numbers it pays back (sentUpcs): void now, and told so. */
    cancelledUpcs?: readonly SentUpc[];
    /**
     * The refund's reference (refundReference): Razorpay's refund id, or a manual refund's UTR /
     * bank reference when staff gave one (decision 0054).
     */
    refundReference?: string | null;
  },
  reason: string,
): QueuedMessage[] {
  const numbers = refund.numbers?.length ? refund.numbers.join(', ') : undefined;
  const amount = inr(refund.amount);
  const rupees = smsRupees(refund.amount);
  // What was refunded, in the e-mail's words (after "Order VN-…: ", so in lower case: QA 19
  // F11) and as the SMS's template and variables.
  // A number's refund finished after its order was cancelled (decision 0071).
  const cancelled = order.status === 'cancelled';
  const [what, told]: [string, RefundSms] = refund.number
    ? [
        `${refund.number} has been refunded: ${amount}, its share of your payment ${refund.reference}. ${cancelled ? 'The rest of your payment comes back with the refund of your cancelled order.' : 'Your other numbers carry on as before.'}`,
        {
          kind: 'refund_number',
          variables: [order.reference, refund.number, rupees, refund.reference],
        },
      ]
    : refund.wholeOrder && refund.rest
      ? [
          `the rest of your payment ${refund.reference}, ${amount}, has been refunded${numbers ? ` for ${numbers}` : ''}: with the numbers refunded before, your order is refunded in full.`,
          { kind: 'refund_rest', variables: [order.reference, refund.reference, rupees] },
        ]
      : refund.wholeOrder
        ? [
            `a full refund of ${amount} for your order${numbers ? ` (${numbers})` : ''} has been made (payment ${refund.reference}).`,
            { kind: 'refund_order', variables: [order.reference, rupees, refund.reference] },
          ]
        : [
            `your further payment ${refund.reference} of ${amount} has been refunded in full. Your order goes on as before.`,
            { kind: 'refund_extra', variables: [order.reference, refund.reference, rupees] },
          ];
  // The refund's reference (decision 0054) goes in the SMS too, through its own template.
  // refund_number says the other numbers carry on: after a cancel, the porting step's says it.
  const sms: SmsTemplate =
    refund.number && cancelled
      ? {
          kind: 'porting_step',
          variables: [order.reference, refund.number, `refunded, Rs ${rupees}`],
        }
      : refund.refundReference
        ? {
            kind: withRefundReference[told.kind],
            variables: [...told.variables, refund.refundReference],
          }
        : told;
  // A manual refund is recorded once the team has paid it back (decision 0049).
  const when = refund.throughRazorpay
    ? ' It reaches the account you paid from in 5 to 7 working days.'
    : ' It has gone to the account you paid from and usually shows there within 1 to 2 working days.';
  const upcs =
    cancelledUpcsLine(refund.cancelledUpcs ?? []) + refundReferenceLine(refund.refundReference);
  const email = [
    greeting(contact),
    '',
    `Order ${order.reference}: ${what}${when}${upcs}`,
    '',
    `Reason: ${reason}`,
    '',
    ...(refund.creditNote
      ? [
          `Our credit note ${refund.creditNote}, against the tax invoice of the order, is attached; your order page has both.`,
          '',
        ]
      : []),
    `Your order: ${orderPageUrl(config, order)}`,
    ...signOff(config),
  ];
  // Staff's reason, the timing and the UPCs by name are in the e-mail (variables are short).
  const messages = toBuyer(
    config,
    contact,
    refund.number
      ? `Order ${order.reference}: ${refund.number} refunded`
      : `Order ${order.reference}: your refund has been made`,
    email,
    sms,
    {
      kind: 'order_update',
      parameters: [contact.name, order.reference, `${what}${when}${upcs}`],
    },
  );
  // The credit note is rendered as the e-mail is sent, as the invoice is.
  return withEmailAttachment(
    messages,
    refund.creditNote ? { invoiceOf: order.id, kind: 'CN', serial: refund.creditNote } : undefined,
  );
}

/**
 * The buyer's messages about an order, `build` given whom they go to (decision 0064): the name
 * the order is billed to, and the e-mail and mobile of its account as they are now, read in the
 * caller's transaction as the messages are written (a buyer who changed them since the order is
 * written to at the new ones; the billing snapshot stays the invoice's). The WhatsApp ones only
 * when the account asks for WhatsApp updates now. None for a closed account: it has no contacts.
 * Each names the account it follows: a contact change re-addresses it while it waits in the
 * outbox (decision 0071).
 */
export async function buyerMessages<Message extends Pick<OutgoingMessage, 'channel'>>(
  deps: Pick<OrderDeps, 'users'>,
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'userId' | 'billing'>,
  build: (contact: Contact) => readonly Message[],
): Promise<(Message & { followsAccount: string; aboutOrder: string })[]> {
  return messagesToAccount(order, await accountNow(deps, tx, order), build);
}

/** Where the order's account's messages go now: its e-mail, mobile and WhatsApp choice. */
export type AccountNow = { email: string; mobile: string; getWhatsappUpdate: boolean };

/**
 * The order's account as it is now (undefined when closed), read in the caller's transaction: a
 * second connection per transaction could empty the pool. For a caller that tells the buyer
 * (messagesToAccount) and the team (order-alerts.ts) from one read.
 */
export async function accountNow(
  deps: Pick<OrderDeps, 'users'>,
  tx: Tx,
  order: Pick<OrderRow, 'userId'>,
): Promise<AccountNow | undefined> {
  return (await deps.users.openContacts([order.userId], tx)).get(order.userId);
}

/**
 * buyerMessages given the order's account as read already (`account`, undefined when closed):
 * for a caller that reads the accounts of many orders in one query (the hold sweep).
 */
export function messagesToAccount<Message extends Pick<OutgoingMessage, 'channel'>>(
  order: Pick<OrderRow, 'id' | 'userId' | 'billing'>,
  account: AccountNow | undefined,
  build: (contact: Contact) => readonly Message[],
): (Message & { followsAccount: string; aboutOrder: string })[] {
  if (!account) return [];
  const { name } = order.billing as Billing;
  return build({ name, email: account.email, mobile: account.mobile })
    .filter((message) => message.channel !== 'whatsapp' || account.getWhatsappUpdate)
    .map((message) => ({ ...message, followsAccount: order.userId, aboutOrder: order.id }));
}

/**
 * Writes the buyer's messages about an order (buyerMessages) to the outbox in the transaction
 * `tx` of the change that causes them; answers their ids, for outbox.deliverNow once it commits.
 */
export async function enqueueForBuyer(
  deps: Pick<OrderDeps, 'users'>,
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'userId' | 'billing'>,
  build: (contact: Contact) => readonly QueuedMessage[],
): Promise<number[]> {
  return enqueueMessages(tx, await buyerMessages(deps, tx, order, build));
}
