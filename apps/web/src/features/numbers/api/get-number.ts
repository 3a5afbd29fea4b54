import { api, isApiError, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';

type NumberPageData = ApiData<'/numbers/by-number/{digits}', 'get'>;
type WithStatus<Status, Pricing> = Omit<NumberPageData, 'status' | 'pricing'> & {
  status: Status;
  pricing: Pricing;
};
type Pricing = NonNullable<NumberPageData['pricing']>;

/**
 * A number as its page shows it: the card data, status, every category, saving; its price unless
 * it is sold or hidden (the API publishes none then).
 */
export type NumberDetail =
  | WithStatus<'available', Pricing>
  | WithStatus<'reserved', Pricing>
  | WithStatus<'coming_soon', Pricing>
  | WithStatus<'sold', null>
  | WithStatus<'hidden', null>;

/**
 * GET /numbers/by-number/{digits}: the number whatever its status, or null when the store never
 * had it (404) or the digits are no mobile number (400). Other failures reject (ApiError).
 */
export async function fetchNumber(
  digits: string,
  options: RequestOptions = {},
): Promise<NumberDetail | null> {
  try {
    return (await api.get<NumberDetail>(`/numbers/by-number/${digits}`, options)).data ?? null;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
