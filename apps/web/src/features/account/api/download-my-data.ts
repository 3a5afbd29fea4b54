import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /user/data-export through the api-client (so an expired access token is refreshed once),
 * then saved as `my-data-<date>.json`: the file the server names in its Content-Disposition.
 */
async function downloadMyData(): Promise<string> {
  const file: unknown = await api.get('/user/data-export');
  const made = (file as { generatedAt?: unknown }).generatedAt;
  const day = (typeof made === 'string' ? made : new Date().toISOString()).slice(0, 10);
  const name = `my-data-${day}.json`;
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
