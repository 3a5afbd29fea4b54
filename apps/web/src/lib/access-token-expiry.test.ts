import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_EXPIRY_HEADER } from './access-token-expiry';
import { createApiClient } from './api-client';

const TTL_MS = 900_000;

/**
 * A store whose access tokens last 15 minutes: it answers 401 to an order's call made with an
 * expired one (a guest's call to /numbers is answered), and says each token's expiry in a header, `none` once signed out.
 */
function fakeStore() {
  let expiresAt = 0;
  const calls: string[] = [];
  const answer = (status: number, expiry?: string) =>
    new Response(JSON.stringify({ success: status < 400 }), {
      status,
      headers: {
        'Content-Type': 'application/json',
        ...(expiry ? { [ACCESS_EXPIRY_HEADER]: expiry } : {}),
      },
    });
  const newToken = () => {
    expiresAt = Date.now() + TTL_MS;
    return answer(200, new Date(expiresAt).toISOString());
  };
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url).replace('http://api.test/api/v1', '');
    const call = `${init?.method ?? 'GET'} ${path}`;
    calls.push(call);
    if (call === 'POST /auth/login' || call === 'POST /auth/refresh-token') return newToken();
    if (call === 'POST /auth/logout') return answer(200, 'none');
    if (path.startsWith('/orders')) return answer(Date.now() < expiresAt ? 200 : 401);
    return answer(200);
  });
  return { fetch, calls };
}

describe('the session refreshed before its access token expires (QA 19 F13)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-30T07:00:00.000Z') });
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('refreshes before the call that would go with an expiring token, never sending it expired', async () => {
    const store = fakeStore();
    const client = createApiClient({ baseUrl: 'http://api.test/api/v1', fetch: store.fetch });
    await client.post('/auth/login', {});
    // A page polling every half minute, left open for 40 minutes.
    for (let minute = 0; minute < 40; minute += 0.5) {
      vi.advanceTimersByTime(30_000);
      await client.get('/orders/1');
    }
    const refreshes = store.calls.filter((call) => call === 'POST /auth/refresh-token');
    // Once a token's last minute comes: at 14 and 28 minutes (each new token lasts 15).
    expect(refreshes).toHaveLength(2);
    const statuses = await Promise.all(
      store.fetch.mock.results.map(async (result) => (await result.value).status),
    );
    expect(statuses).not.toContain(401);
  });

  it('knows the expiry after a reload (another client of the same browser)', async () => {
    const store = fakeStore();
    await createApiClient({ baseUrl: 'http://api.test/api/v1', fetch: store.fetch }).post(
      '/auth/login',
      {},
    );
    vi.advanceTimersByTime(20 * 60_000);
    const reloaded = createApiClient({ baseUrl: 'http://api.test/api/v1', fetch: store.fetch });
    await reloaded.get('/orders/1');
    expect(store.calls.slice(-2)).toEqual(['POST /auth/refresh-token', 'GET /orders/1']);
  });

  it('forgets the expiry at sign-out: a guest is not refreshed', async () => {
    const store = fakeStore();
    const client = createApiClient({ baseUrl: 'http://api.test/api/v1', fetch: store.fetch });
    await client.post('/auth/login', {});
    await client.post('/auth/logout', {});
    vi.advanceTimersByTime(20 * 60_000);
    await client.get('/numbers');
    expect(store.calls).not.toContain('POST /auth/refresh-token');
  });
});
