// @vitest-environment happy-dom
import { messages } from '@dispo/domain/messages';
import { addDays } from '@dispo/domain/shared/berlin-date';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { todayInBerlin } from '../../components/format';
import { loginAt, type OrdersBackend, renderOrdersPage, startOrdersBackend } from '../orders/ordersTestKit';

let backend: OrdersBackend | undefined;
afterEach(async () => {
  cleanup();
  await backend?.close();
});

const s = { ...messages.statistics, ...messages.statisticsScreen };
const summary = {
  date: '',
  dispatchedToday: 12,
  completedToday: 7,
  openOrders: 3,
  estimatedWeight: 310.5,
  actualWeight: 180.25,
  weightDifference: -2.4,
};
const metrics = (total: number) => ({
  totalOrders: total,
  statusDistribution: total ? { offen: 3, geliefert: total - 3 } : {},
  rates: { cancellationRate: 2.5, problemRate: 0 },
  dailyTrends: [],
  topRoutes: [],
  hourlyDistribution: [],
});

async function open(routes: NonNullable<Parameters<typeof startOrdersBackend>[0]>['routes']) {
  backend = await startOrdersBackend({ routes });
  loginAt(backend);
  await renderOrdersPage(backend);
  fireEvent.click(screen.getByRole('button', { name: messages.orderIntake.statistics }));
  return screen.findByRole('dialog', { name: s.title });
}

const periodOf = (path: string) => {
  const call = backend!.calls('GET', path).at(-1);
  return call ? [call.query.get('dateFrom'), call.query.get('dateTo')] : null;
};

describe('Statistik und Auswertungen (§2.14)', () => {
  it('loads the four figures for the last 7 days, shows the summary in German, and reloads for 30 days', async () => {
    const dialog = await open({
      'GET /api/statistics/daily-summary': ({ query }) => ({ json: { data: { ...summary, date: query.get('date') } } }),
      'GET /api/statistics/order-metrics': () => ({ json: { data: metrics(40) } }),
      'GET /api/statistics/material-stats': () => ({ json: { data: [] } }),
      'GET /api/statistics/vehicle-stats': () => ({ json: { data: [] } }),
    });
    const today = todayInBerlin();
    expect(await within(dialog).findByText('310,5 t')).toBeTruthy();
    expect(within(dialog).getByText('180,3 t')).toBeTruthy();
    expect(within(dialog).getByText('-2,4 t')).toBeTruthy();
    expect(within(dialog).getByText('2,5 %')).toBeTruthy();
    for (const path of ['/api/statistics/order-metrics', '/api/statistics/material-stats', '/api/statistics/vehicle-stats']) {
      expect(periodOf(path)).toEqual([addDays(today, -6), today]);
    }
    expect(backend!.calls('GET', '/api/statistics/daily-summary')[0]?.query.get('date')).toBe(today);
    // Empty lists show the empty state on their tabs.
    fireEvent.click(within(dialog).getByRole('tab', { name: s.tabMaterials }));
    expect(within(dialog).getByText(messages.empty.data)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: s.quickPeriod(30) }));
    await waitFor(() => expect(periodOf('/api/statistics/order-metrics')).toEqual([addDays(today, -29), today]));
    expect((within(dialog).getByLabelText(s.periodFrom) as HTMLInputElement).value).toBe(addDays(today, -29));
  });

  it('shows the red error box when a call fails, and refuses a backwards period', async () => {
    const dialog = await open({
      'GET /api/statistics/daily-summary': () => ({ json: { data: summary } }),
      'GET /api/statistics/order-metrics': () => ({ status: 500, json: { success: false, error: 'kaputt' } }),
      'GET /api/statistics/material-stats': () => ({ json: { data: [] } }),
      'GET /api/statistics/vehicle-stats': () => ({ json: { data: [] } }),
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`${messages.errors.loadStatistics}.`);
    fireEvent.change(within(dialog).getByLabelText(s.periodFrom), { target: { value: '2026-12-10' } });
    fireEvent.change(within(dialog).getByLabelText(s.periodTo), { target: { value: '2026-12-01' } });
    expect(within(dialog).getByText(s.invalidPeriod)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: s.refresh }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the loading text until the figures arrive', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const dialog = await open({
      'GET /api/statistics/daily-summary': async () => {
        await gate;
        return { json: { data: summary } };
      },
      'GET /api/statistics/order-metrics': () => ({ json: { data: metrics(0) } }),
      'GET /api/statistics/material-stats': () => ({ json: { data: [] } }),
      'GET /api/statistics/vehicle-stats': () => ({ json: { data: [] } }),
    });
    expect(await within(dialog).findByText(s.loading)).toBeTruthy();
    release();
    expect(await within(dialog).findByText(messages.empty.data)).toBeTruthy();
  });
});
