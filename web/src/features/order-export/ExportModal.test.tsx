// @vitest-environment happy-dom
import { messages } from '@dispo/domain/messages';
import { DEFAULT_USER_ORDER_SETTINGS } from '@dispo/domain/user-order-settings/index';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAt, type OrdersBackend, renderOrdersPage, startOrdersBackend } from '../orders/ordersTestKit';
import { LAST_EXPORT_KEY, readLastExport } from './lastExport';

let backend: OrdersBackend | undefined;
let saved: string[];

beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await backend?.close();
});

const settings = (defaultExportFormat: 'xlsx' | 'csv') => () => ({
  json: { success: true, stored: true, settings: { ...DEFAULT_USER_ORDER_SETTINGS, defaultExportFormat } },
});

async function openExport(format: 'xlsx' | 'csv', count: number) {
  const server = await startOrdersBackend({
    routes: {
      'GET /api/user/order-settings': settings(format),
      'GET /api/orders/export': ({ query }) =>
        query.get('preview') === 'true'
          ? { json: { success: true, count: query.get('plantId') === 'p-kies' ? 0 : count } }
          : { raw: 'PK-file', contentType: 'application/octet-stream' },
    },
  });
  backend = server;
  loginAt(server);
  await renderOrdersPage(server);
  fireEvent.click(screen.getByRole('button', { name: messages.orderScreen.exportOrders }));
  return { server, dialog: await screen.findByRole('dialog', { name: messages.exportDialog.title }) };
}

describe('Transportaufträge exportieren (§2.11)', () => {
  it('previews the count, exports the day as Excel and offers it again next time', async () => {
    localStorage.removeItem(LAST_EXPORT_KEY);
    const { server, dialog } = await openExport('xlsx', 7);
    expect(await within(dialog).findByText('7 Aufträge werden exportiert')).toBeTruthy();
    const button = within(dialog).getByRole('button', { name: 'Als Excel exportieren' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.change(within(dialog).getByLabelText(messages.exportScreen.date), { target: { value: '2026-12-09' } });
    await within(dialog).findByText('7 Aufträge werden exportiert');
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['Transportauftraege_2026-12-09_Alle.xlsx']));
    const file = server.requests.find((r) => r.path === '/api/orders/export' && r.query.get('preview') !== 'true');
    expect(Object.fromEntries(file?.query ?? [])).toEqual({ date: '2026-12-09', format: 'excel' });
    expect(readLastExport()).toMatchObject({ date: '2026-12-09', plantId: '' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: messages.exportDialog.title })).toBeNull());

    // Next time the last export is offered as a suggestion that can be applied.
    fireEvent.click(screen.getByRole('button', { name: messages.orderScreen.exportOrders }));
    const again = await screen.findByRole('dialog', { name: messages.exportDialog.title });
    expect(within(again).getByText(/^Vorschlag aus dem letzten Export: 09\.12\.2026 · Alle Werke/)).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: messages.exportScreen.applySuggestion }));
    expect((within(again).getByLabelText(messages.exportScreen.date) as HTMLInputElement).value).toBe('2026-12-09');
  });

  it('keeps the button disabled at a count of 0, and writes CSV when that is the default format', async () => {
    const { dialog } = await openExport('csv', 3);
    const button = (await within(dialog).findByRole('button', { name: 'Als CSV exportieren' })) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText(messages.exportScreen.plant), { target: { value: 'p-kies' } });
    expect(await within(dialog).findByText('0 Aufträge werden exportiert')).toBeTruthy();
    expect(button.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(messages.exportScreen.plant), { target: { value: '' } });
    await within(dialog).findByText('3 Aufträge werden exportiert');
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(saved[0]).toMatch(/_Alle\.csv$/));
  });
});
