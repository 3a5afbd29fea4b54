import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../../lib/api-client';
import { invalidateStock } from '../../admin-inventory';
import type { StockImport } from '../import-types';
import { importKeys } from './import-keys';

/** How often a running import is read again (the progress bar). */
const IMPORT_POLL_MS = 500;

/** GET /admin/imports/{id}: the import's progress and result. */
async function fetchImport(id: string, options: RequestOptions = {}): Promise<StockImport> {
  return (await api.get<StockImport>(`/admin/imports/${id}`, options)).data as StockImport;
}

/**
 * One import, read again every IMPORT_POLL_MS while it runs. When it ends, the inventory (and
 * the storefront's listings) and the past imports are read again.
 */
export function useImport(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.one(id),
    queryFn: async ({ signal }) => {
      const state = await fetchImport(id, { signal });
      if (state.status !== 'running') {
        invalidateStock(queryClient);
        void queryClient.invalidateQueries({ queryKey: importKeys.lists });
      }
      return state;
    },
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
  });
}
