import { describe, expect, it } from 'vitest';
import { paidOrder, pendingManualOrder } from '../../../test-support/orders';
import { isOrderInProgress, orderStatusText } from './order-status';

describe('presentation', () => {
  it('tells which orders can still change', () => {
    expect(isOrderInProgress(pendingManualOrder())).toBe(true);
    expect(isOrderInProgress(paidOrder())).toBe(true);
    expect(isOrderInProgress(paidOrder({ status: 'completed' }))).toBe(false);
    const expired = pendingManualOrder();
    expired.payment = { provider: 'manual', status: 'expired', paymentReference: null };
    expect(isOrderInProgress(expired)).toBe(false);
    expect(
      isOrderInProgress(
        paidOrder({
          status: 'cancelled',
          needsRefund: true,
          payment: { provider: 'manual', status: 'refund_due', paymentReference: 'UTR 1' },
        }),
      ),
    ).toBe(false);
  });

  it('names a lapsed hold and a refund due instead of the bare status', () => {
    const expired = pendingManualOrder();
    expired.payment = { provider: 'manual', status: 'expired', paymentReference: null };
    expect(orderStatusText(expired)).toBe('Hold lapsed');
    expect(orderStatusText(pendingManualOrder())).toBe('Awaiting payment');
    expect(
      orderStatusText(
        paidOrder({
          status: 'cancelled',
          statusLabel: 'Cancelled',
          payment: { provider: 'manual', status: 'refund_due', paymentReference: null },
        }),
      ),
    ).toBe('Refund due');
    expect(orderStatusText(paidOrder())).toBe('UPC sent');
  });
});
