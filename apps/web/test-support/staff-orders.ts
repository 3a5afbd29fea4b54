import type { PaymentRecord, StaffOrder } from '../src/features/admin-orders/staff-order-types';
import { numberRefund, ORDER_ID, paidOrder, pendingManualOrder } from './orders';

/** Test fixtures for the console's order pages, shaped like GET /admin/orders/{id}. */

const buyer = {
  id: '7a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Asha Verma',
  email: 'asha@example.com',
  mobile: '9876543210',
  getWhatsappUpdate: true,
};

/** The sample order awaiting a manual payment, as the console sees it. */
export function staffPendingOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    ...pendingManualOrder(),
    buyer,
    attribution: {
      utm_campaign: 'diwali',
      utm_source: 'newsletter',
      timestamp: '2026-11-20T04:30:00.000Z',
      expires_at: '2027-02-18T04:30:00.000Z',
    },
    providerOrderId: null,
    payments: [],
    relistableNumberIds: [],
    overdue: [],
    ...overrides,
  };
}

export const samplePayment: PaymentRecord = {
  id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
  provider: 'manual',
  reference: 'UTR 431298765',
  amount: 177000,
  status: 'confirmed',
  applied: true,
  dueBack: false,
  refundable: true,
  confirmedBy: 'Ravi Kumar',
  at: '2026-11-22T09:05:00.000Z',
  refunds: [],
};

/** The sample order paid, with a UPC sent for each number, as the console sees it. */
export function staffPaidOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return staffPendingOrder({ ...paidOrder(), payments: [samplePayment], ...overrides });
}

export { ORDER_ID, numberRefund };
