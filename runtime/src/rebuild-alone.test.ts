import { addDays, berlinDate } from '@dispo/domain/shared/berlin-date';
import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from './services';
import { rebuildEachAlone } from './testing/rebuild-alone';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

const ws = messages.workshopScreen;
const today = berlinDate(new Date());
// The last change moves the appointment to today, so that it can be completed.
const [first, second, third] = [addDays(today, 20), addDays(today, 30), today];
const de = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * `npm run projections:rebuild -- <name>` of each projection alone writes the rows its live run wrote
 * (issue 38): an entry comes from its own event, never from another read table's current state. The
 * traffic changes appointments of a vehicle and a trailer twice and renames a vehicle, then ends them;
 * the fault suite (kill -9) and the fuzz run the same comparison after their traffic.
 */
describe('every projection rebuilt alone equals its live tables', () => {
  let t: TestApp;
  let token = '';
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('fuhrpark');
    for (const user of ['dispo', 'abrechnung']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, status = 200, user?: string): Promise<T> => {
    const bearer = user ? tokens[user] : token;
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  };

  it('after appointment changes, a rename, completions and a tour through billing, every rebuild alone writes the live rows', async () => {
    const vehicleId = demoId('vehicle', 'IZ-MS 103');
    const trailerId = demoId('trailer', 'IZ-MA 501');
    type Planned = { appointment: { id: string } };
    const service = (await call<Planned>('POST', `/api/vehicles/${vehicleId}/appointments`, { type: 'Service', date: first, workshop: 'MAN Truck & Bus Service Hamburg-Moorfleet' }, 201)).appointment;
    await call('PUT', `/api/appointments/${service.id}`, { date: second, time: '09:00' });
    await call('PUT', `/api/appointments/${service.id}`, { date: third, time: '11:30' });
    const trailerCheck = (await call<Planned>('POST', `/api/auflieger/${trailerId}/appointments`, { type: 'SP', date: first, workshop: 'DAF Service Hamburg-Harburg' }, 201)).appointment;
    await call('PUT', `/api/appointments/${trailerCheck.id}`, { date: second });
    await call('PUT', `/api/appointments/${trailerCheck.id}`, { date: third });
    await call('DELETE', `/api/appointments/${trailerCheck.id}`);
    const vehicle = (await call<{ vehicle: Record<string, unknown> }>('GET', `/api/vehicles/${vehicleId}`)).vehicle;
    await call('PUT', `/api/vehicles/${vehicleId}`, { license_plate: 'IZ-MS 1030', vehicle_type: vehicle.vehicle_type ?? vehicle.vehicleType });
    await call('POST', `/api/appointments/${service.id}/complete`, { completed: true, hasInvoice: false, followUpNeeded: false });
    // Issue 31: a tour assigned, redistributed, completed and billed, then the vehicle it left renamed.
    const order = (await call<{ order: { id: string; orderNumber: string } }>('POST', '/api/orders', demoOrderBody({ delivery_date: today }), 201, 'dispo')).order;
    const assign = { orderId: order.id, vehicleId: demoId('vehicle', 'KI-MS 301'), scheduledTime: `${today}T05:00` };
    const { tourId } = await call<{ tourId: string }>('POST', '/api/disposition/assign', assign, 201, 'dispo');
    await call('PUT', `/api/disposition/tours/${tourId}/move`, { vehicleId: demoId('vehicle', 'IZ-MS 102'), scheduledTime: `${today}T05:30` }, 200, 'dispo');
    for (const status of ['in_progress', 'completed']) await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status }, 200, 'dispo');
    await call('PATCH', `/api/orders/${order.id}`, { delivery_slip_number: `LS-${order.orderNumber}`, actual_weight: 26.4 }, 200, 'dispo');
    await call('POST', `/api/billing/confirm/${order.id}`, undefined, 200, 'abrechnung');
    await call('PUT', `/api/vehicles/${demoId('vehicle', 'KI-MS 301')}`, { license_plate: 'KI-MS 3010', vehicle_type: 'zugmaschine' });
    const tourRows = await t.infra.sql.query<{ action_type: string }>('SELECT action_type FROM read.vehicle_history WHERE tour_id = $1 AND action_type LIKE $2', [tourId, 'TOUR_%']);
    expect(tourRows.rows.map((r) => r.action_type).sort()).toEqual(['TOUR_ASSIGNED', 'TOUR_ASSIGNED', 'TOUR_BILLED', 'TOUR_COMPLETED', 'TOUR_UNASSIGNED']);

    // The live entry of the first change names the date that change carried.
    const history = await t.infra.sql.query<{ description: string }>(
      "SELECT description FROM read.vehicle_history WHERE vehicle_id = $1 AND action_title = $2 ORDER BY global_position",
      [vehicleId, ws.rescheduledTitle],
    );
    expect(history.rows.map((r) => r.description)).toEqual([ws.rescheduled('Service', de(second), '09:00'), ws.rescheduled('Service', de(third), '11:30')]);

    await t.services.runner.stop();
    const differences = await rebuildEachAlone({ sql: t.infra.sql, store: t.infra.store, bus: t.infra.bus, projections });
    expect(differences).toEqual([]);
  }, 300_000);
});
