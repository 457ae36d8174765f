// @vitest-environment happy-dom
import { messages } from '@dispo/domain/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeOrder } from '../../test/fixtures';
import { loginAt, type OrdersBackend, pressKey, renderOrdersPage, startOrdersBackend } from '../orders/ordersTestKit';

let backend: OrdersBackend;
afterEach(async () => {
  cleanup();
  await backend.close();
});

const t = messages.intakeTools;
const entry = (
  id: string,
  name: string,
  usageCount: number,
  averageQuantity: number,
  frequencyScore: number,
  recentFrequencyScore: number,
) => ({
  material: { id, name, unit: 'to', category: 'Kies', materialCode: null },
  usageCount,
  lastUsedDate: '2026-11-20T08:00:00.000Z',
  averageQuantity,
  frequencyScore,
  recentFrequencyScore,
});

async function openWizard(
  routes: Record<
    string,
    Parameters<typeof startOrdersBackend>[0] extends infer O ? (O extends { routes?: Record<string, infer H> } ? H : never) : never
  >,
) {
  backend = await startOrdersBackend({ routes });
  loginAt(backend);
  await renderOrdersPage(backend);
  pressKey('F10');
  const dialog = await screen.findByRole('dialog', { name: messages.orderScreen.quickOrderTitle });
  // The plant lists have loaded.
  await within(dialog).findByRole('option', { name: /Betonwerk Kiel/ });
  await within(dialog).findByRole('option', { name: /Kieswerk Moorburg/ });
  return dialog;
}

describe('Schnellauftrag (§2.5, §2.6)', () => {
  it('walks the steps by keys, suggests the route materials with stars, warns about capacity and creates one order per material', async () => {
    const dialog = await openWizard({
      'GET /api/plants/p-kies/material-history': () => ({
        json: {
          success: true,
          history: { materials: [entry('m-kies', 'Kies 8/16', 9, 24.5, 90, 100), entry('m-sand-1', 'Sand 0/2', 1, 10, 10, 0)] },
        },
      }),
      'POST /api/capacity-analysis/analyze': () => ({
        json: {
          success: true,
          analysis: {
            riskLevel: 'critical',
            utilizationPercentage: 140,
            recommendations: [
              {
                type: 'alternative_time',
                message: 'voll',
                suggestion: 'später',
                alternativeTimes: [{ time: '13:00', availability: 'gut' }],
              },
            ],
          },
        },
      }),
      'POST /api/orders/quick': () => ({
        status: 201,
        json: { success: true, created: 2, failed: 0, message: messages.success.quickOrderCreated, orders: [makeOrder()], failures: [] },
      }),
    });
    fireEvent.change(within(dialog).getByLabelText(t.deliveryPlant, { exact: false }), { target: { value: 'p-beton' } });
    fireEvent.change(within(dialog).getByLabelText(t.loadingPlant, { exact: false }), { target: { value: 'p-kies' } });
    // Kieswerk Moorburg has one loading point: chosen at once.
    await waitFor(() =>
      expect((within(dialog).getByLabelText(t.loadingPoint, { exact: false }) as HTMLSelectElement).value).toBe('lp-halde'),
    );
    pressKey('ArrowRight', { altKey: true });

    const suggestions = await within(dialog).findByRole('region', { name: t.suggestions });
    expect(within(suggestions).getByTitle(t.stars(3))).toBeTruthy();
    expect(within(suggestions).getByTitle(t.stars(1))).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByLabelText(t.quantity, { exact: false }) as HTMLInputElement).value).toBe('24.5'));
    fireEvent.click(within(suggestions).getByRole('button', { name: /Kies 8\/16/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sand 0/2' }));
    pressKey('ArrowRight', { altKey: true });

    const warning = await waitFor(() => {
      const found = dialog.querySelector('.capacity-warning--critical');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(warning.textContent).toContain(t.utilization(140));
    fireEvent.click(within(warning).getByRole('button', { name: t.alternativeLabel('13:00', 'gut') }));
    expect((within(dialog).getByLabelText(t.timeFrom) as HTMLInputElement).value).toBe('13:00');
    expect((within(dialog).getByLabelText(t.timeTo) as HTMLInputElement).value).toBe('14:00');

    pressKey('Enter', { ctrlKey: true });
    expect(await screen.findByText(messages.success.quickOrderCreated)).toBeTruthy();
    expect(backend.calls('POST', '/api/orders/quick')[0]!.body).toMatchObject({
      material_ids: ['m-kies', 'm-sand-1'],
      quantity: 24.5,
      delivery_time_type: 'range',
      delivery_time_from: '13:00',
      delivery_time_to: '14:00',
      source: 'quick_order',
    });
  });

  it('shows no warning when the analysis fails, and each refused order with its reason', async () => {
    const dialog = await openWizard({
      'GET /api/plants/p-kies/material-history': () => ({ status: 500, json: { success: false, error: 'kaputt' } }),
      'POST /api/capacity-analysis/analyze': () => ({ status: 500, json: { success: false, error: 'kaputt' } }),
      'POST /api/orders/quick': () => ({
        status: 201,
        json: {
          success: true,
          created: 1,
          failed: 1,
          message: messages.success.partiallyCreated(1, 1),
          orders: [makeOrder()],
          failures: [{ index: 1, materialId: 'm-cem1', error: t.materialNotAtPlant }],
        },
      }),
    });
    fireEvent.change(within(dialog).getByLabelText(t.deliveryPlant, { exact: false }), { target: { value: 'p-beton' } });
    fireEvent.change(within(dialog).getByLabelText(t.loadingPlant, { exact: false }), { target: { value: 'p-kies' } });
    await waitFor(() => expect((within(dialog).getByRole('button', { name: t.next }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: t.next }));
    // No history: the default quantity of §9.
    await waitFor(() => expect((within(dialog).getByLabelText(t.quantity, { exact: false }) as HTMLInputElement).value).toBe('27'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kies 8/16' }));
    fireEvent.click(within(dialog).getByRole('button', { name: t.next }));
    await waitFor(() => expect(backend.calls('POST', '/api/capacity-analysis/analyze').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.querySelector('.capacity-warning')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.quickOrder.submit }));
    expect(await screen.findByText(messages.success.partiallyCreated(1, 1))).toBeTruthy();
    expect(await screen.findByText(t.orderFailed('CEM I 42,5 R', t.materialNotAtPlant))).toBeTruthy();
  });
});
