import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import type { ImportStarted } from '../import-types';
import { importForm } from './check-import-file';
import { importKeys } from './import-keys';

/**
 * POST /admin/numbers/import: starts the import (202); follow it with GET /admin/imports/{id}.
 * A retry with the same key (after a lost answer) gets the id of the import it started.
 */
async function startImport(file: File, idempotencyKey: string): Promise<ImportStarted> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  return (await api.post<ImportStarted>('/admin/numbers/import', importForm(file), { headers }))
    .data as ImportStarted;
}

export function useStartImport() {
  const queryClient = useQueryClient();
  const withKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (file: File) => withKey(file, (key) => startImport(file, key)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}
