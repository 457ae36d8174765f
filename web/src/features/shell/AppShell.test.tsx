// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Socket as ServerSocket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend, useBackendOrigin } from '../../test/backend';
import { testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const TOKEN = 'shell-token';
let backend: TestBackend;

beforeEach(async () => {
  backend = await startBackend({
    socketToken: TOKEN,
    routes: { 'GET /api/orders': () => ({ json: { orders: [], total: 0 } }) },
  });
  useBackendOrigin(backend);
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('authToken', TOKEN);
  localStorage.setItem('user', JSON.stringify(testUser));
});

afterEach(async () => {
  cleanup();
  await backend.close();
});

/** Renders the app and waits until its socket is connected and the order list answered, so nothing is in flight at the end. */
async function renderSettled(path: string) {
  const connected = new Promise<ServerSocket>((resolve) => backend.io?.once('connection', resolve));
  const app = renderApp(path, { socketUrl: backend.origin });
  const serverSocket = await connected;
  // Pages load lazily and the grid draws its empty state after the list answered.
  await screen.findByText('Keine Aufträge gefunden', undefined, { timeout: 10_000 });
  return { ...app, serverSocket };
}

describe('app shell', () => {
  it('shows product name, navigation and the full name of the user', async () => {
    await renderSettled('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Auftragsannahme' })).toBeTruthy();
    expect(screen.getByText('Dispo')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Auftragsannahme', 'Fuhrpark', 'Disposition']);
    expect(within(nav).getByRole('link', { name: 'Auftragsannahme' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Maria Müller')).toBeTruthy();
  });

  it('shows the Postausgang only to admins and leads there', async () => {
    const admin = { ...testUser, id: 'u-admin', roles: ['admin'] };
    localStorage.setItem('user', JSON.stringify(admin));
    backend.routes.set('GET /api/mail/outbox', () => ({ json: { sending: false, mails: [] } }));
    const { router } = await renderSettled('/');
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Auftragsannahme', 'Fuhrpark', 'Disposition', 'Abrechnung', 'Postausgang', 'Betrieb', 'Prüfung']);
    fireEvent.click(within(nav).getByRole('link', { name: 'Postausgang' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Postausgang' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/postausgang');
    expect(within(nav).getByRole('link', { name: 'Postausgang' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('Der Postausgang ist leer.')).toBeTruthy();
  });

  it('shows admins the Betrieb page with a parked projection, and Fortsetzen resumes it', async () => {
    const admin = { ...testUser, id: 'u-admin', roles: ['admin'] };
    localStorage.setItem('user', JSON.stringify(admin));
    const position = { transactionId: 10, globalPosition: 42 };
    let parked = true;
    let resumed = '';
    backend.routes.set('GET /api/admin/projections', () => ({
      json: {
        position,
        projections: [
          { name: 'orders', position, failure: null },
          {
            name: 'mail_outbox',
            position: { transactionId: 9, globalPosition: 40 },
            failure: parked
              ? { projection: 'mail_outbox', position, eventType: 'TourPlanMailRequested', streamId: 'dispo-day-2026-02-30', streamVersion: 1, error: 'Invalid event TourPlanMailRequested (date: expected a calendar date)', failedAt: '2026-11-26T07:00:00.000Z' }
              : null,
          },
        ],
      },
    }));
    backend.routes.set('POST /api/admin/projections/mail_outbox/resume', () => {
      resumed = 'mail_outbox';
      parked = false;
      return { json: { success: true, message: 'Projektion mail_outbox wird fortgesetzt.' } };
    });
    await renderSettled('/');
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Betrieb' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Betrieb' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Invalid event TourPlanMailRequested (date: expected a calendar date)')).toBeTruthy();
    expect(screen.getByText('Angehalten')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Projektion mail_outbox fortsetzen' }));
    expect(await screen.findByText('Projektion mail_outbox wird fortgesetzt.')).toBeTruthy();
    expect(resumed).toBe('mail_outbox');
    expect(await screen.findByText('Alle Projektionen sind aktuell.')).toBeTruthy();
  });

  it('hides the Postausgang from every other role', async () => {
    const everyOtherRole = { ...testUser, roles: ['dispatcher', 'order_taker', 'billing', 'fleet_manager', 'auditor', 'analyst'] };
    localStorage.setItem('user', JSON.stringify(everyOtherRole));
    await renderSettled('/');
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).queryByRole('link', { name: 'Postausgang' })).toBeNull();
    // Auftragsannahme, Fuhrpark, Disposition, Abrechnung (billing) and Prüfung (auditor).
    expect(within(nav).getAllByRole('link')).toHaveLength(5);
  });

  it('shows the Abrechnung to billing staff (and admins) only, with its lists and sums', async () => {
    const dispatcher = { ...testUser, roles: ['dispatcher', 'order_taker', 'fleet_manager', 'auditor'] };
    localStorage.setItem('user', JSON.stringify(dispatcher));
    await renderSettled('/');
    expect(within(screen.getByRole('navigation', { name: 'Hauptnavigation' })).queryByRole('link', { name: 'Abrechnung' })).toBeNull();
    cleanup();

    localStorage.setItem('user', JSON.stringify({ ...testUser, roles: ['billing'] }));
    const group = { count: 0, estimatedTonnes: 0, actualTonnes: 0, revenue: 0 };
    backend.routes.set('GET /api/billing/pending', () => ({ json: { success: true, orders: [], total: 0 } }));
    backend.routes.set('GET /api/billing/confirmed', () => ({ json: { success: true, orders: [], total: 0 } }));
    backend.routes.set('GET /api/billing/stats', () => ({
      json: { success: true, stats: { pending: group, confirmed: { ...group, count: 1234 }, undone: group, estimatedWeight: 0, actualWeight: 0, weightDifference: 0, revenue: 0, currency: 'EUR', withoutRevenue: 0 } },
    }));
    const { router } = await renderSettled('/');
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Abrechnung' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Abrechnung' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/abrechnung');
    expect(await screen.findByText('Keine Aufträge in der Abrechnung.')).toBeTruthy();
    expect(await screen.findByText('1.234 Aufträge')).toBeTruthy();
  });

  it('navigates to Fuhrpark and Disposition', async () => {
    const { router } = await renderSettled('/auftragsannahme');
    fireEvent.click(screen.getByRole('link', { name: 'Fuhrpark' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fuhrparkverwaltung' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fuhrpark');
    fireEvent.click(screen.getByRole('link', { name: 'Disposition' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Disposition' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/disposition');
  });

  it('Abmelden clears the session, closes the socket and shows the login page', async () => {
    const { router, serverSocket } = await renderSettled('/auftragsannahme');
    const gone = new Promise<void>((resolve) => serverSocket.once('disconnect', () => resolve()));

    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));

    expect(await screen.findByLabelText('Benutzername')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    await gone;
    // A manual logout is no expired session.
    expect(screen.queryByText('Session abgelaufen. Bitte loggen Sie sich erneut ein.')).toBeNull();
  });

  it('sends unknown paths to the Auftragsannahme', async () => {
    const { router } = await renderSettled('/gibt-es-nicht');
    expect(router.state.location.pathname).toBe('/auftragsannahme');
  });
});
