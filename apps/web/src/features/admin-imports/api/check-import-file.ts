import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DryRun } from '../import-types';

/** The file as the import call takes it: multipart, in the field `file`. */
export function importForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** POST /admin/numbers/import?dryRun=true: what the file would do; nothing is written. */
async function checkImportFile(file: File): Promise<DryRun> {
  return (await api.post<DryRun>('/admin/numbers/import?dryRun=true', importForm(file)))
    .data as DryRun;
}

export const useCheckImportFile = () => useMutation({ mutationFn: checkImportFile });
