// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend, useBackendOrigin } from '../test/backend';
import { apiRequest, configureApiClient, fetchFile, RETRY_POLICY, resetApiClient, retryDelay } from './client';
import { ApiError } from './errors';
import { bulkDispatch, fetchVehicles } from './fleet';

/** Short waits with the real policy's shape: 40 ms doubling, at most 100 ms. */
const FAST = { retries: 3, initialDelayMs: 40, maxDelayMs: 100 };

let backend: TestBackend;
/** When each request arrived (ms). */
let arrivals: number[];

beforeEach(async () => {
  backend = await startBackend();
  useBackendOrigin(backend);
  localStorage.clear();
  localStorage.setItem('authToken', 'tok-retry');
  resetApiClient();
  configureApiClient({ retry: FAST });
  arrivals = [];
});

afterEach(async () => {
  resetApiClient();
  await backend.close();
});

/** Answers the statuses in turn, then 200 with the vehicles. */
function answers(...statuses: number[]) {
  let call = 0;
  backend.routes.set('GET /api/vehicles', () => {
    arrivals.push(performance.now());
    const status = statuses[call++];
    return status === undefined ? { json: { vehicles: [{ id: 'v-1' }] } } : { status, json: { success: false, error: `Fehler ${status}` } };
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('retry policy of fleet.md §9 (one place: api/client.ts)', () => {
  it('is 3 retries, 1 s doubling, at most 10 s', () => {
    expect(RETRY_POLICY).toEqual({ retries: 3, initialDelayMs: 1_000, maxDelayMs: 10_000 });
    expect([0, 1, 2, 3, 4, 5].map((retry) => retryDelay(retry, RETRY_POLICY))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it('repeats 500, 503, 429 and 408 and succeeds with the answer that finally comes', async () => {
    answers(500, 503, 429);
    expect(await fetchVehicles()).toEqual([{ id: 'v-1' }]);
    expect(backend.requests).toHaveLength(4);
    expect(backend.requests.every((request) => request.headers.authorization === 'Bearer tok-retry')).toBe(true);

    backend.requests.length = 0;
    answers(408);
    expect(await fetchVehicles()).toEqual([{ id: 'v-1' }]);
    expect(backend.requests).toHaveLength(2);
  });

  it('waits the doubling delay between attempts and gives up after 3 retries with the last answer', async () => {
    answers(502, 502, 502, 502, 502);
    const error = await failureOf(fetchVehicles());
    expect(error.status).toBe(502);
    expect(error.message).toBe('Fehler 502');
    expect(backend.requests).toHaveLength(4);
    const gaps = arrivals.slice(1).map((time, index) => time - (arrivals[index] ?? 0));
    // 40, 80, then capped at 100 ms (timers may fire a little late, never early).
    expect(gaps[0]).toBeGreaterThanOrEqual(38);
    expect(gaps[1]).toBeGreaterThanOrEqual(78);
    expect(gaps[2]).toBeGreaterThanOrEqual(98);
    expect(gaps[2]).toBeLessThan(400);
  });

  it('does not repeat what the server refused (400, 401, 403, 404, 409, 413)', async () => {
    for (const status of [400, 403, 404, 409, 413]) {
      backend.requests.length = 0;
      answers(status);
      expect((await failureOf(fetchVehicles())).status).toBe(status);
      expect(backend.requests, String(status)).toHaveLength(1);
    }
  });

  it('repeats after a network error and words the last one as the network message', async () => {
    const origin = backend.origin;
    await backend.close();
    let attempts = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
      attempts += 1;
      return realFetch(...args);
    }) as typeof fetch;
    try {
      configureApiClient({ baseUrl: origin });
      const error = await failureOf(apiRequest('/vehicles'));
      expect(error.status).toBe(0);
      expect(error.message).toBe('Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.');
      expect(attempts).toBe(4);
    } finally {
      globalThis.fetch = realFetch;
      backend = await startBackend();
    }
  });

  it('repeats POST only when it is marked idempotent (a create must not happen twice)', async () => {
    backend.routes.set('POST /api/vehicles', () => ({ status: 503, json: { success: false, error: 'Wartung' } }));
    expect((await failureOf(apiRequest('/vehicles', { method: 'POST', body: { license_plate: 'X' } }))).status).toBe(503);
    expect(backend.requests).toHaveLength(1);

    let call = 0;
    backend.routes.set('POST /api/vehicles/bulk-dispatch', () =>
      call++ === 0 ? { status: 503, json: { success: false, error: 'Wartung' } } : { json: { success: true, updated: 2, failed: [] } },
    );
    expect((await bulkDispatch(['v-1', 'v-2'], true)).updated).toBe(2);
    expect(backend.requests.filter((request) => request.path === '/api/vehicles/bulk-dispatch')).toHaveLength(2);
  });

  it('applies to file downloads as well', async () => {
    let call = 0;
    backend.routes.set('GET /api/vehicles/v-1/documents/d-1/download', () =>
      call++ === 0 ? { status: 502, raw: 'Bad Gateway' } : { raw: '%PDF-1.4 test', contentType: 'application/pdf' },
    );
    const file = await fetchFile('/vehicles/v-1/documents/d-1/download');
    expect(await file.blob.text()).toBe('%PDF-1.4 test');
    expect(backend.requests).toHaveLength(2);
  });

  it('stops waiting when the request is aborted', async () => {
    answers(503, 503, 503, 503);
    configureApiClient({ retry: { retries: 3, initialDelayMs: 5_000, maxDelayMs: 10_000 } });
    const controller = new AbortController();
    const pending = fetchVehicles(controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await expect(pending).rejects.toBeTruthy();
    expect(backend.requests).toHaveLength(1);
  });

  it('with the real policy the second attempt comes after 1 s', async () => {
    configureApiClient({ retry: RETRY_POLICY });
    answers(503);
    expect(await fetchVehicles()).toEqual([{ id: 'v-1' }]);
    expect(arrivals).toHaveLength(2);
    expect((arrivals[1] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(990);
  });
});
