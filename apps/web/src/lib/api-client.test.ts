import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_ERROR_MESSAGES,
  ApiError,
  createApiClient,
  REQUEST_TIMEOUT_MS,
  UPLOAD_TIMEOUT_MS,
  withQuery,
  type ApiClient,
} from './api-client';

const BASE = 'http://api.test/api/v1';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Call {
  method: string;
  path: string;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
}

/**
 * A fake of the API behind `fetch`: protected routes answer 401 until the session is valid;
 * POST /auth/refresh-token makes it valid (or fails, per `refreshSucceeds`). The refresh answer
 * can be held back to keep a refresh "in progress".
 */
class FakeServer {
  sessionValid = false;
  refreshSucceeds = true;
  /** The refresh gets no answer ('network') or this server error, whatever the session. */
  refreshOutage: 'network' | 429 | 503 | null = null;
  /** Answer 401 on protected routes even with a valid session. */
  alwaysUnauthorized = false;
  holdRefresh = false;
  refreshCalls = 0;
  /** /protected/slow answers only once this resolves, with the session state at send time. */
  slowGate: Promise<void> = Promise.resolve();
  calls: Call[] = [];
  private heldRefreshes: (() => void)[] = [];

  fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1', '') + url.search;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : undefined;
    this.calls.push({
      method,
      path,
      body,
      credentials: init?.credentials,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const validAtSend = this.sessionValid;
    await tick();

    if (path === '/protected/slow') {
      await this.slowGate;
      return validAtSend
        ? json(200, { success: true, data: { path, method } })
        : json(401, { success: false, message: 'Unauthorized', code: 'UNAUTHORIZED' });
    }

    if (path === '/auth/refresh-token') {
      this.refreshCalls += 1;
      if (this.holdRefresh) {
        await new Promise<void>((resolve) => this.heldRefreshes.push(resolve));
      }
      if (this.refreshOutage === 'network') throw new TypeError('Failed to fetch');
      if (this.refreshOutage) {
        return json(this.refreshOutage, { success: false, message: 'Please try again shortly.' });
      }
      if (!this.refreshSucceeds) {
        return json(401, {
          success: false,
          message: 'Refresh token expired',
          code: 'UNAUTHORIZED',
        });
      }
      this.sessionValid = true;
      return json(200, { success: true, message: 'Token refreshed' });
    }

    if (path.startsWith('/protected')) {
      if (!this.sessionValid || this.alwaysUnauthorized) {
        return json(401, { success: false, message: 'Unauthorized', code: 'UNAUTHORIZED' });
      }
      return json(200, { success: true, data: { path, method, body: body && JSON.parse(body) } });
    }

    if (path === '/public') return json(200, { success: true, message: 'ok', data: { n: 1 } });
    if (path === '/conflict') {
      return json(409, { success: false, message: 'Number already sold', code: 'CONFLICT' });
    }
    if (path === '/bare-error') return new Response('', { status: 500 });
    if (path === '/html-error') return new Response('<h1>Bad gateway</h1>', { status: 502 });
    if (path === '/not-json') return new Response('<html>', { status: 200 });
    if (path === '/empty') return new Response(null, { status: 204 });
    return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
  };

  releaseRefreshes() {
    this.holdRefresh = false;
    for (const release of this.heldRefreshes.splice(0)) release();
  }

  callsTo(path: string) {
    return this.calls.filter((call) => call.path === path).length;
  }
}

function setup(): { server: FakeServer; client: ApiClient } {
  const server = new FakeServer();
  const client = createApiClient({ baseUrl: BASE, fetch: server.fetch });
  return { server, client };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('calls /api/v1 with cookies and JSON, and resolves to the response body', async () => {
    const { server, client } = setup();
    const body = await client.get<{ n: number }>('/public');
    expect(body).toEqual({ success: true, message: 'ok', data: { n: 1 } });
    expect(body.data?.n).toBe(1);
    expect(server.calls[0]).toMatchObject({
      method: 'GET',
      path: '/public',
      credentials: 'include',
    });
    expect(server.calls[0]?.headers.Accept).toBe('application/json');

    server.sessionValid = true;
    const posted = await client.post('/protected/items', { a: 1 });
    expect(posted.data).toEqual({ path: '/protected/items', method: 'POST', body: { a: 1 } });
    expect(server.calls[1]?.headers['Content-Type']).toBe('application/json');
    expect(server.calls[1]?.body).toBe('{"a":1}');

    for (const method of ['put', 'patch', 'delete'] as const) {
      const result = await client[method]('/protected/x', { b: 2 });
      expect(result.data).toMatchObject({ method: method.toUpperCase(), body: { b: 2 } });
    }
    await client.delete('/protected/y');
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', body: undefined });
  });

  it('resolves an empty success response to { success: true }', async () => {
    const { client } = setup();
    await expect(client.post('/empty')).resolves.toEqual({ success: true, data: undefined });
  });

  it('uses the global fetch and `${apiBaseUrl}/api/v1` by default', async () => {
    const server = new FakeServer();
    const spy = vi.fn(server.fetch);
    vi.stubGlobal('fetch', spy);
    try {
      await createApiClient().get('/public');
      expect(spy).toHaveBeenCalledWith('/api/v1/public', expect.anything());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refreshes once on a 401 and retries the original request', async () => {
    const { server, client } = setup();
    const result = await client.get('/protected/profile');
    expect(result.data).toMatchObject({ path: '/protected/profile' });
    expect(server.refreshCalls).toBe(1);
    expect(server.callsTo('/protected/profile')).toBe(2);
    expect(server.calls.find((c) => c.path === '/auth/refresh-token')).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: undefined,
    });
  });

  it('makes one refresh for three concurrent 401s and retries all three', async () => {
    const { server, client } = setup();
    server.holdRefresh = true;
    const requests = [
      client.get('/protected/a'),
      client.get('/protected/b'),
      client.post('/protected/c', { c: true }),
    ];
    await vi.waitFor(() => expect(server.refreshCalls).toBe(1));
    // All three got their 401 while the refresh is in progress.
    await vi.waitFor(() =>
      expect(server.calls.filter((c) => c.path.startsWith('/protected'))).toHaveLength(3),
    );
    server.releaseRefreshes();
    const results = await Promise.all(requests);
    expect(results.map((r) => (r.data as { path: string }).path)).toEqual([
      '/protected/a',
      '/protected/b',
      '/protected/c',
    ]);
    expect(server.refreshCalls).toBe(1);
    expect(server.callsTo('/protected/a')).toBe(2);
    expect(server.callsTo('/protected/b')).toBe(2);
    expect(server.callsTo('/protected/c')).toBe(2);
  });

  it('does not refresh again for a 401 that arrives after a refresh it was sent before', async () => {
    const { server, client } = setup();
    let openGate = () => {};
    server.slowGate = new Promise<void>((resolve) => (openGate = resolve));
    // Both are sent without a valid session; the fast one refreshes and succeeds first.
    const slow = client.get('/protected/slow');
    const fast = await client.get('/protected/fast');
    expect(fast.data).toMatchObject({ path: '/protected/fast' });
    expect(server.refreshCalls).toBe(1);
    // The slow one's 401 arrives after that refresh: it retries without refreshing again.
    openGate();
    await expect(slow).resolves.toMatchObject({ data: { path: '/protected/slow' } });
    expect(server.refreshCalls).toBe(1);
    expect(server.callsTo('/protected/slow')).toBe(2);
  });

  it('rejects every queued request with its 401 and reports the expired session', async () => {
    const { server, client } = setup();
    server.refreshSucceeds = false;
    server.holdRefresh = true;
    const expired = vi.fn();
    client.onSessionExpired(expired);
    const settled = Promise.allSettled([
      client.get('/protected/a'),
      client.get('/protected/b'),
      client.get('/protected/c'),
    ]);
    await vi.waitFor(() => expect(server.refreshCalls).toBe(1));
    await vi.waitFor(() =>
      expect(server.calls.filter((c) => c.path.startsWith('/protected'))).toHaveLength(3),
    );
    server.releaseRefreshes();
    const results = await settled;
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(401);
      expect(error.message).toBe('Unauthorized');
    }
    expect(server.refreshCalls).toBe(1);
    expect(expired).toHaveBeenCalledTimes(1);
    // No retries after a failed refresh.
    expect(server.callsTo('/protected/a')).toBe(1);
  });

  it('keeps the session when the refresh gets no answer or a server error, and tries again on the next 401', async () => {
    const { server, client } = setup();
    const expired = vi.fn();
    client.onSessionExpired(expired);
    server.refreshOutage = 'network';
    const lost = await rejection(client.post('/protected/add'));
    // The buyer is told what happened: no answer, not "signed out".
    expect(lost.code).toBe('NETWORK_ERROR');
    expect(lost.message).toBe(API_ERROR_MESSAGES.noResponse);
    for (const status of [503, 429] as const) {
      server.refreshOutage = status;
      expect((await rejection(client.post('/protected/add'))).status).toBe(status);
    }
    expect(expired).not.toHaveBeenCalled();
    await expect(client.refreshSession()).rejects.toMatchObject({ status: 429 });

    server.refreshOutage = null;
    await expect(client.post('/protected/add')).resolves.toMatchObject({
      data: { path: '/protected/add' },
    });
    expect(server.refreshCalls).toBe(5);
    expect(expired).not.toHaveBeenCalled();
  });

  it('stops calling an unsubscribed session-expired listener', async () => {
    const { server, client } = setup();
    server.refreshSucceeds = false;
    const expired = vi.fn();
    const unsubscribe = client.onSessionExpired(expired);
    unsubscribe();
    await rejection(client.get('/protected/a'));
    expect(expired).not.toHaveBeenCalled();
  });

  it('throws a second 401 after the retry instead of looping', async () => {
    const { server, client } = setup();
    server.alwaysUnauthorized = true;
    const error = await rejection(client.get('/protected/a'));
    expect(error.status).toBe(401);
    expect(server.refreshCalls).toBe(1);
    expect(server.callsTo('/protected/a')).toBe(2);
  });

  it('does not refresh when the refresh call itself returns 401', async () => {
    const { server, client } = setup();
    server.refreshSucceeds = false;
    const expired = vi.fn();
    client.onSessionExpired(expired);
    const error = await rejection(client.post('/auth/refresh-token'));
    expect(error.status).toBe(401);
    expect(server.refreshCalls).toBe(1);
    expect(server.calls).toHaveLength(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it("gives an HTTP error the server's message, status and code", async () => {
    const { client } = setup();
    const error = await rejection(client.post('/conflict', {}));
    expect(error.message).toBe('Number already sold');
    expect(error.status).toBe(409);
    expect(error.code).toBe('CONFLICT');
    expect(error.body).toMatchObject({ success: false });
  });

  it("gives an HTTP error without a message 'Something went wrong'", async () => {
    const { client } = setup();
    const bare = await rejection(client.get('/bare-error'));
    expect(bare.message).toBe(API_ERROR_MESSAGES.http);
    expect(bare.message).toBe('Something went wrong');
    expect(bare.status).toBe(500);
    const html = await rejection(client.get('/html-error'));
    expect(html.message).toBe('Something went wrong');
    expect(html.status).toBe(502);
  });

  it("gives a request without a response 'No response received from server'", async () => {
    const client = createApiClient({
      baseUrl: BASE,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await rejection(client.get('/public'));
    expect(error.message).toBe('No response received from server');
    expect(error.status).toBeUndefined();
    expect(error.code).toBe('NETWORK_ERROR');
  });

  describe('a request that gets no answer', () => {
    /** A fetch that never answers, as on a stalled connection: only its signal ends it. */
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });

    afterEach(() => {
      vi.useRealTimers();
    });

    function watched<T>(promise: Promise<T>) {
      const state = { promise, settled: false };
      void promise.finally(() => (state.settled = true));
      return state;
    }

    it(`is given up after ${REQUEST_TIMEOUT_MS / 1000} s as 'No response received from server'`, async () => {
      vi.useFakeTimers();
      const client = createApiClient({ baseUrl: BASE, fetch: hanging });
      const pending = watched(rejection(client.post('/orders/o-1/payment-submission', {})));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(pending.settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending.promise;
      expect(error.message).toBe(API_ERROR_MESSAGES.noResponse);
      expect(error.code).toBe('NETWORK_ERROR');
    });

    it("gives an upload longer, and a caller's own signal still aborts it", async () => {
      vi.useFakeTimers();
      const client = createApiClient({ baseUrl: BASE, fetch: hanging });
      const upload = watched(rejection(client.post('/upload', new FormData())));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(upload.settled).toBe(false);
      const caller = new AbortController();
      const cancelled = rejection(client.get('/public', { signal: caller.signal }));
      caller.abort();
      expect((await cancelled).code).toBe('ABORTED');
      await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
      expect((await upload.promise).code).toBe('NETWORK_ERROR');
    });

    it('leaves no timer behind once answered', async () => {
      vi.useFakeTimers();
      const { client } = setup();
      const answer = client.get('/public');
      await vi.advanceTimersByTimeAsync(0);
      expect((await answer).success).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  it("gives any other failure its own message, or 'Request failed'", async () => {
    const { client } = setup();
    // A body that cannot be serialised: the error's own message.
    const bigint = await rejection(client.post('/public', { n: 1n }));
    expect(bigint.message).toMatch(/BigInt/);
    // A success response that is not JSON: the parse error's own message.
    const notJson = await rejection(client.get('/not-json'));
    expect(notJson.message).not.toBe('');
    expect(notJson.message).not.toBe('Request failed');
    // An aborted request without a message: 'Request failed'.
    const aborting = createApiClient({
      baseUrl: BASE,
      fetch: () => Promise.reject(new DOMException('', 'AbortError')),
    });
    const aborted = await rejection(aborting.get('/public'));
    expect(aborted.message).toBe('Request failed');
    expect(aborted.code).toBe('ABORTED');
  });
});

describe('withQuery', () => {
  it('appends defined parameters', () => {
    expect(withQuery('/numbers', { page: 2, q: '786', empty: '', none: undefined })).toBe(
      '/numbers?page=2&q=786',
    );
    expect(withQuery('/numbers', {})).toBe('/numbers');
    expect(withQuery('/numbers?a=1', { b: true })).toBe('/numbers?a=1&b=true');
  });
});
