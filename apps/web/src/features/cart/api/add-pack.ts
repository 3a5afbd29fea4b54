import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';

type AddPackAnswer = ApiData<'/cart/add-pack', 'post'>;

/** POST /cart/add-pack: all the numbers or none; guests get `{ products }`, buyers the cart too. */
async function addPack(numberIds: number[]): Promise<AddPackAnswer> {
  return (await api.post<AddPackAnswer>('/cart/add-pack', { numberIds })).data as AddPackAnswer;
}

export function useAddPack() {
  return useMutation({ mutationFn: addPack });
}
