import type { ApiBody, ApiData } from '../../lib/api-types';

/** Orders as the console reads them (apps/api/src/orders/order-schemas.ts, staffOrderSchema). */
export type StaffOrder = ApiData<'/admin/orders/{id}', 'get'>;
export type StaffOrderPage = ApiData<'/admin/orders', 'get'>;
export type StaffOrderItem = StaffOrder['items'][number];
export type PaymentRecord = StaffOrder['payments'][number];

export type PortingStepBody = ApiBody<'/admin/orders/{id}/numbers/{numberId}/porting', 'post'>;
export type RefundBody = ApiBody<'/admin/orders/{id}/refunds', 'post'>;
export type RefundReferenceBody = ApiBody<'/admin/orders/{id}/refunds/{refundId}', 'patch'>;
export type NumberRefundBody = ApiBody<'/admin/orders/{id}/numbers/{numberId}/refund', 'post'>;
export type BillingCorrectionBody = ApiBody<'/admin/orders/{id}/billing', 'post'>;
