import type { BillingCorrectionBody } from '../staff-order-types';
import { postOrderChange, useOrderChange } from './order-change';

/** POST /admin/orders/{id}/billing: the billing details corrected, with a reason (decision 0070). */
export function useCorrectBilling(orderId: string) {
  return useOrderChange(orderId, (body: BillingCorrectionBody) =>
    postOrderChange(orderId, '/billing', body),
  );
}
