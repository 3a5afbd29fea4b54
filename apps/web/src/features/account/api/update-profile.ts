import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { toAuthSession } from '../../auth';

type ProfileChanges = ApiBody<'/user/profile', 'patch'>;

/** PATCH /user/profile: the account as the server answers it (null if it sent none), and its message. */
async function updateProfile(changes: ProfileChanges) {
  const response = await api.patch<unknown>('/user/profile', changes);
  return { session: toAuthSession(response.data), message: response.message };
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
