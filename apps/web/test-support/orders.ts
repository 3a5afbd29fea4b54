import type { Order, OrderItem, TimelineEntry } from '../src/features/orders/order-types';
import { sampleAddress } from './session';

/** Test fixtures for the order page and the order history, shaped like GET /orders/{id}. */

export const ORDER_ID = '3f6d1c2a-8b4e-4c1d-9a7f-2e5b6c7d8e9f';
export const ORDER_REFERENCE = 'VN-20261122-7K3Q9MZA';

export const sampleNextSteps = [
  'Pay by UPI or bank transfer before the hold ends, quoting your order reference. There is no cash on delivery: what we deliver is a code.',
  'Within 24 hours of payment we send your Unique Porting Code (UPC, 8 characters) and the GST invoice by SMS, e-mail and WhatsApp.',
  'Visit any Jio, Airtel, Vi or BSNL store with your original Aadhaar card for biometric e-KYC.',
  'The SIM becomes active in 3 to 5 working days.',
];

const placed: TimelineEntry = {
  status: 'pending_payment',
  label: 'Awaiting payment',
  note: null,
  at: '2026-11-22T09:00:00.000Z',
  actor: 'buyer',
  by: null,
};

/** A number's porting before its UPC is sent. */
const awaitingUpc: OrderItem['porting'] = {
  status: 'awaiting_upc',
  label: 'Awaiting UPC',
  upcCode: null,
  upcExpiresOn: null,
  steps: [],
};

/** A pending `manual` order for two numbers: ₹1,50,000 + 18 % GST = ₹1,77,000. */
export function pendingManualOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    reference: ORDER_REFERENCE,
    status: 'pending_payment',
    statusLabel: 'Awaiting payment',
    items: [
      {
        numberId: 11,
        number: '9876543210',
        display: '98765 43210',
        category: { slug: 'mirror-numbers', name: 'Mirror Numbers' },
        price: 125000,
        basePrice: 140000,
        porting: awaitingUpc,
        refund: null,
      },
      {
        numberId: 12,
        number: '9000078600',
        display: '90000 78600',
        category: { slug: '786-numbers', name: '786 Numbers' },
        price: 25000,
        basePrice: 25000,
        porting: awaitingUpc,
        refund: null,
      },
    ],
    amounts: {
      subtotal: 150000,
      tdsPercent: 0,
      tdsDeducted: 0,
      taxable: 150000,
      taxPercent: 18,
      cgstPercent: 9,
      cgstAmount: 13500,
      sgstPercent: 9,
      sgstAmount: 13500,
      igstPercent: 0,
      igstAmount: 0,
      placeOfSupply: 'Maharashtra',
      totalAmount: 177000,
    },
    billing: {
      name: 'Asha Verma',
      email: 'asha@example.com',
      mobile: '9876543210',
      accountType: 'Corporate',
      companyName: 'Asha Traders',
      gstinNo: '27AAPFU0939F1ZV',
      address: sampleAddress,
    },
    holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    payment: {
      provider: 'manual',
      status: 'pending',
      paymentReference: null,
      instructions: {
        upiId: 'vipstore@hdfcbank',
        upiLimit: 200000,
        bankDetails: 'HDFC Bank, A/c 50200012345678, IFSC HDFC0001234',
        reference: ORDER_REFERENCE,
        amount: 177000,
      },
      upiLink: `upi://pay?pa=vipstore%40hdfcbank&pn=VIP%20Number%20Store&am=177000.00&tn=${ORDER_REFERENCE}&cu=INR`,
    },
    timeline: [placed],
    needsRefund: false,
    refunds: [],
    replaces: [],
    replacedBy: null,
    canRetry: false,
    retryFrom: null,
    createdAt: '2026-11-22T09:00:00.000Z',
    paidAt: null,
    nextSteps: sampleNextSteps,
    taxDocuments: taxDocuments(),
    ...overrides,
  };
}

/** Where the sample Razorpay order's checkout script is (a stand-in's address, as in a trial). */
export const TEST_CHECKOUT_URL = 'http://127.0.0.1:4010/checkout.js';

/** The same order paid through Razorpay checkout, waiting to be paid. */
export function pendingRazorpayOrder(overrides: Partial<Order> = {}): Order {
  return pendingManualOrder({
    payment: {
      provider: 'razorpay',
      status: 'pending',
      paymentReference: null,
      razorpay: {
        keyId: 'rzp_test_key',
        orderId: 'order_NX1abc',
        amount: 17_700_000,
        currency: 'INR',
        name: 'VIP Number Store',
        description: `Order ${ORDER_REFERENCE}`,
        checkoutUrl: TEST_CHECKOUT_URL,
      },
    },
    ...overrides,
  });
}

/** A number refunded alone (decision 0039), as the order's `items[].refund`. */
export function numberRefund(
  overrides: Partial<NonNullable<OrderItem['refund']>> = {},
): NonNullable<OrderItem['refund']> {
  return {
    amount: 147500,
    at: '2026-11-23T05:00:00.000Z',
    method: 'manual',
    reference: 'IMPS4455667788',
    creditNote: 'CN-26-27-000001.pdf',
    ...overrides,
  };
}

/**
 * A transfer of the order's refunds (`refunds[]`): by default the whole payment's, with credit
 * note CN/26-27/000001.
 */
export function orderRefund(
  overrides: Partial<Order['refunds'][number]> = {},
): Order['refunds'][number] {
  return {
    amount: 177000,
    at: '2026-11-23T05:00:00.000Z',
    method: 'manual',
    reference: 'NEFT0012345678',
    creditNote: 'CN-26-27-000001.pdf',
    numberId: null,
    ...overrides,
  };
}

/** The order's tax documents: by default none; with `invoice`, the first invoice of the year. */
export function taxDocuments(
  overrides: Partial<Order['taxDocuments']> = {},
): Order['taxDocuments'] {
  const invoice = overrides.invoice ?? false;
  return {
    invoice,
    invoiceFile: invoice ? 'INV-26-27-000001.pdf' : null,
    invoiceSerial: invoice ? 'INV/26-27/000001' : null,
    replacedInvoices: [],
    creditNote: false,
    creditNotes: [],
    ...overrides,
  };
}

/** A credit note of the order, as `taxDocuments.creditNotes[]`: by default the whole refund's. */
export function creditNote(
  overrides: Partial<Order['taxDocuments']['creditNotes'][number]> = {},
): Order['taxDocuments']['creditNotes'][number] {
  return {
    serial: 'CN/26-27/000001',
    file: 'CN-26-27-000001.pdf',
    amount: 177000,
    issuedAt: '2026-11-23T05:00:00.000Z',
    refundReference: 'NEFT0012345678',
    numberId: null,
    billingCorrection: false,
    ...overrides,
  };
}

/**
 * The tax documents after a billing correction of the paid order (decision 0070): invoice
 * INV/26-27/000001 replaced by INV/26-27/000002 and cancelled by credit note CN/26-27/000001.
 */
export function correctedTaxDocuments(
  overrides: Partial<Order['taxDocuments']> = {},
): Order['taxDocuments'] {
  return taxDocuments({
    invoice: true,
    invoiceFile: 'INV-26-27-000002.pdf',
    invoiceSerial: 'INV/26-27/000002',
    replacedInvoices: [
      {
        serial: 'INV/26-27/000001',
        file: 'INV-26-27-000001.pdf',
        issuedAt: '2026-11-22T09:05:00.000Z',
        replacedAt: '2026-11-24T09:05:00.000Z',
      },
    ],
    creditNote: true,
    creditNotes: [creditNote({ refundReference: null, billingCorrection: true })],
    ...overrides,
  });
}

/** Paid at 2:35 pm IST; the UPC of each number was sent at 6:00 pm IST. */
export function paidOrder(overrides: Partial<Order> = {}): Order {
  const base = pendingManualOrder();
  const upcSent = (upcCode: string): OrderItem['porting'] => ({
    status: 'upc_sent',
    label: 'UPC sent',
    upcCode,
    upcExpiresOn: '2026-11-26',
    steps: [
      {
        status: 'upc_sent',
        label: 'UPC sent',
        upcCode,
        upcExpiresOn: '2026-11-26',
        note: null,
        at: '2026-11-22T12:30:00.000Z',
        by: 'Meera Iyer',
      },
    ],
  });
  return pendingManualOrder({
    items: [
      { ...base.items[0]!, porting: upcSent('AB12CD34') },
      { ...base.items[1]!, porting: upcSent('QW56ER78') },
    ],
    status: 'upc_sent',
    statusLabel: 'UPC sent',
    holdExpiresAt: '2026-11-22T09:15:00.000Z',
    payment: { provider: 'manual', status: 'paid', paymentReference: 'UTR 431298765' },
    paidAt: '2026-11-22T09:05:00.000Z',
    taxDocuments: taxDocuments({ invoice: true }),
    timeline: [
      placed,
      {
        status: 'paid',
        label: 'Paid',
        note: 'UPI transfer received',
        at: '2026-11-22T09:05:00.000Z',
        actor: 'staff',
        by: 'Ravi Kumar',
      },
      {
        status: 'upc_sent',
        label: 'UPC sent',
        note: 'UPC sent by SMS to 98765 43210',
        at: '2026-11-22T12:30:00.000Z',
        actor: 'staff',
        by: 'Meera Iyer',
      },
    ],
    ...overrides,
  });
}
