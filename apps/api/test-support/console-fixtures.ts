import { toPaise, type OrderStatus } from '@store/domain';
import type { App } from '../src/app';
import { orders } from '../src/db/schema';
import { signedIn } from './sales';
import { api } from './session-client';

/** Fixtures of the console's tests: enquiries as the site's form sends them, orders as rows. */

/** POST /enquiries as a visitor (Ravi asking about a number); the raw answer. */
export function sendEnquiry(app: App, overrides: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: api('/enquiries'),
    payload: {
      name: 'Ravi Kulkarni',
      mobile: '9876543210',
      email: 'ravi@example.com',
      topic: 'vip-number',
      message: 'Is 98200 98200 still available? Please call me.',
      ...overrides,
    },
  });
}

/** A whole billing snapshot, for orders the console lists (insertOrders leaves billing empty). */
export const sampleBilling = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  mobile: '9811122233',
  accountType: 'Individual',
  companyName: null,
  gstinNo: null,
  address: null,
};

export interface OrderSpec {
  status?: OrderStatus;
  reference?: string;
  rupees?: number;
  paidAt?: string | Date | null;
  needsRefund?: boolean;
  /** Minutes from now the hold ends (negative: lapsed); 15 by default. */
  holdMinutes?: number;
  /** The buyer submitted a payment (a UTR) for staff to check. */
  paymentSubmitted?: boolean;
}

let serial = 0;

/**
 * Orders of one new buyer straight into the table (no GST or TDS split: the total is the
 * price): for tests of figures and filters, not of how orders come to be. Returns their ids.
 */
export async function insertOrders(app: App, specs: OrderSpec[]): Promise<string[]> {
  const buyer = await signedIn(app);
  const ids: string[] = [];
  for (const spec of specs) {
    serial += 1;
    const paise = toPaise(spec.rupees ?? 1000);
    const [row] = await app.database.db
      .insert(orders)
      .values({
        reference: spec.reference ?? `VN-20260401-TEST${String(serial).padStart(4, '0')}`,
        userId: buyer.user.id,
        status: spec.status ?? 'pending_payment',
        subtotal: paise,
        tdsBasisPoints: 0,
        tdsDeducted: 0,
        taxable: paise,
        taxBasisPoints: 1800,
        cgstAmount: 0,
        sgstAmount: 0,
        totalAmount: paise,
        billing: {},
        cartKey: `test-${serial}`,
        holdExpiresAt: new Date(Date.now() + (spec.holdMinutes ?? 15) * 60_000),
        paymentProvider: 'manual',
        paidAt: spec.paidAt ? new Date(spec.paidAt) : null,
        needsRefund: spec.needsRefund ?? false,
        ...(spec.paymentSubmitted
          ? {
              submittedUtr: `61234567${String(serial).padStart(4, '0')}`,
              paymentSubmittedAt: new Date(),
            }
          : {}),
      })
      .returning({ id: orders.id });
    ids.push(row!.id);
  }
  return ids;
}
