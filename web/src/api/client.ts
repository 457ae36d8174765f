import { messages } from '@dispo/domain/messages';
import { ApiError } from './errors';
import { clearSession, getToken, setLoginNotice } from './session';

/**
 * The fetch client of every API call (orders.md §8.1):
 * - sends `Authorization: Bearer <authToken>` and JSON bodies (or multipart `FormData`);
 * - repeats failed requests by the retry policy of fleet.md §9 (see `sendWithRetry`), for every area;
 * - a 401 (except on the login call) clears the session and sends the user to /login with the
 *   notice 'Session abgelaufen. …';
 * - other failures throw an ApiError with the answer's `error` text or `HTTP {status}`;
 * - a non-JSON answer gives 'Server-Fehler: {status} - {text}', unparsable JSON 'Ungültige Server-Antwort: …'.
 */

export type QueryValue = string | number | boolean | null | undefined;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a `FormData` goes as multipart/form-data (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** False for calls that must not trigger the session-expired redirect (login). Default true. */
  redirectOnUnauthorized?: boolean;
  /**
   * True for a POST or PATCH that may safely run twice (it sets a value rather than adding
   * something), so that the retry policy applies to it as to GET, PUT and DELETE.
   */
  idempotent?: boolean;
}

/** How failed requests are repeated: `retries` more attempts, waiting `initialDelayMs` doubled each time, at most `maxDelayMs`. */
export interface RetryPolicy {
  retries: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

/** fleet.md §9: up to 3 retries, initial delay 1 s doubling, at most 10 s. */
export const RETRY_POLICY: RetryPolicy = { retries: 3, initialDelayMs: 1_000, maxDelayMs: 10_000 };

/**
 * Component tests answer failures at once: the same number of attempts, without the waits (vitest
 * runs with mode "test"; the built client always uses RETRY_POLICY).
 */
const TEST_RETRY_POLICY: RetryPolicy = { ...RETRY_POLICY, initialDelayMs: 1, maxDelayMs: 1 };
const defaultRetryPolicy = (): RetryPolicy => (import.meta.env.MODE === 'test' ? TEST_RETRY_POLICY : RETRY_POLICY);

export interface ApiClientConfig {
  /** Origin of the server; empty means the page's own origin (the dev server proxies /api). */
  baseUrl: string;
  /** Sends the user to the login page; the session is already cleared when this is called. */
  redirectToLogin: (notice: string) => void;
  retry: RetryPolicy;
}

function defaultRedirectToLogin(): void {
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
}

const config: ApiClientConfig = { baseUrl: '', redirectToLogin: defaultRedirectToLogin, retry: defaultRetryPolicy() };

export function configureApiClient(changes: Partial<ApiClientConfig>): void {
  Object.assign(config, changes);
}

/** Restores the defaults (tests). */
export function resetApiClient(): void {
  config.baseUrl = '';
  config.redirectToLogin = defaultRedirectToLogin;
  config.retry = defaultRetryPolicy();
}

/** §9: only a network error, 408, 429 and 500 and above are worth another attempt. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** The wait before retry number `retry` (0 = the first): initial delay doubled each time, capped. */
export function retryDelay(retry: number, policy: RetryPolicy = config.retry): number {
  return Math.min(policy.initialDelayMs * 2 ** retry, policy.maxDelayMs);
}

/** Methods a repeat cannot do twice; a POST or PATCH might create or add something twice. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Thrown by sendWithRetry when the last attempt did not reach the server. */
class NetworkFailure extends Error {}

/**
 * THE retry policy of the client (fleet.md §9), used by every call of every area: a request that
 * failed with a network error or answered 408, 429 or 500 and above is sent again up to 3 times,
 * after 1 s, 2 s, 4 s (doubling, at most 10 s). GET, PUT and DELETE are repeated; a POST or PATCH
 * only when the caller marks it `idempotent`, because a create that reached the server before the
 * connection broke would otherwise be done twice. An aborted request is never repeated. Returns
 * the last answer (the caller words its failure) or throws NetworkFailure.
 */
export async function sendWithRetry(url: string, init: RequestInit, options: { idempotent?: boolean } = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const policy = config.retry;
  const retries = options.idempotent || IDEMPOTENT_METHODS.has(method) ? policy.retries : 0;
  const signal = init.signal ?? undefined;
  for (let attempt = 0; ; attempt++) {
    let response: Response | null = null;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      if (attempt >= retries) throw new NetworkFailure();
    }
    if (response && (!isRetryableStatus(response.status) || attempt >= retries)) return response;
    // The failed answer's body is not needed: free the connection before waiting.
    await response?.body?.cancel().catch(() => undefined);
    await sleep(retryDelay(attempt, policy), signal);
  }
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${config.baseUrl}/api${path}${qs ? `?${qs}` : ''}`;
}

/** Clears token and user, leaves the notice for the login page and redirects there. */
export function handleUnauthorized(): void {
  const notice = messages.auth.sessionExpired;
  // The notice first: clearing the session re-renders the protected routes, which go to /login at once.
  setLoginNotice(notice);
  clearSession();
  config.redirectToLogin(notice);
}

const MAX_TEXT_IN_MESSAGE = 200;

function shorten(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > MAX_TEXT_IN_MESSAGE ? `${single.slice(0, MAX_TEXT_IN_MESSAGE)}…` : single;
}

function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && /\bjson\b/i.test(contentType);
}

function errorText(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return null;
}

async function send(url: string, init: RequestInit, idempotent: boolean | undefined): Promise<Response> {
  try {
    return await sendWithRetry(url, init, idempotent === undefined ? {} : { idempotent });
  } catch (error) {
    if (error instanceof NetworkFailure) throw new ApiError(0, messages.http.networkError);
    throw error;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, redirectOnUnauthorized = true, idempotent } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // One key per call, the same for each of its retries: the server answers a repeat with the first answer.
  if (method === 'POST' && token) headers['Idempotency-Key'] = crypto.randomUUID();
  const init: RequestInit = { method, headers };
  if (signal) init.signal = signal;
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  const response = await send(buildUrl(path, query), init, idempotent);

  if (response.status === 401 && redirectOnUnauthorized) {
    handleUnauthorized();
    throw new ApiError(401, messages.auth.sessionExpired);
  }

  const text = await response.text();
  if (text.trim() === '') {
    if (!response.ok) throw new ApiError(response.status, messages.http.status(response.status));
    return undefined as T;
  }
  if (!isJsonContentType(response.headers.get('Content-Type'))) {
    throw new ApiError(response.status, messages.http.serverError(response.status, shorten(text)));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(response.status, messages.http.invalidServerAnswer(shorten(text)));
  }
  if (!response.ok) {
    const serverText = errorText(parsed);
    const details = parsed && typeof parsed === 'object' ? (parsed as { details?: unknown }).details : undefined;
    if (serverText) throw new ApiError(response.status, serverText, details, true);
    throw new ApiError(response.status, messages.http.status(response.status), details);
  }
  return parsed as T;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, or null when the server named none. */
  fileName: string | null;
}

/** `attachment; filename="Auftrag_S1.pdf"` or RFC 5987 `filename*=UTF-8''…` → the name. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : null;
}

/**
 * A file of the API (PDFs) as a blob, with the bearer token and the same retry policy. The same
 * error rules as apiRequest: 401 ends the session, other failures carry the server's `error` text
 * or `HTTP {status}`.
 */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<DownloadedFile> {
  const headers: Record<string, string> = { Accept: 'application/pdf, application/octet-stream, application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await send(buildUrl(path), signal ? { headers, signal } : { headers }, undefined);
  if (response.status === 401) {
    handleUnauthorized();
    throw new ApiError(401, messages.auth.sessionExpired);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let serverText: string | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      serverText = errorText(parsed);
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, serverText ?? messages.http.status(response.status), undefined, serverText !== null);
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')) };
}
