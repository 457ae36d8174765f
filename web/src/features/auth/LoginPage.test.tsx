// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend, useBackendOrigin } from '../../test/backend';
import { testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';

let backend: TestBackend;

beforeEach(async () => {
  backend = await startBackend({
    routes: { 'GET /api/orders': () => ({ json: { orders: [], total: 0 } }) },
  });
  useBackendOrigin(backend);
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  cleanup();
  await backend.close();
});

function fillIn(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Benutzername'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: password } });
}

/** Submitting the form is what pressing Enter in a field does. */
function submit() {
  const form = screen.getByRole('button', { name: 'Anmelden' }).closest('form');
  if (!form) throw new Error('no form');
  fireEvent.submit(form);
}

describe('login page', () => {
  it("shows the server's German error on 401 and stores nothing", async () => {
    backend.routes.set('POST /api/auth/login', () => ({ status: 401, json: { error: 'Benutzername oder Passwort ist falsch.' } }));
    renderApp('/login', { socketUrl: backend.origin });

    fillIn('mmueller', 'falsch');
    submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Benutzername oder Passwort ist falsch.');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(backend.requests.at(-1)?.body).toEqual({ username: 'mmueller', password: 'falsch' });
    expect(backend.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('shows the text of a 429 answer', async () => {
    backend.routes.set('POST /api/auth/login', () => ({
      status: 429,
      json: { error: 'Zu viele Anmeldeversuche. Bitte warten Sie einen Moment.' },
    }));
    renderApp('/login', { socketUrl: backend.origin });
    fillIn('mmueller', 'x');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Zu viele Anmeldeversuche. Bitte warten Sie einen Moment.');
  });

  it('shows the catalogue message on a 401 without text', async () => {
    backend.routes.set('POST /api/auth/login', () => ({ status: 401 }));
    renderApp('/login', { socketUrl: backend.origin });
    fillIn('mmueller', 'falsch');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Benutzername oder Passwort ist falsch.');
  });

  it('asks for both fields without calling the server', async () => {
    renderApp('/login', { socketUrl: backend.origin });
    fillIn('', '');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte geben Sie Benutzername und Passwort ein.');
    expect(backend.requests).toHaveLength(0);
  });

  it('stores token and user on success and goes to the Auftragsannahme', async () => {
    backend.routes.set('POST /api/auth/login', () => ({ json: { token: 'jwt-abc', user: testUser } }));
    const { router } = renderApp('/login', { socketUrl: backend.origin });

    fillIn('mmueller', 'geheim');
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Auftragsannahme' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auftragsannahme');
    expect(localStorage.getItem('authToken')).toBe('jwt-abc');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(testUser);
    // The shell shows the user and the order list is loaded with the new token.
    expect(screen.getByText('Maria Müller')).toBeTruthy();
    await waitFor(() =>
      expect(backend.requests.some((r) => r.path === '/api/orders' && r.headers.authorization === 'Bearer jwt-abc')).toBe(true),
    );
  });

  it('shows the session-expired notice left by a forced logout', async () => {
    sessionStorage.setItem('dispo.loginNotice', 'Session abgelaufen. Bitte loggen Sie sich erneut ein.');
    renderApp('/login', { socketUrl: backend.origin });
    expect(screen.getByRole('status').textContent).toBe('Session abgelaufen. Bitte loggen Sie sich erneut ein.');
  });

  it('sends a visitor without token from a protected page to /login', async () => {
    const { router } = renderApp('/disposition', { socketUrl: backend.origin });
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
