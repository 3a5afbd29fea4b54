import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test-support/test-app';
import {
  holdEndingMessages,
  holdExpiredMessages,
  orderStepMessages,
  portingStepMessages,
  portingSteps,
  upcWithdrawnMessages,
} from './order-messages';
import type { OrderRow } from './order-types';

const contact = { name: 'Asha', email: 'asha@example.com', mobile: '9876543210' };
const order = {
  id: 'a2c4e6f8-0000-4000-8000-000000000001',
  reference: 'VN-20261128-ABCD1234',
  holdExpiresAt: new Date('2026-11-28T10:00:00Z'),
  totalAmount: 11_800_000,
} as OrderRow;

it('speaks of the numbers in the plural when an order holds several', () => {
  const [email, sms] = holdExpiredMessages(testConfig(), contact, order, 2);
  expect(email!.text).toContain('so the order is cancelled and the numbers are back on sale.');
  expect(email!.text).toContain('if the numbers are still free they are yours');
  expect(email!.text).toContain('To order them again in one click from');
  expect(sms!.text).toContain('if the numbers are still free:');

  const [reminder] = holdEndingMessages(testConfig(), contact, order, 2);
  expect(reminder!.text).toContain(`Your numbers for order ${order.reference} are held only until`);
  expect(reminder!.text).toContain('now to keep them:');
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
  // GSM-7 (no "₹", no curly quotes) and at most two parts: 306 characters.
  const gsm7 = /^[A-Za-z0-9 @$_!"#%&'()*+,\-./:;<=>?\n]*$/;

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
      'Hello Asha, the new UPC (it replaces AA11BB22, which is now void) for your number 98765 43210',
    );

    const [first, firstSms, firstWhatsapp] = upc(individual, null);
    expect(first!.subject).toBe(`Order ${order.reference}: the UPC for 98765 43210`);
    expect(first!.text).not.toContain('replaces');
    expect(firstSms!.text).not.toContain('replaces');
    expect(firstWhatsapp!.text).toContain('Hello Asha, the UPC for your number 98765 43210');
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
        expect(sms!.text).toMatch(gsm7);
        expect(sms!.text.length, sms!.text).toBeLessThanOrEqual(306);
      }
      const [, whole] = orderStepMessages(testConfig(), contact, on, [item], 'upc_sent', null);
      expect(whole!.text).toContain("Share it only at the operator's store: we never ask for it.");
      expect(whole!.text).toMatch(gsm7);
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
      'Your number 98765 43210 has been ported to your operator in your own name. Your order is complete. Enjoy your new numbers!';
    expect(email!.text).toContain(text);
    expect(sms!.text).toBe(`VIP Number Store: order ${order.reference}: ${text}`);
    expect(whatsapp!.template).toEqual({
      kind: 'order_update',
      parameters: ['Asha', order.reference, text],
    });

    const whole = orderStepMessages(
      testConfig(),
      contact,
      individual,
      [item],
      'ported',
      null,
      true,
    );
    expect(whole.map((m) => m.subject)).toEqual([
      `Order ${order.reference}: your number has been ported, and your order is complete`,
      undefined,
      'order_update',
    ]);
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
