import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';

type AddToCartAnswer = ApiData<'/cart/add/{productId}', 'post'>;

/** POST /cart/add/{id}: guests get `{ product }`; signed-in buyers the cart as well. */
async function addToCart(productId: number): Promise<AddToCartAnswer> {
  return (await api.post<AddToCartAnswer>(`/cart/add/${productId}`)).data as AddToCartAnswer;
}

export function useAddToCart() {
  return useMutation({ mutationFn: addToCart });
}
