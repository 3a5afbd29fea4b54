import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { toAuthSession } from '../../auth';

type AddressInput = ApiBody<'/user/address', 'put'>;

/** PUT /user/address: the account as the server answers it (null if it sent none), and its message. */
async function updateAddress(address: AddressInput) {
  const response = await api.put<unknown>('/user/address', address);
  return { session: toAuthSession(response.data), message: response.message };
}

export function useUpdateAddress() {
  return useMutation({ mutationFn: updateAddress });
}
