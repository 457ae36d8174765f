// @vitest-environment happy-dom
import { messages } from '@dispo/domain/messages';
import { DEFAULT_USER_ORDER_SETTINGS } from '@dispo/domain/user-order-settings/index';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../../test/fixtures';
import { makeTemplate } from './templatesTestKit';
import { loginAt, type OrdersBackend, renderOrdersPage, startOrdersBackend } from '../orders/ordersTestKit';

let backend: OrdersBackend;
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await backend.close();
});

const t = messages.intakeTools;
const yesterday = new Date(Date.now() - 86_400_000).toISOString();

const template = (id: string, name: string, usageCount: number, lastUsed: string | null) =>
  makeTemplate({ id, name, usageCount, lastUsed }, { materials: [{ id: 'm-cem1', name: 'CEM I 42,5 R', quantity: 27, unit: 'to' }] });

const settingsOn = { json: { success: true, stored: true, settings: { ...DEFAULT_USER_ORDER_SETTINGS, enableOrderTemplates: true } } };

async function openTemplates(
  routes: Parameters<typeof startOrdersBackend>[0] extends infer O ? (O extends { routes?: infer R } ? R : never) : never,
) {
  backend = await startOrdersBackend({ routes: { 'GET /api/user/order-settings': () => settingsOn, ...routes } });
  loginAt(backend);
  await renderOrdersPage(backend);
  fireEvent.click(await screen.findByRole('button', { name: messages.orderIntake.templates }));
  return screen.findByRole('dialog', { name: messages.templates.title });
}

describe('Meine Auftrags-Templates (§2.13, §4.8, §8.3)', () => {
  it('shows the load error with Erneut versuchen, then the list with VIP badge and last-used wording', async () => {
    let fail = true;
    const dialog = await openTemplates({
      'GET /api/user/order-templates': () =>
        fail
          ? { status: 500, json: { success: false, error: 'kaputt' } }
          : { json: { success: true, data: [template('t-1', 'Kiel Zement', 6, yesterday), template('t-2', 'Lübeck', 0, null)] } },
    });
    expect(await within(dialog).findByText(messages.errors.loadTemplates)).toBeTruthy();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: messages.templates.retry }));
    const vip = await within(dialog).findByRole('button', { name: /Kiel Zement/ });
    expect(within(vip).getByText(t.templateVip)).toBeTruthy();
    expect(vip.textContent).toContain(messages.templates.lastUsedYesterday);
    expect(within(dialog).getByRole('button', { name: /Lübeck/ }).textContent).toContain(t.templateNeverUsed);
    expect(within(within(dialog).getByRole('button', { name: /Lübeck/ })).queryByText(t.templateVip)).toBeNull();
  });

  it('says Anmeldung erforderlich on 403 and shows the empty state', async () => {
    let status = 403;
    const dialog = await openTemplates({
      'GET /api/user/order-templates': () =>
        status === 403 ? { status, json: { success: false, error: 'verboten' } } : { json: { success: true, data: [] } },
    });
    expect(await within(dialog).findByText(messages.auth.loginRequired)).toBeTruthy();
    status = 200;
    fireEvent.click(within(dialog).getByRole('button', { name: messages.templates.retry }));
    expect(await within(dialog).findByText(messages.templates.empty)).toBeTruthy();
  });

  it('edits a copy (Ungespeicherte Änderungen), asks before switching and deleting, saves', async () => {
    const confirm = vi.fn(() => false);
    Object.assign(window, { confirm });
    const dialog = await openTemplates({
      'GET /api/user/order-templates': () => ({
        json: { success: true, data: [template('t-1', 'Kiel Zement', 1, yesterday), template('t-2', 'Lübeck', 0, null)] },
      }),
      'PUT /api/user/order-templates/t-1': ({ body }) => ({
        json: { success: true, data: { ...template('t-1', 'x', 1, yesterday), ...(body as object) } },
      }),
      'DELETE /api/user/order-templates/t-1': () => ({ json: { success: true } }),
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: /Kiel Zement/ }));
    fireEvent.change(within(dialog).getByLabelText(t.templateName, { exact: false }), { target: { value: 'Kiel Zement früh' } });
    expect(within(dialog).getByText(messages.templates.unsavedChanges)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Lübeck/ }));
    expect(confirm).toHaveBeenCalledWith(messages.templates.confirmDiscardChanges);
    // Refused: still on the edited copy.
    expect((within(dialog).getByLabelText(t.templateName, { exact: false }) as HTMLInputElement).value).toBe('Kiel Zement früh');
    fireEvent.click(within(dialog).getByRole('button', { name: t.templateSave }));
    await waitFor(() => expect(backend.calls('PUT', '/api/user/order-templates/t-1')).toHaveLength(1));
    expect((backend.calls('PUT', '/api/user/order-templates/t-1')[0]!.body as { name: string }).name).toBe('Kiel Zement früh');
    fireEvent.click(within(dialog).getByRole('button', { name: t.templateDelete }));
    expect(confirm).toHaveBeenLastCalledWith(messages.templates.confirmDelete);
    expect(backend.calls('DELETE', '/api/user/order-templates/t-1')).toHaveLength(0);
  });

  it('uses a template through Lieferzeit bestätigen: creates the order, then counts; a failed count only warns', async () => {
    const dialog = await openTemplates({
      'GET /api/user/order-templates': () => ({ json: { success: true, data: [template('t-1', 'Kiel Zement', 1, yesterday)] } }),
      'POST /api/orders/quick': () => ({
        status: 201,
        json: { success: true, created: 1, failed: 0, message: 'Schnellauftrag erfolgreich erstellt', orders: [makeOrder()], failures: [] },
      }),
      'POST /api/user/order-templates/t-1/use': () => ({ status: 500, json: { success: false, error: 'kaputt' } }),
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: /Kiel Zement/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: t.templateUse }));
    const confirm = await screen.findByRole('dialog', { name: messages.templates.confirmDeliveryTimeTitle });
    expect((within(confirm).getByRole('radio', { name: /Zeit aus dem Template/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(confirm).getByRole('button', { name: t.createFromTemplate }));
    expect(await screen.findByText(messages.success.orderCreated)).toBeTruthy();
    const body = backend.calls('POST', '/api/orders/quick')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 'offen',
      transport_type: 'standard',
      priority: 'normal',
      delivery_time_fixed: '07:30',
      material_ids: ['m-cem1'],
      source: 'template',
    });
    expect(await screen.findByText(t.templateUseCountFailed)).toBeTruthy();
  });
});
