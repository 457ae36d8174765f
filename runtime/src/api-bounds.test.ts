import { messages } from '@dispo/domain/messages';
import { addDays, berlinDate } from '@dispo/domain/shared/berlin-date';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendBoundaryValues } from './testing/boundary-values';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

/** Log lines of values a schema behind a route refused (errors.ts): the route should have refused them itself. */
const REFUSED_BEHIND_ROUTE = /"msg":"(event refused by its schema|value refused by a schema inside the handler)"/;

describe('route bounds are the event bounds (issue 38)', () => {
  let t: TestApp;
  const logLines: string[] = [];
  const refusedAtAppend = () => logLines.filter((line) => REFUSED_BEHIND_ROUTE.test(line)).length;
  let admin = '';

  beforeAll(async () => {
    t = await createTestApp({ history: { weeks: 1 }, optimization: { worker: false }, logLevel: 'warn', logStream: { write: (line) => void logLines.push(line) } });
    admin = await t.login('admin');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('PUT /api/tariff refuses a price past the event bound by name, takes the largest, and a tour priced with the largest tariff still completes', async () => {
    // A day of its own, far enough out that no seeded tour is priced by this tariff.
    const day = addDays(berlinDate(new Date()), 400);
    const tariff = {
      valid_from: day,
      base_per_tonne: { Zement: 3.2 },
      per_tonne_km: 0.115,
      minimum_per_load: 180,
      road_factor: 1.3,
      average_speed_kmh: 62,
      cost_per_km: { default: 1 },
      loading_minutes: 25,
      unloading_minutes: 20,
    };
    const past = await call('PUT', '/api/tariff', { ...tariff, per_tonne_km: 100_001 });
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json()).toMatchObject({ error: messages.http.invalidField('per_tonne_km'), details: { fields: ['per_tonne_km'] } });
    expect((await call('PUT', '/api/tariff', { ...tariff, base_per_tonne: { Zement: 100_001 } })).statusCode).toBe(400);
    const largest = await call('PUT', '/api/tariff', { ...tariff, per_tonne_km: 100_000 });
    expect(largest.statusCode, largest.body).toBe(200);

    const vehicle = (await t.infra.sql.query<{ id: string }>(`SELECT id FROM read.vehicles WHERE enabled_for_dispatch ORDER BY id LIMIT 1`)).rows[0]!.id;
    const created = await call('POST', '/api/orders', demoOrderBody({ delivery_date: day }));
    expect(created.statusCode, created.body).toBe(201);
    const orderId = (created.json() as { order: { id: string } }).order.id;
    const assigned = await call('POST', '/api/disposition/assign', { orderId, vehicleId: vehicle, scheduledTime: `${day}T06:00` });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const { tourId } = assigned.json() as { tourId: string };
    expect((await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'in_progress' })).statusCode).toBe(200);

    // The revenue's bounds follow from the tariff's: the largest tariff prices a tour that completes.
    // A tour completes on its day at the earliest (issue 31): the clock is set to that day for it.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${day}T14:00:00Z`) });
    let completed: Awaited<ReturnType<typeof call>>;
    try {
      const onTheDay = await t.login('admin');
      completed = await t.app.inject({ method: 'PATCH', url: `/api/disposition/tours/${tourId}/status`, headers: { authorization: `Bearer ${onTheDay}` }, payload: { status: 'completed' } });
    } finally {
      vi.useRealTimers();
    }
    expect(completed.statusCode, completed.body).toBe(200);
    const [revenue] = await t.infra.store.readStream(`revenue-${tourId}`);
    expect(revenue?.type).toBe('TourRevenueCalculated');
    expect((revenue?.data as { revenue: number | null }).revenue).toBeGreaterThan(10_000_000);
  });

  it('every number field of every write route at its bound and past it: no 5xx, and nothing the route admits is refused by the event', async () => {
    const day = addDays(berlinDate(new Date()), 3);
    const bases = { 'POST /api/orders': demoOrderBody({ delivery_date: day }), 'PUT /api/orders/{id}': demoOrderBody({ delivery_date: day }) };
    const result = await sendBoundaryValues(t, { samples: 3, refusedAtAppend, bases });
    console.log(JSON.stringify({ fields: result.fields, requests: result.requests, statuses: result.statuses }));
    expect(result.failures).toEqual([]);
    expect(result.fields).toBeGreaterThanOrEqual(40);
    // Some bounds reach the deciders and are written.
    expect(result.statuses['2xx'] ?? 0).toBeGreaterThan(0);
  }, 900_000);
});
