import { api, withQuery } from '../../../lib/api-client';
import { saveDataExport } from '../../../lib/save-data-export';
import { useConsoleMutation } from '../../admin-shell';

/**
 * GET /admin/customers/:id/data-export with the buyer's request it answers (kept in the audit
 * log), saved as `data-<customer id>-<date>.json`; the page is read again (its audit entries).
 */
export const useDownloadCustomerData = () =>
  useConsoleMutation(async ({ id, reason }: { id: string; reason: string }) =>
    saveDataExport(
      await api.get(withQuery(`/admin/customers/${id}/data-export`, { reason })),
      `data-${id}`,
    ),
  );
