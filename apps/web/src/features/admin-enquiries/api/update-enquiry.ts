import { api } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { useConsoleMutation } from '../../admin-shell';

type EnquiryChange = ApiBody<'/admin/enquiries/{id}', 'patch'>;

/** PATCH /admin/enquiries/:id: a new status and/or the note; resolves to the server's message. */
async function updateEnquiry({ id, ...change }: EnquiryChange & { id: string }) {
  return (await api.patch(`/admin/enquiries/${id}`, change)).message ?? 'Saved.';
}

export const useUpdateEnquiry = () => useConsoleMutation(updateEnquiry);
