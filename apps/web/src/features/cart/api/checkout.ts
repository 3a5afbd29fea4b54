import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiBody, ApiData } from '../../../lib/api-types';
import type { CampaignAttribution } from '../../analytics';

type CheckoutAnswer = ApiData<'/cart/checkout', 'post'>;
type CheckoutBody = NonNullable<ApiBody<'/cart/checkout', 'post'>>;

/** The billing name and address chosen at checkout, and the GSTIN state confirmation. */
export type CheckoutDetails = Pick<CheckoutBody, 'billing' | 'confirmGstinStateMismatch'>;

interface CheckoutInput extends CheckoutDetails {
  /** The saved campaign record, if any. */
  attribution: CampaignAttribution | null;
  /** Buy now: an order for this one number alone; the cart stays as it is. */
  numberId?: number;
  /** Buy now: the price (rupees) the buyer was shown; a higher one now is 409 PRICE_CHANGED. */
  expectedPrice?: number;
}

/**
 * POST /cart/checkout with the saved campaign record and the billing details chosen (else the
 * profile's): reserves the numbers of the cart (or the one number of Buy now), opens an order.
 */
async function checkout({
  attribution,
  numberId,
  expectedPrice,
  billing,
  confirmGstinStateMismatch,
}: CheckoutInput): Promise<CheckoutAnswer> {
  const body = {
    ...(attribution ? { attribution } : {}),
    ...(numberId === undefined ? {} : { numberId }),
    ...(expectedPrice === undefined ? {} : { expectedPrice }),
    ...(billing ? { billing } : {}),
    ...(confirmGstinStateMismatch ? { confirmGstinStateMismatch } : {}),
  };
  return (
    await api.post<CheckoutAnswer>('/cart/checkout', Object.keys(body).length ? body : undefined)
  ).data as CheckoutAnswer;
}

export function useCheckout() {
  return useMutation({ mutationFn: checkout });
}
