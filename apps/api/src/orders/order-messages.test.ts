import { describe, expect, it } from 'vitest';
import { nonGsm7, smsParts } from '../../test-support/gsm7';
import { testConfig } from '../../test-support/test-app';
import { SMS_VARIABLE_MAX, smsTemplateFill, smsTemplateKinds } from '../notify/sms-templates';
import { createStaffAlerts } from '../notify/staff-alerts';
import type { OutgoingMessage } from '../notify/notifier';
import type { PaymentDetails } from '../payments/payment-service';
import {
  holdLapsedAlert,
  newOrderAlert,
  paymentAlert,
  paymentSubmittedAlert,
  portingOverdueAlert,
  portingOverdueDigest,
} from './order-alerts';
import {
  cartCancelledMessages,
  holdEndingMessages,
  holdExpiredMessages,
  orderPaidMessages,
  orderPlacedMessages,
  orderStepMessages,
  paymentRejectedMessages,
  paymentSubmittedMessages,
  portingStepMessages,
  portingSteps,
  refundDueMessages,
  refundMessages,
  refundReferenceMessages,
  sentUpcs,
  unexpectedPaymentMessages,
  upcExpiredMessages,
  upcWithdrawnMessages,
  type CancelRefund,
} from './order-messages';
import { overdueReasons, type OrderStatus } from '@store/domain';
import type { OrderRow } from './order-types';

// A store's real address is longer than http://store.test: the SMS parts are counted with one.
const config = testConfig({
  PUBLIC_BASE_URL: 'https://www.vipnumberstore.in',
  PAYMENT_SUBMITTED_HOLD_HOURS: '36',
});
const page = `https://www.vipnumberstore.in/orders/a2c4e6f8-0000-4000-8000-000000000001`;
/** Where an SMS sends the buyer: a URL cannot be a DLT variable, so their orders' list. */
const orders = 'https://www.vipnumberstore.in/orders';
const contact = { name: 'Priya Sharma', email: 'priya@example.com', mobile: '9810012345' };
const order = {
  id: 'a2c4e6f8-0000-4000-8000-000000000001',
  reference: 'VN-20261129-MJ2018YZ',
  holdExpiresAt: new Date('2026-11-29T16:24:00Z'),
  subtotal: 1_249_900,
  taxable: 1_249_900,
  taxBasisPoints: 1800,
  igstAmount: 0,
  cgstAmount: 112_491,
  sgstAmount: 112_491,
  tdsBasisPoints: 0,
  tdsDeducted: 0,
  totalAmount: 1_474_882,
  paymentProvider: 'manual',
  paymentReference: '412345678901',
  submittedUtrKey: '412345678901',
  needsRefund: false,
  billing: {
    ...contact,
    accountType: 'individual',
    companyName: null,
    gstinNo: null,
    address: null,
  },
} as unknown as OrderRow;
const one = [{ number: '9494266660', price: 1_249_900 }];
const two = [...one, { number: '9786161984', price: 100_000 }];
const upi: PaymentDetails = {
  instructions: {
    upiId: 'vipnumbers@upi',
    upiLimit: 100_000,
    bankDetails: 'VIP Number Store, HDFC Bank, A/c 50200012345678, IFSC HDFC0001234',
    reference: order.reference,
    amount: 14_748.82,
  },
  upiLink: 'upi://pay?pa=vipnumbers@upi&am=14748.82&tn=VN-20261129-MJ2018YZ',
};
const bank: PaymentDetails = {
  instructions: { ...upi.instructions!, upiId: null },
};
const online: PaymentDetails = { razorpay: null };
const razorpayOrder = { ...order, paymentProvider: 'razorpay' } as OrderRow;

/** The refunds of QA 13b's run: one number whose UPC was sent, then the rest of the payment. */
const refund = (details: Parameters<typeof refundMessages>[3]) =>
  refundMessages(config, contact, order, details, 'Buyer changed mind');
const lineRefund = {
  amount: 2_368_720,
  reference: '999988887778',
  wholeOrder: false,
  throughRazorpay: false,
  number: '81384 21421',
  cancelledUpcs: [{ number: '81384 21421', upc: 'ZX98CV76' }],
};
const fullRefund = {
  amount: 2_596_000,
  reference: '512345678902',
  wholeOrder: true,
  throughRazorpay: false,
  numbers: ['94942 66660'],
};

/** A message as written: a refund's may be queued with an attachment to make. */
type Sent = Pick<OutgoingMessage, 'channel' | 'text' | 'subject'>;

const email = (messages: readonly Sent[]) =>
  messages.find((message) => message.channel === 'email')!;
const sms = (messages: readonly Sent[]) => messages.find((message) => message.channel === 'sms')!;

it('speaks of the numbers in the plural when an order holds several', () => {
  const [expired, expiredSms] = holdExpiredMessages(config, contact, order, two);
  expect(expired!.text).toContain('94942 66660, 97861 61984 are back on sale.');
  expect(expired!.text).toContain('If they are still free, they are yours');
  expect(expired!.text).toContain('To order them again in one click from');
  expect(expiredSms!.text).toContain(
    'for 94942 66660, 97861 61984 ended before its payment of Rs 14,748.82',
  );

  const [reminder] = holdEndingMessages(config, contact, order, two);
  expect(reminder!.text).toContain(
    `Order ${order.reference} for 94942 66660, 97861 61984: ₹14,748.82 to pay, GST included, is held only until`,
  );
  expect(reminder!.text).toContain('Pay now to keep them');
});

describe('a manual payment (QA 13b F1)', () => {
  it('tells the buyer to enter the UTR on the order page ("I have paid"), which keeps the numbers the configured hours', () => {
    for (const details of [upi, bank]) {
      const placed = orderPlacedMessages(config, contact, order, one, details);
      expect(email(placed).text).toContain(
        `After paying, enter the UTR (the transaction reference from your bank or UPI app) on your order page and press "I have paid": ${page}`,
      );
      expect(email(placed).text).toContain(
        'We then keep your number for you for 36 hours while our team checks the payment',
      );
      expect(email(placed).text).toContain('If by 29 Nov 2026, 9:54 pm IST we have neither');
      expect(email(placed).text).not.toContain('Our team confirms it and writes to you');
      expect(sms(placed).text).toContain(
        `then enter the UTR at "I have paid" to keep the hold 36 hours: ${orders}`,
      );
    }
    const reminder = holdEndingMessages(config, contact, order, one);
    expect(email(reminder).text).toContain(
      'enter the UTR (the transaction reference) on your order page and press "I have paid": we then keep it for 36 hours',
    );
    expect(sms(reminder).text).toContain(
      `Paid? Enter the UTR on your order page ("I have paid") to keep the hold 36 hours. Else pay now: ${orders}`,
    );
  });

  it('says nothing of a UTR to a buyer paying online', () => {
    const placed = orderPlacedMessages(config, contact, razorpayOrder, one, online);
    const reminder = holdEndingMessages(config, contact, razorpayOrder, one);
    for (const message of [...placed, ...reminder]) expect(message.text).not.toContain('UTR');
    expect(sms(reminder).text).toContain(`Pay now to keep it: ${orders}`);
  });
});

describe('SMS texts (QA 13b F3)', () => {
  const everySms = () => [
    ...orderPlacedMessages(config, contact, order, one, upi),
    ...orderPlacedMessages(config, contact, order, two, bank),
    ...orderPlacedMessages(config, contact, razorpayOrder, one, online),
    ...orderPaidMessages(config, contact, order, one),
    ...refundDueMessages(config, contact, order, {
      closedBy: 'lapsed',
      gone: [{ number: '94942 66660', state: 'held' }],
    }),
    ...refundDueMessages(config, contact, order, {
      closedBy: 'replaced',
      gone: [
        {
          number: '94942 66660',
          state: 'held',
          order: {
            reference: 'VN-20261130-CGCT1J3M',
            totalAmount: 2_000_000,
            status: 'pending_payment',
            own: true,
          },
        },
      ],
    }),
    ...refundDueMessages(config, contact, order),
    ...unexpectedPaymentMessages(config, contact, order, {
      reference: 'pay_x',
      amount: 100,
      kind: 'amount_mismatch',
    }),
    ...unexpectedPaymentMessages(config, contact, order, { reference: 'pay_x', kind: 'extra' }),
    ...holdEndingMessages(config, contact, order, two),
    ...holdExpiredMessages(config, contact, order, two),
    ...paymentRejectedMessages(config, contact, order, 1, '412345678901', 'Not in our statement'),
    ...paymentSubmittedMessages(config, contact, order, one, '412345678901'),
    ...orderStepMessages(config, contact, order, two, 'cancelled', 'Asked by the buyer'),
    ...orderStepMessages(config, contact, order, two, 'porting_in_progress', null),
    ...refund(lineRefund),
    ...refund(fullRefund),
  ];

  it('are GSM-7 only: amounts written "Rs 14,748.82", never "₹"', () => {
    const texts = everySms()
      .filter((message) => message.channel === 'sms')
      .map((message) => message.text);
    expect(texts.length).toBeGreaterThan(14);
    for (const text of texts) expect(nonGsm7(text), text).toEqual([]);
    expect(texts[0]).toContain('for Rs 14,748.82 is held until');
  });

  it('keep "₹" in e-mails', () => {
    const placed = orderPlacedMessages(config, contact, order, one, upi);
    expect(email(placed).text).toContain('Total to pay: ₹14,748.82');
  });

  it('take one or two parts for the order placed, the reminder, the lapse and the refunds', () => {
    const parts = (messages: readonly Sent[]) => smsParts(sms(messages).text);
    // Were 3 (UPI) and 4 (bank transfer) parts with "₹", before the UTR step was added.
    expect(parts(orderPlacedMessages(config, contact, order, one, upi))).toBe(2);
    expect(parts(orderPlacedMessages(config, contact, order, one, bank))).toBe(2);
    expect(parts(orderPlacedMessages(config, contact, razorpayOrder, one, online))).toBe(1);
    expect(parts(holdEndingMessages(config, contact, order, one))).toBe(2);
    expect(parts(holdExpiredMessages(config, contact, order, one))).toBe(2);
    expect(parts(paymentSubmittedMessages(config, contact, order, one, '412345678901'))).toBe(2);
    expect(parts(refund(fullRefund))).toBe(2);
    expect(parts(refund(lineRefund))).toBe(2);
  });

  it('staff alert SMS carry amounts as "Rs" too, their e-mails "₹"', () => {
    const alerts = createStaffAlerts({
      config: {
        STAFF_ALERT_EMAILS: ['owner@example.in'],
        STAFF_ALERT_MOBILES: ['9000000777'],
        STORE_NAME: 'VIP Number Store',
        PUBLIC_BASE_URL: config.PUBLIC_BASE_URL,
      },
    });
    for (const alert of [
      newOrderAlert(config, order, contact, one),
      paymentSubmittedAlert(config, order, contact),
      paymentAlert(config, order, contact, {
        provider: 'manual',
        reference: '412345678901',
        amount: 1_474_882,
        outcome: 'paid',
      }),
    ]) {
      const [mail, text] = alerts.messages(alert);
      expect(mail!.subject).toContain('₹14,748.82');
      expect(nonGsm7(text!.text)).toEqual([]);
      expect(text!.text).toContain('Rs 14,748.82');
      expect(smsParts(text!.text)).toBeLessThanOrEqual(2);
    }
  });

  it('go on in lower case after "order …:" and after the store name', () => {
    const step = sms(orderStepMessages(config, contact, order, two, 'porting_in_progress', null));
    expect(step.text).toContain(
      `order ${order.reference} for 94942 66660, 97861 61984: porting in progress.`,
    );
    const rejected = paymentRejectedMessages(
      config,
      contact,
      order,
      1,
      '412345678901',
      'Not found',
    );
    expect(sms(rejected).text).toMatch(/^VIP Number Store: we could not match/);
    // The reason is closed before the next sentence.
    expect(email(rejected).text).toContain(': Not found.\nYour number stays held');
  });
});

describe('SMS through DLT templates (QA 13b F4, decision 0052)', () => {
  // The longest values a real order gives: three numbers, a 22-character RTGS UTR, crores.
  const three = [...two, { number: '8138421421', price: 100_000 }];
  const utr = 'HDFCR52026112912345678';
  const big = { ...order, totalAmount: 99_999_999_99 } as OrderRow;
  const corporate = {
    ...big,
    billing: { ...contact, accountType: 'Corporate', companyName: 'Verma Traders Pvt Ltd' },
  } as OrderRow;
  const item = { number: '9876543210', upcCode: 'CC33DD44', upcExpiresOn: '2026-12-30' };
  const alerts = createStaffAlerts({
    config: {
      STAFF_ALERT_EMAILS: [],
      STAFF_ALERT_MOBILES: ['9000000777'],
      STORE_NAME: config.STORE_NAME,
      PUBLIC_BASE_URL: config.PUBLIC_BASE_URL,
    },
  });
  const payment = { provider: 'manual', reference: utr, amount: big.totalAmount };
  const everySms = () =>
    [
      ...orderPlacedMessages(config, contact, big, three, upi),
      ...orderPlacedMessages(config, contact, big, three, bank),
      ...orderPlacedMessages(
        config,
        contact,
        { ...big, paymentProvider: 'razorpay' },
        three,
        online,
      ),
      ...orderPaidMessages(config, contact, big, three),
      ...refundDueMessages(config, contact, big, {
        closedBy: 'lapsed',
        gone: [
          { number: '94942 66660', state: 'sold' },
          { number: '97861 61984', state: 'held' },
          { number: '81384 21421', state: 'held' },
        ],
      }),
      ...refundDueMessages(config, contact, big, { closedBy: 'lapsed', gone: [] }),
      ...refundDueMessages(config, contact, big, {
        closedBy: 'replaced',
        gone: [
          {
            number: '94942 66660',
            state: 'held',
            order: {
              reference: 'VN-20261130-CGCT1J3M',
              totalAmount: 3_000_000,
              status: 'pending_payment',
              own: true,
            },
          },
        ],
      }),
      ...refundDueMessages(config, contact, big),
      ...unexpectedPaymentMessages(config, contact, big, {
        reference: utr,
        kind: 'amount_mismatch',
      }),
      ...unexpectedPaymentMessages(config, contact, big, { reference: utr, kind: 'extra' }),
      ...paymentSubmittedMessages(config, contact, big, three, utr),
      ...paymentRejectedMessages(config, contact, big, 3, utr, 'Not in our statement'),
      ...holdEndingMessages(config, contact, big, three),
      ...holdEndingMessages(config, contact, { ...big, paymentProvider: 'razorpay' }, three),
      ...holdExpiredMessages(config, contact, big, three),
      ...(['upc_sent', 'porting_in_progress', 'ported', 'completed', 'cancelled'] as const).flatMap(
        (status) => orderStepMessages(config, contact, big, three, status, 'A note'),
      ),
      // A paid order cancelled: its own template, the amount in crores.
      ...orderStepMessages(config, contact, big, three, 'cancelled', 'A note', {
        refund: { amount: big.totalAmount, refundedAlone: [], onItsWay: [], upcs: [] },
      }),
      ...orderStepMessages(config, contact, big, three, 'ported', null, { completes: true }),
      ...[big, corporate].flatMap((on) =>
        [null, 'AA11BB22'].flatMap((replaces) =>
          portingStepMessages(config, contact, on, item, 'upc_sent', { note: null, replaces }),
        ),
      ),
      ...(['porting_in_progress', 'ported'] as const).flatMap((status) =>
        portingStepMessages(config, contact, big, item, status, { note: 'x', replaces: null }),
      ),
      ...portingStepMessages(config, contact, big, item, 'ported', {
        note: null,
        replaces: null,
        completes: { many: true },
      }),
      ...upcWithdrawnMessages(
        config,
        contact,
        big,
        { number: '9876543210', upcCode: 'AA11BB22' },
        'Typo',
      ),
      ...upcExpiredMessages(config, contact, big, {
        number: '9876543210',
        upcCode: 'AA11BB22',
        upcExpiresOn: '2026-12-03',
      }),
      ...refundMessages(config, contact, big, { ...lineRefund, reference: utr }, 'Changed mind'),
      ...refundMessages(config, contact, big, { ...fullRefund, reference: utr }, 'Changed mind'),
      ...refundMessages(
        config,
        contact,
        big,
        { ...fullRefund, reference: utr, rest: true, numbers: ['94942 66660', '97861 61984'] },
        'Changed mind',
      ),
      ...refundMessages(
        config,
        contact,
        big,
        {
          ...fullRefund,
          reference: 'pay_29QQoUBi66xm2f',
          wholeOrder: false,
          throughRazorpay: true,
        },
        'Paid twice',
      ),
      // Each refund again, paid back by hand with a 30-character reference (decision 0054).
      ...[
        { ...lineRefund, reference: utr },
        { ...fullRefund, reference: utr },
        { ...fullRefund, reference: utr, rest: true },
        { ...fullRefund, reference: utr, wholeOrder: false },
      ].flatMap((details) =>
        refundMessages(
          config,
          contact,
          big,
          { ...details, refundReference: 'NEFT0012345678NEFT0012345678AB' },
          'Changed mind',
        ),
      ),
      ...refundReferenceMessages(config, contact, big, {
        amount: big.totalAmount,
        reference: 'NEFT0012345678NEFT0012345678AB',
      }),
      ...[
        newOrderAlert(config, big, contact, three),
        holdLapsedAlert(config, big, contact, three),
        paymentSubmittedAlert(config, big, contact),
        paymentAlert(config, big, contact, { ...payment, outcome: 'paid' }),
        paymentAlert(config, big, contact, { ...payment, outcome: 'refund_due' }),
        ...overdue.map((late) => portingOverdueAlert(config, late, overdueNow)),
        portingOverdueDigest(config, Array(1000).fill(overdue).flat(), overdueNow),
      ].flatMap((alert) => alerts.messages(alert)),
    ].filter((message) => message.channel === 'sms');

  const overdueNow = new Date('2026-12-05T04:30:00Z');
  const overdue = overdueReasons.map((reason) => ({
    order: big,
    account: contact,
    item: {
      number: '9876543210',
      overdue: {
        reason,
        since: new Date('2026-12-04T04:30:00Z'),
        from: new Date('2026-12-03T04:30:00Z'),
        promise: 'within 24 h',
      },
    },
  }));

  it('each names its template, with variables of at most 30 characters, and reads as it filled in', () => {
    const messages = everySms();
    for (const message of messages) {
      const template = message.smsTemplate!;
      expect(template, message.text).toBeDefined();
      for (const variable of template.variables) {
        expect(variable.length, `${template.kind}: ${variable}`).toBeLessThanOrEqual(
          SMS_VARIABLE_MAX,
        );
      }
      expect(message.text).toBe(smsTemplateFill(template, config));
      expect(nonGsm7(message.text), message.text).toEqual([]);
      expect(smsParts(message.text), message.text).toBeLessThanOrEqual(2);
    }
    // Every kind of a buyer's or staff's order SMS is in the matrix above (the code's, the
    // invitation's, the contact change notice's and the closing's are tested with their own messages).
    const kinds = new Set(messages.map((message) => message.smsTemplate!.kind));
    expect([...kinds].sort()).toEqual(
      smsTemplateKinds
        .filter(
          (kind) => !['otp', 'staff_invite', 'mobile_changed', 'account_closed'].includes(kind),
        )
        .sort(),
    );
  });

  it('keeps a URL out of the variables: DLT allows only whitelisted links, in the fixed text', () => {
    for (const message of everySms()) {
      for (const variable of message.smsTemplate!.variables)
        expect(variable).not.toMatch(/\/\/|www\./);
    }
  });
});

describe('the lapse e-mail (QA 13b F2)', () => {
  it('says what the order page says, to a reply that reaches support', () => {
    const lapsed = email(holdExpiredMessages(config, contact, order, one));
    expect(lapsed.text).toContain(
      `Already paid? Contact us with your payment reference and order reference ${order.reference}: reply to this e-mail, or use the details below.`,
    );
  });
});

describe('a refund (QA 13b F6, F12)', () => {
  it('cancels the UPC sent for the number it pays back, by name', () => {
    const line = refund(lineRefund);
    for (const message of line.filter(({ channel }) => channel !== 'sms')) {
      expect(message.text).toContain(
        'The UPC ZX98CV76 we sent for 81384 21421 is cancelled: do not use it.',
      );
    }
    // The SMS's template cannot name the UPC only when there is one (decision 0052).
    expect(sms(line).text).toContain('If we sent you its UPC, it is cancelled: do not use it.');
    expect(line.map((message) => message.channel)).toEqual(['email', 'sms', 'whatsapp']);
  });

  it('names the numbers the rest of the payment pays back', () => {
    const rest = refund({
      amount: 1_681_884,
      reference: '999988887778',
      wholeOrder: true,
      rest: true,
      throughRazorpay: false,
      numbers: ['94252 42360'],
      cancelledUpcs: [{ number: '94252 42360', upc: 'MN45BV67' }],
    });
    expect(email(rest).text).toContain(
      `Order ${order.reference}: the rest of your payment 999988887778, ₹16,818.84, has been refunded for 94252 42360:`,
    );
    expect(email(rest).text).toContain('The UPC MN45BV67 we sent for 94252 42360 is cancelled');
  });

  it('says where a manual refund went and when it shows', () => {
    const full = refund(fullRefund);
    expect(email(full).text).toContain(
      `Order ${order.reference}: a full refund of ₹25,960 for your order (94942 66660) has been made (payment 512345678902). It has gone to the account you paid from and usually shows there within 1 to 2 working days.`,
    );
  });

  it('goes on in lower case in the SMS', () => {
    const full = refund({ ...fullRefund, throughRazorpay: true });
    expect(sms(full).text).toContain(`order ${order.reference}: a full refund of Rs 25,960`);
  });

  it('finds the UPCs still open: sent and not ported', () => {
    const item = (number: string, portingStatus: string, upcCode: string | null) =>
      ({ number, portingStatus, upcCode }) as Parameters<typeof sentUpcs>[0][number];
    expect(
      sentUpcs([
        item('8138421421', 'upc_sent', 'ZX98CV76'),
        item('9425242360', 'porting_in_progress', 'MN45BV67'),
        item('9494266660', 'ported', 'KP42XZ19'),
        item('9786161984', 'awaiting_upc', null),
      ]),
    ).toEqual([
      { number: '81384 21421', upc: 'ZX98CV76' },
      { number: '94252 42360', upc: 'MN45BV67' },
    ]);
  });
});

describe('"I have paid" acknowledged (QA 13b F7)', () => {
  it('repeats the reference and says until when the numbers are kept', () => {
    const held = { ...order, holdExpiresAt: new Date('2026-11-30T16:21:00Z') } as OrderRow;
    const told = paymentSubmittedMessages(config, contact, held, one, '412345678901');
    expect(email(told).subject).toBe(`Order ${order.reference}: we have your payment reference`);
    expect(email(told).text).toContain(
      `We have your payment reference (UTR) 412345678901 for order ${order.reference}, ₹14,748.82. Our team is checking the payment: we keep 94942 66660 for you until 30 Nov 2026, 9:51 pm IST`,
    );
    expect(sms(told).text).toBe(
      `VIP Number Store: we have your UTR 412345678901 for order ${order.reference} (Rs 14,748.82). We are checking it and keep 94942 66660 for you until 30 Nov 2026, 9:51 pm IST.`,
    );
  });
});

describe('the number named (QA 13b F8)', () => {
  it('in the reminder, the lapse and a staff cancel, with the amount', () => {
    expect(sms(holdEndingMessages(config, contact, order, one)).text).toContain(
      `VIP Number Store: order ${order.reference} for 94942 66660: Rs 14,748.82 to pay, GST included, is held only until`,
    );
    const lapsed = holdExpiredMessages(config, contact, order, one);
    expect(email(lapsed).text).toContain(
      `We did not receive the payment of ₹14,748.82 for order ${order.reference} before its hold ended, so the order is cancelled and 94942 66660 is back on sale.`,
    );
    expect(sms(lapsed).text).toContain(
      `the hold on order ${order.reference} for 94942 66660 ended before its payment of Rs 14,748.82, GST included,`,
    );
    const cancelled = orderStepMessages(config, contact, order, one, 'cancelled', 'Asked by you');
    expect(email(cancelled).text).toContain(
      `Order ${order.reference}: your order for 94942 66660 (₹14,748.82) has been cancelled.`,
    );
    expect(sms(cancelled).text).toContain(`order ${order.reference} for 94942 66660: cancelled.`);
  });
});

describe('a paid order cancelled (QA 16 F2, F3; decision 0067)', () => {
  // 94942 66660 refunded alone before (₹2,368.72 of ₹14,748.82), 97861 61984's UPC sent.
  const cancel = (refund: CancelRefund) =>
    orderStepMessages(config, contact, order, [two[1]!], 'cancelled', 'Cannot deliver', {
      refund,
    });
  const rest = {
    amount: 1_238_010,
    refundedAlone: [
      { number: '94942 66660', amount: 236_872, at: new Date('2026-11-30T05:00:00Z') },
    ],
    onItsWay: [],
    upcs: [{ number: '97861 61984', upc: 'ZX98YW76' }],
  };

  it('says what is still to come back and what was refunded before, not the whole total', () => {
    const messages = cancel(rest);
    const text =
      'your order for 97861 61984 has been cancelled. The rest of your payment, ₹12,380.10, will be refunded to you; ₹2,368.72 for 94942 66660 was refunded on 30 Nov 2026.';
    expect(email(messages).text).toContain(`Order ${order.reference}: ${text}`);
    expect(messages.find((m) => m.channel === 'whatsapp')!.template!.parameters[2]).toContain(text);
    for (const message of messages) {
      expect(message.text).not.toContain('14,748.82');
      expect(message.text).not.toContain('in full');
    }
    expect(sms(messages).text).toBe(
      `VIP Number Store: order ${order.reference} for 97861 61984 is cancelled, and Rs 12,380.10 will be refunded to you. If we sent you a UPC for it, that UPC is cancelled: do not use it. Details in our e-mail.`,
    );
  });

  it('says the UPC sent is cancelled, in the e-mail and on WhatsApp', () => {
    const messages = cancel({ ...rest, refundedAlone: [], amount: order.totalAmount });
    const text = `Your payment of ₹14,748.82 will be refunded in full. The UPC ZX98YW76 we sent for 97861 61984 is cancelled: do not use it.`;
    expect(email(messages).text).toContain(text);
    expect(messages.find((m) => m.channel === 'whatsapp')!.template!.parameters[2]).toContain(text);
  });
});

describe('wording (QA 13b F17)', () => {
  it('writes the phone as the site does', () => {
    expect(email(orderPaidMessages(config, contact, order, one)).text).toContain(
      'WhatsApp or call us on +91 92220 00000',
    );
  });

  it('does not promise to send the invoice the payment e-mail attaches', () => {
    const text = email(orderPaidMessages(config, contact, order, one)).text;
    expect(text).toContain('Your GST tax invoice is attached');
    expect(text).not.toContain('and the GST invoice');
    expect(text).toContain('1. Within 24 hours of payment we send your Unique Porting Code');
  });

  it('points to the attached QR code before the UPI link', () => {
    const text = email(orderPlacedMessages(config, contact, order, one, upi)).text;
    expect(text).toContain(
      'To pay by UPI, scan the attached QR code (upi-qr.png) with any UPI app. (On a phone whose mail app opens UPI links, this one pays in one tap: upi://pay?',
    );
    expect(text).not.toContain('pay in one tap: upi:');
  });
});

describe('a late payment to refund (QA 13b F18)', () => {
  it('says the number is only held by another buyer when it is, names it, links the order and says when', () => {
    const told = refundDueMessages(config, contact, order, {
      closedBy: 'lapsed',
      gone: [{ number: '91897 55501', state: 'held' }],
    });
    for (const message of told) expect(message.text).not.toContain('sold');
    expect(email(told).text).toContain(
      "after the order's hold had ended, and meanwhile another buyer's order is holding 91897 55501 (not paid yet).",
    );
    expect(email(told).text).toContain(
      'Our team sends the money back to the account you paid from, usually within 2 working days',
    );
    expect(email(told).text).toContain(`Your order: ${page}`);
    expect(sms(told).text).toBe(
      `VIP Number Store: your payment for order ${order.reference} came after its hold ended, and meanwhile we could not keep 91897 55501 for you. The order is cancelled and you will be refunded in full (Rs 14,748.82). Details in our e-mail.`,
    );
  });

  it('says sold when it was, and names a staff cancel as the cause', () => {
    const sold = refundDueMessages(config, contact, razorpayOrder, {
      closedBy: 'lapsed',
      gone: [{ number: '91897 55501', state: 'sold' }],
    });
    expect(email(sold).text).toContain('meanwhile 91897 55501 was sold to another buyer.');
    expect(email(sold).text).toContain('reaches the account you paid from in 5 to 7 working days');
    expect(email(refundDueMessages(config, contact, order)).text).toContain(
      'after our team had cancelled the order',
    );
  });

  it("says the numbers were in the buyer's own paid order when it was since cancelled, not that they are theirs (QA 18 F3)", () => {
    const own = (status: OrderStatus) => ({
      reference: 'VN-20261130-CGCT1J3M',
      totalAmount: 2_000_000,
      status,
      own: true,
    });
    const told = (status: OrderStatus) =>
      email(
        refundDueMessages(config, contact, order, {
          closedBy: 'replaced',
          gone: [
            { number: '91897 55501', state: 'sold', order: own(status) },
            { number: '94942 66660', state: 'sold', order: own(status) },
            { number: '97861 61984', state: 'off_sale' },
          ],
        }),
      ).text;
    expect(told('paid')).toContain(
      'meanwhile 91897 55501 and 94942 66660 are already yours: your order VN-20261130-CGCT1J3M paid for them; 97861 61984 was taken off sale.',
    );
    expect(told('cancelled')).toContain(
      'meanwhile 91897 55501 and 94942 66660 were in your order VN-20261130-CGCT1J3M, which was cancelled; 97861 61984 was taken off sale.',
    );
    expect(told('refunded')).toContain(
      'meanwhile 91897 55501 and 94942 66660 were in your order VN-20261130-CGCT1J3M, which was cancelled and refunded; 97861 61984 was taken off sale.',
    );
  });
});

describe('porting messages (decision 0050)', () => {
  const individual = {
    ...order,
    billing: { ...contact, accountType: 'Individual', companyName: null, gstinNo: null },
  } as OrderRow;
  const corporate = {
    ...order,
    billing: {
      ...contact,
      accountType: 'Corporate',
      companyName: 'Verma Traders Pvt Ltd',
      gstinNo: '27AAPFU0939F1ZV',
    },
  } as OrderRow;
  const item = { number: '9876543210', upcCode: 'CC33DD44', upcExpiresOn: '2026-12-03' };
  const upc = (on: OrderRow, replaces: string | null) =>
    portingStepMessages(testConfig(), contact, on, item, 'upc_sent', { note: null, replaces });

  it('ends every WhatsApp message with how to stop them (decision 0057)', () => {
    const whatsapps = [
      ...upc(individual, null),
      ...portingStepMessages(testConfig(), contact, individual, item, 'ported', {
        note: null,
        replaces: null,
        completes: { many: true },
      }),
    ].filter((message) => message.channel === 'whatsapp');
    expect(whatsapps).toHaveLength(2);
    for (const message of whatsapps) {
      expect(message.text).toMatch(
        /[.!] To stop WhatsApp updates, untick "Send me order and porting updates on WhatsApp" in your profile on our website\.$/,
      );
      expect(message.text).not.toMatch(/offers|reply STOP/i);
    }
  });

  it('words a UPC sent after another as its replacement, naming the code it voids', () => {
    const [email, sms, whatsapp] = upc(individual, 'AA11BB22');
    expect(email!.subject).toBe(
      `Order ${order.reference}: new UPC for 98765 43210 (replaces AA11BB22)`,
    );
    expect(email!.text).toContain('Here is a new Unique Porting Code (UPC) for your number');
    expect(email!.text).toContain(
      'It replaces the UPC AA11BB22 we sent you before, which is now void: do not use AA11BB22.',
    );
    expect(sms!.text).toContain(
      'new UPC for 98765 43210 is CC33DD44, valid till 3 Dec 2026. It replaces AA11BB22: do not use that one.',
    );
    expect(whatsapp!.template!.parameters[1]).toBe(
      'the new UPC (it replaces AA11BB22, which is now void)',
    );
    expect(whatsapp!.text).toContain(
      'Hello Priya Sharma, the new UPC (it replaces AA11BB22, which is now void) for your number 98765 43210',
    );

    const [first, firstSms, firstWhatsapp] = upc(individual, null);
    expect(first!.subject).toBe(`Order ${order.reference}: the UPC for 98765 43210`);
    expect(first!.text).not.toContain('replaces');
    expect(firstSms!.text).not.toContain('replaces');
    expect(firstWhatsapp!.text).toContain(
      'Hello Priya Sharma, the UPC for your number 98765 43210',
    );
  });

  it('tells the buyer to keep the UPC private, on every channel, in an SMS of two GSM-7 parts', () => {
    for (const on of [individual, corporate]) {
      for (const replaces of [null, 'AA11BB22']) {
        const [email, sms, whatsapp] = upc(on, replaces);
        expect(email!.text).toContain(
          "Keep the UPC private: anyone who has it can port the number. Give it only to the operator's store when you port; our team never asks you for it.",
        );
        expect(sms!.text).toContain("Share it only at the operator's store: we never ask for it.");
        expect(whatsapp!.text).toContain(
          "Keep the code private: give it only to the operator's store. Our team never asks you for it.",
        );
        expect(nonGsm7(sms!.text)).toEqual([]);
        expect(smsParts(sms!.text), sms!.text).toBeLessThanOrEqual(2);
      }
      const [, whole] = orderStepMessages(testConfig(), contact, on, [item], 'upc_sent', null);
      expect(whole!.text).toContain("Share it only at the operator's store: we never ask for it.");
      expect(nonGsm7(whole!.text)).toEqual([]);
    }
  });

  it('tells a Corporate buyer how a company takes the number, not "your own Aadhaar"', () => {
    const [email, sms, whatsapp] = upc(corporate, null);
    expect(email!.text).toContain(
      "To take the number in your company's name, as a corporate connection, ask the business desk of Jio, Airtel, Vi or BSNL: it needs a letter from your authorised signatory",
    );
    expect(email!.text).toContain(
      "Or an employee ports it in their own name at any Jio, Airtel, Vi or BSNL store with their original Aadhaar card (biometric e-KYC): the number is then the employee's, not the company's.",
    );
    expect(email!.text).not.toContain('your original Aadhaar card');
    expect(sms!.text).toContain(
      'Take it to Jio, Airtel, Vi or BSNL: how a company ports a number is on your order page.',
    );
    expect(whatsapp!.text).not.toContain('Aadhaar');
    expect(portingSteps('manual', undefined, true)[2]).toContain('authorised signatory');
    expect(portingSteps('manual')[2]).toContain('original Aadhaar card');
    const [placed] = orderPlacedMessages(testConfig(), contact, corporate, one, upi);
    expect(placed!.text).toContain('authorised signatory');
    expect(placed!.text).not.toContain('your original Aadhaar card');

    const [ported] = portingStepMessages(testConfig(), contact, corporate, item, 'ported', {
      note: null,
      replaces: null,
    });
    expect(ported!.text).toContain('98765 43210 has been ported to your operator.');
    const [step] = orderStepMessages(testConfig(), contact, corporate, [item], 'upc_sent', null);
    expect(step!.text).not.toContain('Aadhaar card');
    expect(step!.text).toContain('how a company ports a number is on your order page');
  });

  it('tells the last number ported and the order complete in one message per channel', () => {
    const messages = portingStepMessages(testConfig(), contact, individual, item, 'ported', {
      note: null,
      replaces: null,
      completes: { many: true },
    });
    expect(messages.map((m) => m.channel)).toEqual(['email', 'sms', 'whatsapp']);
    const [email, sms, whatsapp] = messages;
    expect(email!.subject).toBe(
      `Order ${order.reference}: 98765 43210 has been ported, and your order is complete`,
    );
    const text =
      'your number 98765 43210 has been ported to your operator in your own name. Your order is complete. Enjoy your new numbers!';
    expect(email!.text).toContain(`Order ${order.reference}: ${text}`);
    expect(sms!.text).toBe(
      `VIP Number Store: order ${order.reference} for 98765 43210: ported, order complete. Details in our e-mail and on your order page at http://store.test/orders`,
    );
    expect(whatsapp!.template).toEqual({
      kind: 'order_update',
      parameters: [contact.name, order.reference, text],
    });

    const whole = orderStepMessages(testConfig(), contact, individual, [item], 'ported', null, {
      completes: true,
    });
    expect(whole.map((m) => m.subject)).toEqual([
      `Order ${order.reference}: your number has been ported, and your order is complete`,
      undefined,
      'order_update',
    ]);
  });

  it('tells the buyer a UPC expired before porting started: a new one comes free, nothing to do (decision 0107)', () => {
    const [email, sms, whatsapp] = upcExpiredMessages(testConfig(), contact, individual, {
      number: '9876543210',
      upcCode: 'AA11BB22',
      upcExpiresOn: '2026-12-03',
    });
    expect(email!.subject).toBe(
      `Order ${order.reference}: a new UPC for 98765 43210 is on its way, free`,
    );
    expect(email!.text).toContain(
      `Order ${order.reference}: the UPC AA11BB22 for 98765 43210 has expired (it was valid till 3 Dec 2026). We will send you a new one, free: there is nothing for you to do but wait for it.`,
    );
    expect(email!.text).toContain('A question? Reply to this e-mail.');
    expect(sms!.text).toBe(
      `VIP Number Store: order ${order.reference}: the UPC AA11BB22 for 98765 43210 has expired. We will send you a new one, free: nothing to do but wait, or reply to our e-mail.`,
    );
    expect(whatsapp!.template!.kind).toBe('order_update');
  });

  it('tells the buyer not to use a UPC taken back', () => {
    const [email, sms, whatsapp] = upcWithdrawnMessages(
      testConfig(),
      contact,
      individual,
      { number: '9876543210', upcCode: 'AA11BB22' },
      'Typed the wrong code',
    );
    expect(email!.subject).toBe(
      `Order ${order.reference}: do not use the UPC AA11BB22 for 98765 43210`,
    );
    expect(email!.text).toContain('Reason: Typed the wrong code');
    expect(sms!.text).toBe(
      `VIP Number Store: order ${order.reference}: the UPC AA11BB22 we sent for 98765 43210 is withdrawn: do not use it. We will send you the right one.`,
    );
    expect(whatsapp!.template!.kind).toBe('order_update');
  });
});

describe('orders a checkout replaced (decision 0075)', () => {
  const earlier = ['VN-20261129-AAAA1111', 'VN-20261129-BBBB2222'];

  it('names them first in the e-mail and its subject, and leaves the SMS as registered', () => {
    for (const details of [upi, bank, online]) {
      const plain = orderPlacedMessages(config, contact, order, one, details);
      const placed = orderPlacedMessages(config, contact, order, one, details, earlier);
      expect(email(placed).subject).toBe(
        `${email(plain).subject} (replaces VN-20261129-AAAA1111 and VN-20261129-BBBB2222)`,
      );
      expect(email(placed).text.split('\n').slice(2, 4)).toEqual([
        'This order replaces your orders VN-20261129-AAAA1111 and VN-20261129-BBBB2222, which are now cancelled. Please do not pay them: the payment details and any QR code in our e-mails about them no longer apply. Pay only this order, as below.',
        '',
      ]);
      expect(sms(placed)).toEqual(sms(plain));
    }
  });

  it('tells a Razorpay buyer to close a payment window still open, not of payment details or a QR code never sent (QA 19 F6)', () => {
    const placed = orderPlacedMessages(config, contact, razorpayOrder, one, online, earlier);
    expect(email(placed).text.split('\n')[2]).toBe(
      'This order replaces your orders VN-20261129-AAAA1111 and VN-20261129-BBBB2222, which are now cancelled. Please do not pay them: close any payment window still open for them. Pay only this order, as below.',
    );
    const alone = orderPlacedMessages(
      config,
      contact,
      razorpayOrder,
      one,
      online,
      earlier.slice(0, 1),
    );
    expect(email(alone).text).toContain(
      'Please do not pay it: close any payment window still open for it. Pay only this order',
    );
    const [cancelled] = cartCancelledMessages(config, contact, razorpayOrder, two, []);
    expect(cancelled!.text).toContain(
      'Please do not pay it: close any payment window still open for it.',
    );
    for (const text of [email(placed).text, email(alone).text, cancelled!.text]) {
      expect(text).not.toContain('QR code');
    }
  });

  it('e-mails a buyer, and only by e-mail, that an order whose numbers left the cart is not to be paid', () => {
    const told = cartCancelledMessages(config, contact, order, two, two);
    expect(told.map((message) => message.channel)).toEqual(['email']);
    expect(told[0]).toMatchObject({
      to: contact.email,
      subject: `Order ${order.reference} cancelled: please do not pay it`,
    });
    expect(told[0]!.text).toContain(
      `Order ${order.reference}, for 94942 66660, 97861 61984 (₹14,748.82), is cancelled`,
    );
    expect(told[0]!.text).toContain(
      '94942 66660, 97861 61984 are still in your cart but no longer held for you: to buy them, check out again',
    );
    expect(told[0]!.text).toContain(`Your order page: ${page}`);
    // With none of them left in the cart, the cart is not mentioned (QA 18 F11c).
    const emptied = cartCancelledMessages(config, contact, order, two, []);
    expect(emptied[0]!.text).not.toContain('cart but');
    expect(emptied[0]!.text).not.toContain('still in your cart');
  });
});
