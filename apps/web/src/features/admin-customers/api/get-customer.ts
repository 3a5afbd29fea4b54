import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

export type CustomerDetail = ApiData<'/admin/customers/{id}', 'get'>;

/** GET /admin/customers/:id: the account, its address, consents, orders, enquiries, audit. */
async function getCustomer(id: string, options: RequestOptions = {}): Promise<CustomerDetail> {
  return (await api.get<CustomerDetail>(`/admin/customers/${id}`, options)).data as CustomerDetail;
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: [queryRoots.console, 'customer', id],
    queryFn: ({ signal }) => getCustomer(id, { signal }),
  });
}
