import { api, isApiError } from '../../../lib/api-client';
import type { ApiBody } from '../../../lib/api-types';
import { useConsoleMutation } from '../../admin-shell';

type EnquiryChange = ApiBody<'/admin/enquiries/{id}', 'patch'>;

/** PATCH /admin/enquiries/:id: a new status and/or the note; resolves to the server's message. */
async function updateEnquiry({ id, ...change }: EnquiryChange & { id: string }) {
  return (await api.patch(`/admin/enquiries/${id}`, change)).message ?? 'Saved.';
}

export const useUpdateEnquiry = () => useConsoleMutation(updateEnquiry);

/** The note another agent saved since the page was loaded (409 NOTE_CHANGED), if that was why. */
export interface SavedNote {
  text: string | null;
  by: string | null;
  at: string | null;
}

export function noteSavedMeanwhile(error: unknown): SavedNote | undefined {
  if (!isApiError(error) || error.code !== 'NOTE_CHANGED') return undefined;
  return (error.body as { note?: SavedNote } | undefined)?.note;
}
