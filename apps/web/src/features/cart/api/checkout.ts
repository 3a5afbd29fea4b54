import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import type { CampaignAttribution } from '../../analytics';

type CheckoutAnswer = ApiData<'/cart/checkout', 'post'>;

/** POST /cart/checkout with the saved campaign record: reserves the numbers, opens an order. */
async function checkout(attribution: CampaignAttribution | null): Promise<CheckoutAnswer> {
  return (
    await api.post<CheckoutAnswer>('/cart/checkout', attribution ? { attribution } : undefined)
  ).data as CheckoutAnswer;
}

export function useCheckout() {
  return useMutation({ mutationFn: checkout });
}
