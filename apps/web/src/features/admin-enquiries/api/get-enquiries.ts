import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

export type EnquiryPage = ApiData<'/admin/enquiries', 'get'>;
export type Enquiry = EnquiryPage['enquiries'][number];

export interface EnquiryListParams {
  page: number;
  state?: 'open' | 'answered';
  topic?: Enquiry['topic'];
  /** A reference, the sender's name, e-mail or mobile, or the number asked about. */
  q?: string;
}

/** GET /admin/enquiries: one page of the inbox, newest first. */
async function getEnquiries(
  params: EnquiryListParams,
  options: RequestOptions = {},
): Promise<EnquiryPage> {
  const path = withQuery('/admin/enquiries', { ...params, pageSize: 25 });
  return (await api.get<EnquiryPage>(path, options)).data as EnquiryPage;
}

/** The inbox page; the previous page stays shown while the next loads. */
export function useEnquiries(params: EnquiryListParams) {
  return useQuery({
    queryKey: [queryRoots.console, 'enquiries', params],
    queryFn: ({ signal }) => getEnquiries(params, { signal }),
    placeholderData: keepPreviousData,
  });
}
