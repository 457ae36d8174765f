// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBackend, type TestBackend, useBackendOrigin } from '../test/backend';
import { testUser } from '../test/fixtures';
import { renderApp } from '../test/render';
import { apiRequest, configureApiClient, resetApiClient } from './client';
import { ApiError } from './errors';
import { fetchOrders } from './orders';
import { LOGIN_NOTICE_KEY } from './session';

const SESSION_EXPIRED = 'Session abgelaufen. Bitte loggen Sie sich erneut ein.';

let backend: TestBackend;

beforeEach(async () => {
  backend = await startBackend();
  useBackendOrigin(backend);
  localStorage.clear();
  sessionStorage.clear();
  resetApiClient();
});

afterEach(async () => {
  cleanup();
  resetApiClient();
  await backend.close();
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('sends the bearer token, JSON bodies and the list parameters', async () => {
    localStorage.setItem('authToken', 'tok-123');
    backend.routes.set('GET /api/orders', () => ({ json: { orders: [], total: 0 } }));
    backend.routes.set('POST /api/things', ({ body }) => ({ json: { echoed: body } }));

    await fetchOrders({ page: 2, limit: 50, sort_by: 'deliveryDate', sort_order: 'asc' });
    const answer = await apiRequest<{ echoed: unknown }>('/things', { method: 'POST', body: { a: 1, name: 'Kies' } });

    const [list, post] = backend.requests;
    expect(list?.headers.authorization).toBe('Bearer tok-123');
    expect(Object.fromEntries(list?.query ?? [])).toEqual({ page: '2', limit: '50', sort_by: 'deliveryDate', sort_order: 'asc' });
    expect(post?.headers['content-type']).toContain('application/json');
    expect(post?.headers.authorization).toBe('Bearer tok-123');
    expect(answer.echoed).toEqual({ a: 1, name: 'Kies' });
  });

  it('on 401 clears token and user from both storages and redirects to /login with the notice', async () => {
    localStorage.setItem('authToken', 'expired');
    localStorage.setItem('user', JSON.stringify(testUser));
    sessionStorage.setItem('authToken', 'expired');
    sessionStorage.setItem('user', JSON.stringify(testUser));
    localStorage.setItem('unrelated', 'bleibt');
    backend.routes.set('GET /api/orders', () => ({ status: 401, json: { error: 'Token abgelaufen' } }));
    const redirectToLogin = vi.fn();
    configureApiClient({ redirectToLogin });

    const error = await failureOf(fetchOrders({ page: 1, limit: 50, sort_by: 'deliveryDate', sort_order: 'asc' }));

    expect(error.status).toBe(401);
    expect(error.message).toBe(SESSION_EXPIRED);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(sessionStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('bleibt');
    expect(sessionStorage.getItem(LOGIN_NOTICE_KEY)).toBe(SESSION_EXPIRED);
    expect(redirectToLogin).toHaveBeenCalledWith(SESSION_EXPIRED);
  });

  it('in the app, a 401 of the order list leads to the login page showing the notice', async () => {
    localStorage.setItem('authToken', 'expired');
    localStorage.setItem('user', JSON.stringify(testUser));
    backend.routes.set('GET /api/orders', () => ({ status: 401, json: { error: 'Token abgelaufen' } }));

    const { router } = renderApp('/auftragsannahme', { socketUrl: backend.origin });

    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Benutzername')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("throws the answer's German error text", async () => {
    backend.routes.set('GET /api/orders', () => ({ status: 400, json: { error: 'Ungültige Seitengröße', details: { field: 'limit' } } }));
    const error = await failureOf(apiRequest('/orders'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Ungültige Seitengröße');
    expect(error.details).toEqual({ field: 'limit' });
  });

  it('falls back to HTTP {status} without an error text', async () => {
    backend.routes.set('GET /api/orders', () => ({ status: 500, json: { message: 'boom' } }));
    expect((await failureOf(apiRequest('/orders'))).message).toBe('HTTP 500');
  });

  it('words a non-JSON answer as Server-Fehler', async () => {
    backend.routes.set('GET /api/orders', () => ({ status: 502, raw: 'Bad Gateway' }));
    expect((await failureOf(apiRequest('/orders'))).message).toBe('Server-Fehler: 502 - Bad Gateway');
  });

  it('words unparsable JSON as Ungültige Server-Antwort', async () => {
    backend.routes.set('GET /api/orders', () => ({ status: 200, raw: '{"orders": [', contentType: 'application/json' }));
    const error = await failureOf(apiRequest('/orders'));
    expect(error.message).toBe('Ungültige Server-Antwort: {"orders": [');
  });

  it('does not redirect when the login call itself answers 401', async () => {
    const redirectToLogin = vi.fn();
    configureApiClient({ redirectToLogin });
    backend.routes.set('POST /api/auth/login', () => ({ status: 401, json: { error: 'Falsche Zugangsdaten' } }));
    const error = await failureOf(apiRequest('/auth/login', { method: 'POST', body: {}, redirectOnUnauthorized: false }));
    expect(error.message).toBe('Falsche Zugangsdaten');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});
