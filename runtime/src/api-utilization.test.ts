import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

// A day no other suite uses.
const DAY = '2027-05-17';
const NEUMUENSTER = demoId('plant', 'Mischwerk Neumünster');
const LAEGERDORF = { lat: 53.886, lng: 9.579, address: 'Zementwerk Lägerdorf' };

interface Connection {
  orderId: string;
  orderNumber: string;
  compatibility: string;
  startTime: string;
  deliveryTime: string;
  endTime: string;
  totalTime: number;
  travelTime: number;
  suitabilityScore: number;
}

describe('utilization, timeline indicators, drag preview and MOSI (dispatch.md §7)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let truck: string;
  let second: string;
  let tourId: string;
  let near: { id: string; orderNumber: string };
  let far: { id: string; orderNumber: string };

  function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, user = 'dispo') {
    return t.app.inject({ method, url, headers: tokens[user] ? { authorization: `Bearer ${tokens[user]}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }
  function refused(res: Awaited<ReturnType<typeof call>>, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: message });
  }
  const order = async (overrides: Record<string, unknown>) =>
    (await ok<{ order: { id: string; orderNumber: string } }>(await call('POST', '/api/orders', demoOrderBody({ delivery_date: DAY, ...overrides })), 201)).order;
  const assign = async (orderId: string, vehicleId: string, time: string) =>
    (await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId, vehicleId, scheduledTime: `${DAY}T${time}` }), 201)).tourId;

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'audit']) tokens[user] = await t.login(user);
    tokens.fuhrpark = await t.login('fuhrpark');
    const vehicle = async (plate: string) =>
      (await ok<{ vehicle: { id: string } }>(
        await call('POST', '/api/vehicles', { license_plate: plate, vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: true }, 'fuhrpark'),
        201,
      )).vehicle.id;
    truck = await vehicle('SE-UT 1');
    second = await vehicle('SE-UT 2');
    // Lägerdorf → Neumünster at 08:00: the truck ends at Neumünster, where `near` is loaded.
    const first = await order({ delivery_plant_id: NEUMUENSTER, delivery_time_fixed: '09:00' });
    tourId = await assign(first.id, truck, '08:00');
    near = await order({ plant_id: NEUMUENSTER, loading_point_id: demoId('loading-point', 'Mischwerk Neumünster/Verladung West'), material_id: demoId('material', 'Hüttensand'), delivery_time_type: 'range', delivery_time_fixed: null, delivery_time_from: '06:00', delivery_time_to: '20:00' });
    far = await order({ delivery_time_fixed: '11:00' });
    // Two overlapping tours on the second vehicle: a schedule conflict with no buffer.
    await assign((await order({ delivery_time_fixed: '07:00' })).id, second, '06:00');
    await assign((await order({ delivery_time_fixed: '08:00' })).id, second, '06:30');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('analyses each released vehicle: planned hours, utilisation, km, empty runs, efficiency and bands', async () => {
    const res = await ok<{ success: boolean; vehicles: Record<string, unknown>[]; summary: Record<string, number> }>(await call('GET', `/api/utilization/analyze?date=${DAY}`));
    expect(res.success).toBe(true);
    const row = res.vehicles.find((v) => v.vehicleId === truck)!;
    expect(row).toMatchObject({ licensePlate: 'SE-UT 1', tourCount: 1, orderCount: 1, efficiency: 100, efficiencyBand: 'green', utilizationBand: 'green', hasScheduleConflict: false, trafficStatus: 'GOOD', availableHours: 14 });
    expect(row.plannedHours as number).toBeGreaterThan(1);
    expect(row.utilization).toBeCloseTo(((row.plannedMinutes as number) / 840) * 100, 1);
    expect(row.loadedKm as number).toBeGreaterThan(20);
    const other = res.vehicles.find((v) => v.vehicleId === second)!;
    expect(other).toMatchObject({ tourCount: 2, hasScheduleConflict: true, trafficStatus: 'CRITICAL' });
    expect(res.summary.tours).toBeGreaterThanOrEqual(3);
    // A narrower window raises the share.
    const narrow = await ok<{ vehicles: { vehicleId: string; utilization: number }[] }>(await call('GET', `/api/utilization/analyze?date=${DAY}&startHour=8&endHour=10`));
    expect(narrow.vehicles.find((v) => v.vehicleId === truck)!.utilization).toBeGreaterThan(row.utilization as number);
    refused(await call('GET', `/api/utilization/analyze?date=${DAY}&startHour=10&endHour=8`), 400, messages.utilization.invalidTimeRange);
  });

  it('answers a vehicle schedule with its buffers, and 404 for an unknown vehicle', async () => {
    const res = await ok<{ tours: { id: string; startTime: string; orderCount: number }[]; gaps: { slackMinutes: number }[] }>(await call('GET', `/api/utilization/vehicle/${second}/schedule?date=${DAY}`));
    expect(res.tours.map((x) => x.startTime)).toEqual(['06:00', '06:30']);
    expect(res.gaps[0]!.slackMinutes).toBeLessThan(0);
    refused(await call('GET', `/api/utilization/vehicle/gibt-es-nicht/schedule?date=${DAY}`), 404, messages.utilization.vehicleNotFound);
  });

  it('finds connections after an end location: §3 fields, drop time on the half hour, compatibility', async () => {
    const url = (location: unknown) => `/api/utilization/vehicle/${truck}/connections?date=${DAY}&endLocation=${encodeURIComponent(JSON.stringify(location))}`;
    const res = await ok<{ success: boolean; connections: Connection[] }>(await call('GET', url(LAEGERDORF)));
    expect(res.success).toBe(true);
    const toFar = res.connections.find((c) => c.orderId === far.id)!;
    // From Lägerdorf itself: no empty run, delivered about 11:00 as wanted.
    expect(toFar).toMatchObject({ orderNumber: far.orderNumber, travelTime: 0, compatibility: 'perfect', material: 'CEM I 42,5 R', pickup: 'Zementwerk Lägerdorf', delivery: 'Betonwerk Kiel', quantity: 27 });
    expect(Number(toFar.startTime.slice(3)) % 30).toBe(0);
    expect(toFar.totalTime).toBeGreaterThan(0);
    // Without an end location: where the truck's last tour ends (Neumünster).
    const after = await ok<{ connections: Connection[] }>(await call('GET', `/api/utilization/vehicle/${truck}/connections?date=${DAY}`));
    expect(after.connections[0]).toMatchObject({ orderId: near.id, compatibility: 'perfect', travelTime: 0 });
    refused(await call('GET', `/api/utilization/vehicle/${truck}/connections?date=${DAY}&endLocation=Kiel`), 400, messages.utilization.invalidEndLocation);
  });

  it('reads the traffic status from the schedule slack, and says so', async () => {
    const res = await ok<{ trafficStatus: string; trafficTooltip: string; source: string }>(await call('GET', `/api/utilization/vehicle/${second}/realtime-traffic?date=${DAY}`));
    expect(res).toMatchObject({ trafficStatus: 'CRITICAL', source: 'schedule-slack' });
    expect(res.trafficTooltip).toContain('keine Live-Verkehrsdaten');
  });

  it('answers timeline indicators per vehicle', async () => {
    const res = await ok<{ success: boolean; data: Record<string, { hasEfficientConnectionAvailable: boolean; hasScheduleConflict: boolean; trafficStatus: string; trafficTooltip: string }> }>(
      await call('GET', `/api/utilization/timeline-indicators?date=${DAY}`),
    );
    expect(res.data[truck]).toMatchObject({ hasEfficientConnectionAvailable: true, hasScheduleConflict: false, trafficStatus: 'GOOD' });
    expect(res.data[second]).toMatchObject({ hasScheduleConflict: true, trafficStatus: 'CRITICAL' });
    expect(res.data[second]!.trafficTooltip).toContain('Verkehrslage kritisch');
  });

  it('previews a drag: coloured slots with reasons, occupied inside tours', async () => {
    const body = { vehicleId: truck, selectedDate: DAY, orderData: { orderId: near.id, orderNumber: near.orderNumber }, timeRange: { startHour: 6, endHour: 20, interval: 30 } };
    const res = await ok<{ recommendations: { time: string; color: string; score: number; reason: string; travelTime: number | null }[]; vehicleTours: { id: string }[]; calculatedAt: string }>(
      await call('POST', '/api/drag-preview', body),
    );
    expect(res.recommendations).toHaveLength(28);
    const at = (time: string) => res.recommendations.find((r) => r.time === time)!;
    expect(at('08:00')).toMatchObject({ color: 'occupied', score: 0, travelTime: null });
    expect(at('08:00').reason).toContain('Belegt durch Tour');
    expect(['optimal', 'acceptable']).toContain(at('12:00').color);
    expect(at('12:00').reason).toContain('Ankunft ca.');
    expect(res.vehicleTours.map((x) => x.id)).toEqual([tourId]);
    expect(Date.parse(res.calculatedAt)).not.toBeNaN();
    refused(await call('POST', '/api/drag-preview', { ...body, vehicleId: 'gibt-es-nicht' }), 404, messages.utilization.vehicleNotFound);
    expect((await call('POST', '/api/drag-preview', { ...body, selectedDate: 'morgen' })).statusCode).toBe(400);
    expect((await call('POST', '/api/drag-preview', body, 'nobody')).statusCode).toBe(401);
    // An order the server does not know: judged from what the body says.
    const unknown = await ok<{ recommendations: { color: string }[] }>(
      await call('POST', '/api/drag-preview', { ...body, orderData: { orderNumber: 'X', lat: 54.323, lng: 10.123, loadingLat: 53.886, loadingLng: 9.579, timeWindow: { from: '10:00', to: '12:00' } } }),
    );
    expect(unknown.recommendations.filter((r) => r.color === 'occupied')).toHaveLength(3);
  });

  it('Dispo abschließen leaves a trace (who, when, how often); a day without tours sends no plan', async () => {
    const EMPTY = '2027-05-19';
    const before = await ok<{ day: { completed: boolean; completions: number } }>(await call('GET', `/api/disposition/day/${EMPTY}`));
    expect(before.day).toMatchObject({ completed: false, completions: 0, completedBy: null });
    const done = await ok<{ tourPlanSent: boolean; tourPlanQueued: boolean }>(await call('POST', '/api/disposition/complete', { targetDate: EMPTY, sendTourPlan: true }));
    expect(done).toMatchObject({ tourPlanSent: false, tourPlanQueued: false });
    expect((await t.infra.store.readStream(`dispo-day-${EMPTY}`)).map((e) => e.type)).toEqual(['DispoDayCompleted']);
    await ok(await call('POST', '/api/disposition/complete', { targetDate: EMPTY, sendTourPlan: false }));
    const after = await ok<{ day: { completed: boolean; completions: number; completedAt: string; completedBy: { full_name: string }; tourCount: number } }>(
      await call('GET', `/api/disposition/day/${EMPTY}`, undefined, 'audit'),
    );
    expect(after.day).toMatchObject({ completed: true, completions: 2, tourCount: 0 });
    expect(after.day.completedBy.full_name.length).toBeGreaterThan(0);
    expect(Date.parse(after.day.completedAt)).not.toBeNaN();
    expect((await call('GET', '/api/disposition/day/2027-02-30')).statusCode).toBe(400);
  });

  it('MOSI suggests the top connections after a tour and assigns one into the tour', async () => {
    const res = await ok<{ success: boolean; tour: { id: string }; suggestions: Record<string, unknown>[] }>(await call('GET', `/api/mosi-ai/tours/${tourId}/connections`, undefined, 'audit'));
    expect(res.suggestions.length).toBeGreaterThan(0);
    expect(res.suggestions.length).toBeLessThanOrEqual(5);
    const best = res.suggestions[0]!;
    expect(Object.keys(best)).toEqual(expect.arrayContaining(['orderId', 'orderNumber', 'material', 'quantity', 'deliveryTime', 'suitabilityScore', 'distance', 'travelTime', 'reasoning', 'plantName', 'deliveryAddress', 'deliveryCity', 'customer']));
    expect(best).toMatchObject({ orderId: near.id, plantName: 'Mischwerk Neumünster', distance: 0 });
    expect(best.suitabilityScore as number).toBeLessThanOrEqual(0.95);
    expect(String(best.reasoning)).toContain('Leerfahrt 0 km');
    refused(await call('GET', '/api/mosi-ai/tours/gibt-es-nicht/connections'), 404, messages.dispatch.tourNotFound);

    refused(await call('POST', '/api/mosi-ai/assign-connection', { tourId }), 400, messages.dispatch.missingAssignmentData);
    refused(await call('POST', '/api/mosi-ai/assign-connection', { tourId, orderId: 'gibt-es-nicht' }), 404, messages.dispatch.orderNotFound);
    refused(await call('POST', '/api/mosi-ai/assign-connection', { tourId, orderId: near.id }, 'audit'), 403, messages.auth.forbidden);
    const assigned = await ok<{ success: boolean; tourId: string; joined: boolean; tour: { orders: { id: string }[] } }>(
      await call('POST', '/api/mosi-ai/assign-connection', { tourId, orderId: near.id }),
      201,
    );
    expect(assigned).toMatchObject({ success: true, tourId, joined: true });
    expect(assigned.tour.orders.map((o) => o.id)).toContain(near.id);
    const after = await ok<{ suggestions: { orderId: string }[] }>(await call('GET', `/api/mosi-ai/tours/${tourId}/connections`));
    expect(after.suggestions.map((s) => s.orderId)).not.toContain(near.id);
  });

  it('rebuilds read.dispo_days from the log to the same rows (last: it stops the runner)', async () => {
    const rows = async () => (await t.infra.sql.query('SELECT * FROM read.dispo_days ORDER BY date')).rows;
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    await t.services.runner.stop();
    await t.services.runner.rebuild('dispo_days');
    expect(await rows()).toEqual(before);
  });
});
