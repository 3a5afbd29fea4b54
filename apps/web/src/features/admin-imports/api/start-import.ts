import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ImportStarted } from '../import-types';
import { importForm } from './check-import-file';
import { importKeys } from './import-keys';

/** POST /admin/numbers/import: starts the import (202); follow it with GET /admin/imports/{id}. */
async function startImport(file: File): Promise<ImportStarted> {
  return (await api.post<ImportStarted>('/admin/numbers/import', importForm(file)))
    .data as ImportStarted;
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}
