import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

export type StaffMember = ApiData<'/admin/staff', 'get'>['members'][number];

/** GET /admin/staff (administrators): the support and admin accounts, by name. */
async function getStaff(options: RequestOptions = {}): Promise<StaffMember[]> {
  const data = (await api.get<{ members: StaffMember[] }>('/admin/staff', options)).data;
  return data?.members ?? [];
}

export function useStaffMembers() {
  return useQuery({
    queryKey: [queryRoots.console, 'staff'],
    queryFn: ({ signal }) => getStaff({ signal }),
  });
}
