import { accessTokenEnding, noteAccessTokenExpiry } from './access-token-expiry';
import { siteConfig } from './site-config';
import { noteServerDate } from './server-clock';

/**
 * HTTP client for the storefront API (`${apiBaseUrl}/api/v1${path}`), shared by every feature.
 *
 * - Cookies are always sent (`credentials: 'include'`); bodies are JSON, or FormData as it is
 *   (a file upload: the browser writes the multipart boundary).
 * - Resolves to the parsed response body, the envelope `{ success, message?, data? }`.
 * - Rejects with ApiError, whose message follows spec §8.
 * - A 401 on any call except POST /auth/refresh-token triggers one refresh and one retry.
 *   Concurrent 401s share a single refresh. When the refresh is refused (401: the session is
 *   over) every waiting request rejects with its original 401 error and the onSessionExpired
 *   listeners are called. When it fails for another reason (no response, 5xx, 429) the session
 *   is kept: every waiting request rejects with that error, and the next 401 tries again.
 * - Before a call, when the access token expires within a minute (the API says when, decision
 *   0080: access-token-expiry.ts), the session is refreshed first, so a page left open sends no
 *   call with an expired token; the 401 path above stays for what this cannot know.
 * - A request with no answer within REQUEST_TIMEOUT_MS (an upload: UPLOAD_TIMEOUT_MS) is given up
 *   and rejects as one that got no response (decision 0100); a caller's `signal` still aborts it.
 */

/** The JSON body every API response carries. */
interface ApiEnvelope<T = unknown> {
  success: boolean;
  message?: string;
  code?: string;
  data?: T;
}

/** Error texts of spec §8. */
export const API_ERROR_MESSAGES = {
  /** HTTP error whose body has no message. */
  http: 'Something went wrong',
  /** The request was sent but no response arrived (network failure). */
  noResponse: 'No response received from server',
  /** Anything else without a message of its own. */
  unknown: 'Request failed',
} as const;

/** How long a request may go unanswered (a stalled mobile connection) before it is given up. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The same for a file sent as FormData (a 5 MB screenshot over a slow connection). */
export const UPLOAD_TIMEOUT_MS = 120_000;

const API_VERSION_PATH = '/api/v1';
const REFRESH_TOKEN_PATH = '/auth/refresh-token';

export interface ApiErrorOptions {
  status?: number;
  code?: string;
  body?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  /** HTTP status; undefined when no response was received. */
  readonly status?: number;
  /** Machine-readable code: the server's `code` field, or NETWORK_ERROR / ABORTED / CLIENT_ERROR. */
  readonly code?: string;
  /** Parsed response body, when there was one. */
  readonly body?: unknown;

  constructor(message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.body = options.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** No answer came (the request may have reached the server): the change may have been made all the same. */
export function answerLost(error: unknown): boolean {
  return isApiError(error) && error.code === 'NETWORK_ERROR';
}

/** The message to show for any thrown value, or `fallback` when it has none. */
export function errorMessage(
  error: unknown,
  fallback: string = API_ERROR_MESSAGES.unknown,
): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/**
 * The text of an error toast: the server's message when it sent one, 'No response received
 * from server' when nothing came back, else the caller's own fallback (spec §8).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const body = error.body;
    if (isRecord(body) && typeof body.message === 'string' && body.message.trim()) {
      return body.message;
    }
    if (error.code === 'NETWORK_ERROR') return API_ERROR_MESSAGES.noResponse;
    return fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiEnvelope<T>>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiEnvelope<T>>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  patch<T = unknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiEnvelope<T>>;
  delete<T = unknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiEnvelope<T>>;
  /**
   * Refresh the session once (shared by concurrent callers). Resolves true on success, false
   * when the server refuses it (the session is over); rejects with the ApiError of any other
   * failure (no response, 5xx, 429), which leaves the session as it was.
   */
  refreshSession(): Promise<boolean>;
  /** Called whenever a refresh is refused (the session is over). Returns an unsubscribe function. */
  onSessionExpired(listener: () => void): () => void;
}

export interface ApiClientOptions {
  /** Prefix of every path; defaults to `${siteConfig.apiBaseUrl}/api/v1`. */
  baseUrl?: string;
  /** fetch implementation; defaults to the global fetch at call time. */
  fetch?: typeof fetch;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isAbortError(error: unknown): boolean {
  return isRecord(error) && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function pathname(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

function httpError(status: number, body: unknown): ApiError {
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message
      ? body.message
      : API_ERROR_MESSAGES.http;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  return new ApiError(message, { status, code, body });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? `${siteConfig.apiBaseUrl}${API_VERSION_PATH}`;
  const listeners = new Set<() => void>();
  let refreshing: Promise<boolean> | null = null;
  // Bumped after every successful refresh: a request sent before the bump that gets a 401
  // retries directly instead of refreshing again (refresh tokens rotate; reusing one is fatal).
  let sessionGeneration = 0;

  async function send<T>(
    method: HttpMethod,
    path: string,
    body: unknown,
    requestOptions: RequestOptions,
  ): Promise<ApiEnvelope<T>> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...requestOptions.headers,
    };
    const init: RequestInit = { method, credentials: 'include', headers };

    try {
      if (body instanceof FormData) {
        init.body = body;
      } else if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
    } catch (error) {
      throw new ApiError(errorMessage(error), { code: 'CLIENT_ERROR', cause: error });
    }

    // The request ends with the caller's signal or, unanswered, at its time limit.
    const controller = new AbortController();
    const callerSignal = requestOptions.signal;
    const abortWithCaller = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) abortWithCaller();
    callerSignal?.addEventListener('abort', abortWithCaller);
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      body instanceof FormData ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
    );
    init.signal = controller.signal;
    const noResponse = (error: unknown) =>
      new ApiError(API_ERROR_MESSAGES.noResponse, { code: 'NETWORK_ERROR', cause: error });

    const fetchImpl = options.fetch ?? globalThis.fetch;
    let response: Response;
    let text: string;
    try {
      const sentAt = Date.now();
      try {
        response = await fetchImpl(`${baseUrl}${path}`, init);
        noteServerDate(response, sentAt, Date.now());
        noteAccessTokenExpiry(response);
      } catch (error) {
        if (!timedOut && isAbortError(error)) {
          throw new ApiError(errorMessage(error), { code: 'ABORTED', cause: error });
        }
        throw noResponse(error);
      }

      try {
        text = await response.text();
      } catch (error) {
        if (timedOut) throw noResponse(error);
        if (!response.ok) throw httpError(response.status, undefined);
        throw new ApiError(errorMessage(error), { status: response.status, cause: error });
      }
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abortWithCaller);
    }

    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        if (!response.ok) throw httpError(response.status, text);
        throw new ApiError(errorMessage(error), {
          status: response.status,
          code: 'INVALID_RESPONSE',
          body: text,
          cause: error,
        });
      }
    }

    if (!response.ok) throw httpError(response.status, parsed);
    if (!isRecord(parsed)) return { success: true, data: parsed as T | undefined };
    return parsed as unknown as ApiEnvelope<T>;
  }

  function refreshSession(): Promise<boolean> {
    if (!refreshing) {
      refreshing = send('POST', REFRESH_TOKEN_PATH, undefined, {})
        .then(
          () => {
            sessionGeneration += 1;
            return true;
          },
          (error: unknown) => {
            // A refresh that got no answer, or a server error, says nothing of the session.
            if (!(error instanceof ApiError) || error.status !== 401) throw error;
            for (const listener of [...listeners]) {
              try {
                listener();
              } catch {
                // A failing listener must not keep the others from running.
              }
            }
            return false;
          },
        )
        .finally(() => {
          refreshing = null;
        });
    }
    return refreshing;
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    body?: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<ApiEnvelope<T>> {
    const refreshCall = pathname(path) === REFRESH_TOKEN_PATH;
    // A refresh that fails leaves the call to go as it would have (a 401 is handled below).
    if (!refreshCall && accessTokenEnding()) await refreshSession().catch(() => false);
    const generation = sessionGeneration;
    try {
      return await send<T>(method, path, body, requestOptions);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || refreshCall) throw error;
      const refreshed = generation !== sessionGeneration || (await refreshSession());
      if (!refreshed) throw error;
      // One retry only: a second 401 is thrown to the caller.
      return send<T>(method, path, body, requestOptions);
    }
  }

  return {
    request,
    get: (path, requestOptions) => request('GET', path, undefined, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, body, requestOptions),
    put: (path, body, requestOptions) => request('PUT', path, body, requestOptions),
    patch: (path, body, requestOptions) => request('PATCH', path, body, requestOptions),
    delete: (path, body, requestOptions) => request('DELETE', path, body, requestOptions),
    refreshSession,
    onSessionExpired(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The address of an API path, for what the browser fetches itself (a download link). */
export function apiUrl(path: string): string {
  return `${siteConfig.apiBaseUrl}${API_VERSION_PATH}${path}`;
}

/** The app-wide client. */
export const api: ApiClient = createApiClient();

/** Listen for a failed session refresh on the app-wide client. Returns an unsubscribe function. */
export function onSessionExpired(listener: () => void): () => void {
  return api.onSessionExpired(listener);
}

/** Append query parameters to a path, skipping undefined, null and empty values. */
export function withQuery(
  path: string,
  params: Record<string, string | number | boolean | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
