import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

/** How many times a query failing with `error` is asked before it gives up. */
async function attempts(error: Error): Promise<number> {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
  });
  let calls = 0;
  await client
    .fetchQuery({
      queryKey: ['q'],
      queryFn: () => {
        calls += 1;
        throw error;
      },
    })
    .catch(() => undefined);
  return calls;
}

describe('createQueryClient', () => {
  it('asks once more after no response or a server error', async () => {
    expect(await attempts(new ApiError('No response', { code: 'NETWORK_ERROR' }))).toBe(2);
    expect(await attempts(new ApiError('Bad gateway', { status: 502 }))).toBe(2);
  });

  it('does not ask again what would only be refused again', async () => {
    for (const status of [400, 403, 404]) {
      expect(await attempts(new ApiError('refused', { status })), String(status)).toBe(1);
    }
  });
});
