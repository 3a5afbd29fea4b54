import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery, type RequestOptions } from '../../../lib/api-client';
import type { ImportPage } from '../import-types';
import { importKeys } from './import-keys';

/** GET /admin/imports: past imports, newest first, with who ran them. */
async function fetchImports(page: number, options: RequestOptions = {}): Promise<ImportPage> {
  const path = withQuery('/admin/imports', { page, pageSize: 20 });
  return (await api.get<ImportPage>(path, options)).data as ImportPage;
}

export function useImports(page: number) {
  return useQuery({
    queryKey: importKeys.list(page),
    queryFn: ({ signal }) => fetchImports(page, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
