import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import type { CampaignAttribution } from '../../analytics';

type CheckoutAnswer = ApiData<'/cart/checkout', 'post'>;

interface CheckoutInput {
  /** The saved campaign record, if any. */
  attribution: CampaignAttribution | null;
  /** Buy now: an order for this one number alone; the cart stays as it is. */
  numberId?: number;
}

/**
 * POST /cart/checkout with the saved campaign record: reserves the numbers of the cart (or the
 * one number of Buy now), opens an order.
 */
async function checkout({ attribution, numberId }: CheckoutInput): Promise<CheckoutAnswer> {
  const body = {
    ...(attribution ? { attribution } : {}),
    ...(numberId === undefined ? {} : { numberId }),
  };
  return (
    await api.post<CheckoutAnswer>('/cart/checkout', Object.keys(body).length ? body : undefined)
  ).data as CheckoutAnswer;
}

export function useCheckout() {
  return useMutation({ mutationFn: checkout });
}
