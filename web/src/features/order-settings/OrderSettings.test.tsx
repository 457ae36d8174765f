// @vitest-environment happy-dom
import { messages } from '@dispo/domain/messages';
import { DEFAULT_USER_ORDER_SETTINGS } from '@dispo/domain/user-order-settings/index';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsStorageKey } from '../../api/orderSettings';
import { makeOrder, testUser } from '../../test/fixtures';
import { AUTO_REFRESH_MS } from '../orders/OrdersPage';
import { loginAt, type OrdersBackend, pressKey, renderOrdersPage, startOrdersBackend } from '../orders/ordersTestKit';

let backend: OrdersBackend;
afterEach(async () => {
  cleanup();
  await backend.close();
});

const t = messages.intakeTools;
const stored = (changes: Partial<typeof DEFAULT_USER_ORDER_SETTINGS>) => ({
  json: { success: true, stored: true, settings: { ...DEFAULT_USER_ORDER_SETTINGS, ...changes } },
});

async function openSettings() {
  fireEvent.click(screen.getByRole('button', { name: messages.orderIntake.settings }));
  return screen.findByRole('dialog', { name: messages.settingsDialog.title });
}

describe('Auftragsannahme Einstellungen (§2.12, §3, §7.6)', () => {
  it('saves on the server and mirrors locally; the default order type decides what F2 opens', async () => {
    backend = await startOrdersBackend({
      routes: {
        'GET /api/user/order-settings': () => stored({}),
        'PUT /api/user/order-settings': ({ body }) => stored(body as object),
      },
    });
    loginAt(backend);
    await renderOrdersPage(backend);
    const dialog = await openSettings();
    fireEvent.click(within(dialog).getByRole('tab', { name: messages.settingsDialog.tabWorkflow }));
    fireEvent.change(within(dialog).getByLabelText(t.settings.defaultOrderType), { target: { value: 'quick' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.settingsSave }));
    expect(await screen.findByText(t.settingsSaved)).toBeTruthy();
    expect(backend.calls('PUT', '/api/user/order-settings')[0]!.body).toMatchObject({ defaultOrderType: 'quick' });
    expect(JSON.parse(localStorage.getItem(settingsStorageKey(testUser.id)) ?? '{}')).toMatchObject({ defaultOrderType: 'quick' });
    pressKey('F2');
    expect(await screen.findByRole('dialog', { name: messages.orderScreen.quickOrderTitle })).toBeTruthy();
  });

  it('falls back silently to the local copy when loading fails; F2 obeys the shortcut setting', async () => {
    backend = await startOrdersBackend({
      routes: { 'GET /api/user/order-settings': () => ({ status: 500, json: { success: false, error: 'kaputt' } }) },
    });
    loginAt(backend);
    localStorage.setItem(
      settingsStorageKey(testUser.id),
      JSON.stringify({ ...DEFAULT_USER_ORDER_SETTINGS, enableKeyboardShortcuts: false, enableNLPOrderCreation: false }),
    );
    await renderOrdersPage(backend);
    await waitFor(() => expect(backend.calls('GET', '/api/user/order-settings').length).toBeGreaterThan(0));
    pressKey('F2');
    pressKey('F10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // Text entry off: no entry, and the normal search bar of the filter bar (§2.3).
    expect(screen.queryByRole('combobox', { name: messages.orderText.entry.label })).toBeNull();
    expect(screen.getByRole('combobox', { name: messages.orderScreen.searchLabel })).toBeTruthy();
    // The dialog says why it shows the local copy (§8.2).
    const dialog = await openSettings();
    expect(within(dialog).getByText(messages.errors.loadSettings)).toBeTruthy();
  });

  it('says when saving fails, and resets to the defaults', async () => {
    backend = await startOrdersBackend({
      routes: {
        'GET /api/user/order-settings': () => stored({ enableAutoRefresh: true }),
        'PUT /api/user/order-settings': () => ({ status: 400, json: { success: false, error: 'Ungültig' } }),
        'POST /api/user/order-settings/reset': () => ({ json: { success: true, stored: false, settings: DEFAULT_USER_ORDER_SETTINGS } }),
      },
    });
    loginAt(backend);
    await renderOrdersPage(backend);
    let dialog = await openSettings();
    fireEvent.click(within(dialog).getByRole('tab', { name: messages.settingsDialog.tabSearch }));
    fireEvent.change(within(dialog).getByLabelText(t.settings.defaultSearchField), { target: { value: 'material' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.settingsSave }));
    expect(await screen.findByText(messages.errors.saveSettings)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: t.settingsResetButton }));
    expect(await screen.findByText(t.settingsReset)).toBeTruthy();
    expect(backend.calls('POST', '/api/user/order-settings/reset')).toHaveLength(1);
    dialog = await openSettings();
    fireEvent.click(within(dialog).getByRole('tab', { name: messages.settingsDialog.tabWorkflow }));
    expect((within(dialog).getByLabelText(t.settings.enableAutoRefresh) as HTMLInputElement).checked).toBe(false);
  });

  it('reloads the orders every 30 s when auto refresh is on (§4.10, §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    try {
      backend = await startOrdersBackend({ routes: { 'GET /api/user/order-settings': () => stored({ enableAutoRefresh: true }) } });
      loginAt(backend);
      await renderOrdersPage(backend);
      await waitFor(() => expect(backend.calls('GET', '/api/user/order-settings').length).toBeGreaterThan(0));
      const before = backend.calls('GET', '/api/orders').length;
      await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS + 100);
      await waitFor(() => expect(backend.calls('GET', '/api/orders').length).toBeGreaterThan(before));
      // Off: nothing more after another 30 s.
      fireEvent.click(screen.getByRole('button', { name: messages.orderIntake.settings }));
      const dialog = await screen.findByRole('dialog', { name: messages.settingsDialog.title });
      fireEvent.click(within(dialog).getByRole('tab', { name: messages.settingsDialog.tabWorkflow }));
      fireEvent.click(within(dialog).getByLabelText(t.settings.enableAutoRefresh));
      backend.routes.set('PUT /api/user/order-settings', ({ body }) => stored({ enableAutoRefresh: true, ...(body as object) }));
      fireEvent.click(within(dialog).getByRole('button', { name: t.settingsSave }));
      await screen.findByText(t.settingsSaved);
      const after = backend.calls('GET', '/api/orders').length;
      await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS + 100);
      expect(backend.calls('GET', '/api/orders').length).toBe(after);
    } finally {
      vi.useRealTimers();
    }
  });

  it('searches in the default search field', async () => {
    backend = await startOrdersBackend({ routes: { 'GET /api/user/order-settings': () => stored({ defaultSearchField: 'material' }) } });
    loginAt(backend);
    await renderOrdersPage(backend);
    const search = screen.getByRole('combobox', { name: messages.filters.searchExisting });
    fireEvent.change(search, { target: { value: 'Kies' } });
    await waitFor(() => expect(backend.lastListQuery()).toMatchObject({ search: 'Kies', searchField: 'material' }));
  });
});

describe('roles without the right to write (auditor, billing)', () => {
  it('offer no Neuer Auftrag, no text entry, no quick order, no duplicate or delete, no inline editor', async () => {
    backend = await startOrdersBackend({ orders: [makeOrder({ status: 'offen' })] });
    loginAt(backend, { ...testUser, roles: ['auditor'] });
    await renderOrdersPage(backend);
    expect(screen.getByText(t.readOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.orderScreen.newOrder })).toBeNull();
    expect(screen.queryByRole('combobox', { name: messages.orderText.entry.label })).toBeNull();
    expect(screen.queryByRole('button', { name: messages.orderScreen.quickOrderLink })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Duplizieren/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Löschen/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Details/ })).toBeTruthy();
    pressKey('F2');
    pressKey('F10');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Details/ }));
    const detail = await screen.findByRole('dialog');
    expect(within(detail).queryByRole('button', { name: messages.orderDetail.edit })).toBeNull();
    expect(within(detail).queryByRole('button', { name: messages.orderDetail.delete })).toBeNull();
  });
});
