import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

interface HistoryEntry {
  actionType: string;
  actionTitle: string;
  description: string;
  tourId: string | null;
}

/**
 * Issue 31, defect 9: a tour's assignment, redistribution, completion and billing appear in the
 * history of each vehicle concerned, with German titles, through the HTTP API.
 */
describe('tour entries in the vehicle history (issue 31)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const day = berlinDate(new Date());

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'abrechnung', 'fuhrpark']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, user = 'dispo', status = 200): Promise<T> => {
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  };
  const history = async (vehicleId: string) =>
    (await call<{ history: HistoryEntry[] }>('GET', `/api/vehicles/${vehicleId}/history?startDate=${day}&endDate=${day}`, undefined, 'fuhrpark')).history;

  it('records assignment, redistribution on both vehicles, completion and billing', async () => {
    const [a, b] = [demoId('vehicle', 'KI-MS 301'), demoId('vehicle', 'IZ-MS 102')];
    const order = (await call<{ order: { id: string; orderNumber: string } }>('POST', '/api/orders', demoOrderBody({ delivery_date: day }), 'dispo', 201)).order;
    const { tourId } = await call<{ tourId: string }>('POST', '/api/disposition/assign', { orderId: order.id, vehicleId: a, scheduledTime: `${day}T05:00` }, 'dispo', 201);
    const tourNumber = (await call<{ tour: { tour_number: string } }>('GET', `/api/disposition/tours/details/${tourId}`)).tour.tour_number;
    await call('PUT', `/api/disposition/tours/${tourId}/move`, { vehicleId: b, scheduledTime: `${day}T05:30` });
    await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'in_progress' });
    await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'completed' });
    await call('PATCH', `/api/orders/${order.id}`, { delivery_slip_number: `LS-${order.orderNumber}`, actual_weight: 26.4 });
    await call('POST', `/api/billing/confirm/${order.id}`, undefined, 'abrechnung');

    const tourEntries = (entries: HistoryEntry[]) => entries.filter((e) => e.tourId === tourId && e.actionType.startsWith('TOUR_')).map((e) => [e.actionType, e.actionTitle]);
    expect(tourEntries(await history(a))).toEqual(
      expect.arrayContaining([
        ['TOUR_ASSIGNED', 'Tour zugewiesen'],
        ['TOUR_UNASSIGNED', 'Tour abgegeben'],
      ]),
    );
    expect(tourEntries(await history(a))).toHaveLength(2);
    expect(tourEntries(await history(b)).sort()).toEqual(
      [
        ['TOUR_ASSIGNED', 'Tour zugewiesen'],
        ['TOUR_BILLED', 'Tour abgerechnet'],
        ['TOUR_COMPLETED', 'Tour abgeschlossen'],
      ].sort(),
    );
    const handedOver = (await history(a)).find((e) => e.tourId === tourId && e.actionType === 'TOUR_UNASSIGNED');
    expect(handedOver?.description).toContain(`Tour ${tourNumber} an IZ-MS 102 abgegeben`);
    // The filter of the history dialog takes the new action types.
    const filtered = await call<{ history: HistoryEntry[] }>('GET', `/api/vehicles/${b}/history?actionType=TOUR_COMPLETED`, undefined, 'fuhrpark');
    expect(filtered.history.map((e) => e.actionType)).toEqual(['TOUR_COMPLETED']);
  });
});
