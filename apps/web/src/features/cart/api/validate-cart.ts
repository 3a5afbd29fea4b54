import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import type { CartItemPayload } from '../cart-types';

type Validation = ApiData<'/cart/validate', 'post'>;

/**
 * POST /cart/validate: guests send their items; signed-in buyers send no body and get the
 * cleaned cart back.
 */
async function validateCart(items?: CartItemPayload[]): Promise<Validation> {
  return (await api.post<Validation>('/cart/validate', items ? { items } : undefined))
    .data as Validation;
}

export function useValidateCart() {
  return useMutation({ mutationFn: validateCart });
}
