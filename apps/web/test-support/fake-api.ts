import { vi } from 'vitest';

/** A fake of the API behind `fetch`, for tests of components and calls. */

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
}

export type FakeHandler = (body: unknown, call: FakeCall) => FakeReply | Promise<FakeReply>;

/**
 * Replaces `fetch` with a fake API: `routes` maps "METHOD /path" (after /api/v1) to a reply or
 * a handler. Unknown routes answer 404. Returns the calls made.
 */
export function installFakeApi(routes: Record<string, FakeReply | FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    // JSON bodies parsed; anything else (a FormData upload) as it was sent.
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { method, path, body };
    calls.push(call);
    const route = routes[`${method} ${path.split('?')[0]}`];
    const reply: FakeReply = route
      ? typeof route === 'function'
        ? await route(body, call)
        : route
      : { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export const ok = (data: unknown, message?: string): FakeReply => ({
  status: 200,
  body: { success: true, ...(message ? { message } : {}), data },
});

export const fail = (status: number, message?: string, extra: object = {}): FakeReply => ({
  status,
  body: { success: false, ...(message ? { message } : {}), code: 'ERR', ...extra },
});
