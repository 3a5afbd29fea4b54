import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveDataExport } from '../../../lib/save-data-export';

/**
 * GET /user/data-export through the api-client (so an expired access token is refreshed once),
 * then saved as `my-data-<date>.json`: the file the server names in its Content-Disposition.
 */
async function downloadMyData(): Promise<string> {
  return saveDataExport(await api.get('/user/data-export'), 'my-data');
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
