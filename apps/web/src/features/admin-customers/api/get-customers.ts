import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

type CustomerPage = ApiData<'/admin/customers', 'get'>;
export type Customer = CustomerPage['customers'][number];

export interface CustomerListParams {
  page: number;
  accountType?: Customer['accountType'];
  /** The buyer's name or company, e-mail, mobile or GSTIN. */
  q?: string;
}

/** GET /admin/customers: one page of buyers' accounts, newest first. */
async function getCustomers(
  params: CustomerListParams,
  options: RequestOptions = {},
): Promise<CustomerPage> {
  const path = withQuery('/admin/customers', { ...params, pageSize: 25 });
  return (await api.get<CustomerPage>(path, options)).data as CustomerPage;
}

/** The customer list's page; the previous page stays shown while the next loads. */
export function useCustomers(params: CustomerListParams) {
  return useQuery({
    queryKey: [queryRoots.console, 'customers', params],
    queryFn: ({ signal }) => getCustomers(params, { signal }),
    placeholderData: keepPreviousData,
  });
}
