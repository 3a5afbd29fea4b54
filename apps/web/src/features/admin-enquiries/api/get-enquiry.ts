import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import type { ApiData } from '../../../lib/api-types';
import { queryRoots } from '../../../lib/query-keys';

export type EnquiryDetail = ApiData<'/admin/enquiries/{id}', 'get'>;

const enquiryKey = (id: string) => [queryRoots.console, 'enquiry', id] as const;

/** GET /admin/enquiries/:id: one enquiry with the replies sent to it. */
async function getEnquiry(id: string, options: RequestOptions = {}): Promise<EnquiryDetail> {
  return (await api.get<EnquiryDetail>(`/admin/enquiries/${id}`, options)).data as EnquiryDetail;
}

export function useEnquiry(id: string) {
  return useQuery({
    queryKey: enquiryKey(id),
    queryFn: ({ signal }) => getEnquiry(id, { signal }),
  });
}
