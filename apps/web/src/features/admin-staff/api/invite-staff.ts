import { api } from '../../../lib/api-client';
import type { ApiBody, ApiData } from '../../../lib/api-types';
import { useConsoleMutation } from '../../admin-shell';

type Invitation = ApiBody<'/admin/staff', 'post'>;
type Invited = ApiData<'/admin/staff', 'post'>;

/** POST /admin/staff: creates the account and tells the member how to sign in. */
async function inviteStaff(invitation: Invitation) {
  const response = await api.post<Invited>('/admin/staff', invitation);
  return { ...(response.data as Invited), message: response.message ?? 'Invited.' };
}

export const useInviteStaff = () => useConsoleMutation(inviteStaff);
