import type { ApiBody, ApiData } from '../../lib/api-types';

/**
 * The buyer's orders as the API answers them (apps/api/src/orders/order-view.ts; amounts in
 * rupees, times ISO), taken from the API's schemas.
 */
export type Order = ApiData<'/orders/{id}', 'get'>;
export type OrderPage = ApiData<'/orders', 'get'>;
export type TimelineEntry = Order['timeline'][number];
export type OrderItem = Order['items'][number];
/** Options for Razorpay Checkout, while a razorpay order is payable. */
export type RazorpayOrderOptions = NonNullable<Order['payment']['razorpay']>;
/** The fields Razorpay Checkout hands to its `handler` after a successful payment. */
export type RazorpayPaymentResponse = ApiBody<'/orders/{id}/payments/razorpay/verify', 'post'>;
