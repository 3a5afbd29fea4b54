import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Order } from '../order-types';
import { ordersKeys } from './order-queries';

const submissionPath = (id: string) => `/orders/${encodeURIComponent(id)}/payment-submission`;

/** PUT .../payment-submission/screenshot (multipart, field `file`): after the UTR only. */
async function attachScreenshot(id: string, screenshot: File): Promise<Order> {
  const form = new FormData();
  form.append('file', screenshot, screenshot.name);
  return (await api.put<Order>(`${submissionPath(id)}/screenshot`, form)).data as Order;
}

/**
 * POST /orders/{id}/payment-submission: "I have paid", with the UTR of the transfer; then, when
 * the buyer chose one, the screenshot. The UTR is in once the first call answers: a screenshot
 * that then fails is answered as `screenshotFailed`, with the order as the UTR left it.
 */
async function submitPayment(
  id: string,
  utr: string,
  screenshot?: File,
): Promise<{ order: Order; screenshotFailed?: unknown }> {
  const order = (await api.post<Order>(submissionPath(id), { utr })).data as Order;
  if (!screenshot) return { order };
  try {
    return { order: await attachScreenshot(id, screenshot) };
  } catch (error) {
    return { order, screenshotFailed: error };
  }
}

/** Submits the UTR (and screenshot); the order in the cache becomes the one the server answered. */
export function useSubmitPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ utr, screenshot }: { utr: string; screenshot?: File }) =>
      submitPayment(id, utr, screenshot),
    onSuccess: ({ order }) => {
      queryClient.setQueryData(ordersKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
    },
    // The UTR may have gone through though its answer was lost: read the order again.
    onError: () => void queryClient.invalidateQueries({ queryKey: ordersKeys.detail(id) }),
  });
}

/** A screenshot attached later, to a payment submitted without one. */
export function useAttachScreenshot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (screenshot: File) => attachScreenshot(id, screenshot),
    onSuccess: (order) => queryClient.setQueryData(ordersKeys.detail(order.id), order),
    // Its answer may have been lost after the file was stored: read the order again.
    onError: () => void queryClient.invalidateQueries({ queryKey: ordersKeys.detail(id) }),
  });
}
