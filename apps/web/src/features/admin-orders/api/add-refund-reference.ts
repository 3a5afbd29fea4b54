import type { RefundReferenceBody } from '../staff-order-types';
import { postOrderChange, useOrderChange } from './order-change';

/** PATCH /admin/orders/{id}/refunds/{refundId}: a manual refund's UTR, added once (0054). */
export function useAddRefundReference(orderId: string, refundId: string) {
  return useOrderChange(orderId, (body: RefundReferenceBody) =>
    postOrderChange(orderId, `/refunds/${encodeURIComponent(refundId)}`, body, 'patch'),
  );
}
