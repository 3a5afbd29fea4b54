import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import type { Order, RazorpayPaymentResponse } from '../order-types';
import { ordersKeys } from './order-queries';

export interface VerifiedPayment {
  order: Order;
  /** The server's message: paid, already paid, or paid too late (refund due). */
  message?: string;
}

/**
 * POST /orders/{id}/payments/razorpay/verify, Razorpay's browser callback: the server checks
 * the signature and marks the order paid.
 */
export async function verifyRazorpayPayment(
  id: string,
  payment: RazorpayPaymentResponse,
): Promise<VerifiedPayment> {
  const body: RazorpayPaymentResponse = {
    razorpay_order_id: payment.razorpay_order_id,
    razorpay_payment_id: payment.razorpay_payment_id,
    razorpay_signature: payment.razorpay_signature,
  };
  const response = await api.post<Order>(
    `/orders/${encodeURIComponent(id)}/payments/razorpay/verify`,
    body,
  );
  return { order: response.data as Order, message: response.message };
}

/**
 * Verifies a Razorpay payment. On success the order in the cache becomes the one the server
 * answered (paid), and the lists are read again.
 */
export function useVerifyRazorpayPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: RazorpayPaymentResponse) => verifyRazorpayPayment(id, payment),
    // A payment made while the connection drops is confirmed once it is back.
    networkMode: 'online',
    onSuccess: ({ order }) => {
      queryClient.setQueryData(ordersKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
      // Payment empties the buyer's server cart of these numbers.
      void queryClient.invalidateQueries({ queryKey: [queryRoots.cart] });
    },
  });
}
