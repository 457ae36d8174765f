// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../api/types';
import { makeOrder } from '../../test/fixtures';
import { eligibleForDisposition, totalTonnes } from './DispositionPipelinePanel';
import { checkboxOf, loginAt, type OrdersBackend, renderOrdersPage, startOrdersBackend, waitForRows } from './ordersTestKit';

let backend: OrdersBackend | undefined;

afterEach(async () => {
  cleanup();
  await backend?.close();
});

const ready = (n: number, status: string, weightTons: number) =>
  makeOrder({ id: `o-${n}`, orderNumber: `S1-${n}`, status, weightTons, quantity: weightTons, unit: 'to' });
const orders: Order[] = [ready(1, 'bestätigt', 25.4), ready(2, 'bereit', 18.3), ready(3, 'bestätigt', 10), ready(4, 'bereit', 7.2), ready(5, 'offen', 27)];

describe('disposition pipeline (§4.7)', () => {
  it('counts only confirmed and ready orders, in whole tonnes', () => {
    expect(eligibleForDisposition(orders).map((o) => o.orderNumber)).toEqual(['S1-1', 'S1-2', 'S1-3', 'S1-4']);
    expect(totalTonnes(eligibleForDisposition(orders))).toBe(61);
  });

  it('lists the eligible selection, names three and +N weitere, transfers them and clears the selection', async () => {
    const server = await startOrdersBackend({
      orders,
      routes: {
        'POST /api/orders/transfer-to-disposition': () => ({
          json: { success: true, transferred: 4, failed: [], message: '4 Aufträge zur Disposition übertragen' },
        }),
      },
    });
    backend = server;
    loginAt(server);
    await renderOrdersPage(server);
    await waitForRows(orders.length);
    // Only an open order selected: no panel.
    fireEvent.click(checkboxOf('S1-5'));
    expect(screen.queryByRole('region', { name: 'Zur Disposition' })).toBeNull();
    for (const n of [1, 2, 3, 4]) fireEvent.click(checkboxOf(`S1-${n}`));
    const panel = await screen.findByRole('region', { name: 'Zur Disposition' });
    expect(panel.textContent).toContain('4 Aufträge · 61 t · S1-1, S1-2, S1-3 +1 weitere');
    fireEvent.click(within(panel).getByRole('button', { name: 'Zur Disposition übertragen' }));
    await waitFor(() => expect(server.calls('POST', '/api/orders/transfer-to-disposition')).toHaveLength(1));
    expect(server.calls('POST', '/api/orders/transfer-to-disposition')[0]?.body).toEqual({ order_ids: ['o-1', 'o-2', 'o-3', 'o-4'] });
    expect(await screen.findByText('4 Aufträge zur Disposition übertragen')).toBeTruthy();
    await waitFor(() => expect(checkboxOf('S1-1').checked).toBe(false));
  });
});
