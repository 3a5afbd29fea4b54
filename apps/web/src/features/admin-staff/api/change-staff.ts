import { api } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { useConsoleMutation } from '../../admin-shell';

type StaffChange = ApiBody<'/admin/staff/{id}', 'patch'>;

/** PATCH /admin/staff/:id: a new role, or disabled / enabled; resolves to the server's message. */
async function changeStaff({ id, ...change }: StaffChange & { id: string }) {
  return (await api.patch(`/admin/staff/${id}`, change)).message ?? 'Saved.';
}

export const useChangeStaff = () => useConsoleMutation(changeStaff);
