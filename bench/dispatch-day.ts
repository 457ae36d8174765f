/**
 * The busy dispatch day of the benchmarks (bench:timeline, bench:drag-preview): 60 vehicles released
 * for dispatch and 300 tours of one day, all made through the product's API.
 */
import { demoOrderBody } from '../runtime/src/testing/demo-order';
import type { TestApp } from '../runtime/src/testing/test-app';

export const VEHICLES = 60;
export const TOURS = 300;
export const TOURS_PER_VEHICLE = TOURS / VEHICLES;
const CONCURRENCY = 4;

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
}

/** Runs `work` over `items` with a few requests in flight. */
export async function inParallel<T>(items: readonly T[], work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

/** 60 released vehicles (the seed's 9 and 51 more) and 300 tours of 1 hour on `day`: 5 a vehicle, spread over the window. */
export async function buildDay(app: TestApp, day: string): Promise<Record<string, number>> {
  const tokens = { fuhrpark: await app.login('fuhrpark'), auftrag: await app.login('auftrag'), dispo: await app.login('dispo') };
  const call = async <T>(user: keyof typeof tokens, request: Call, status: number): Promise<T> => {
    const res = await app.app.inject({ ...request, headers: { authorization: `Bearer ${tokens[user]}` } });
    if (res.statusCode !== status) throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json() as T;
  };
  const seeded = (
    await call<{ vehicles: { id: string; license_plate: string }[] }>(
      'dispo',
      { method: 'GET', url: `/api/disposition/vehicles?date=${day}` },
      200,
    )
  ).vehicles;
  const extra = Array.from({ length: VEHICLES - seeded.length }, (_, i) => `BE-TL ${String(i + 1).padStart(3, '0')}`);
  await inParallel(extra, async (plate, i) => {
    await call(
      'fuhrpark',
      {
        method: 'POST',
        url: '/api/vehicles',
        payload: {
          license_plate: plate,
          vehicle_type: 'sattelzug',
          make_model: 'MAN TGX 18.510',
          payload_kg: 27000 - (i % 4) * 1000,
          enabled_for_dispatch: true,
        },
      },
      201,
    );
  });
  const vehicles = (
    await call<{ vehicles: { id: string; license_plate: string; payload_kg: number | null }[] }>(
      'dispo',
      { method: 'GET', url: `/api/disposition/vehicles?date=${day}` },
      200,
    )
  ).vehicles;
  if (vehicles.length !== VEHICLES) throw new Error(`expected ${VEHICLES} released vehicles, got ${vehicles.length}`);

  // Tour k of vehicle v starts at 06:00 + 2:45 k + 30 min (v mod 3): one hour each, no overlaps, all inside the window.
  const plan = Array.from({ length: TOURS }, (_, n) => {
    const vehicle = vehicles[n % VEHICLES]!;
    const k = Math.floor(n / VEHICLES);
    const minutes = 6 * 60 + k * 165 + (n % 3) * 30;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return { vehicle, time };
  });
  await inParallel(plan, async ({ vehicle, time }) => {
    const { order } = await call<{ order: { id: string } }>(
      'auftrag',
      { method: 'POST', url: '/api/orders', payload: demoOrderBody({ delivery_date: day, delivery_time_fixed: time, quantity: Math.min(20, (vehicle.payload_kg ?? 27000) / 1000) }) },
      201,
    );
    await call(
      'dispo',
      {
        method: 'POST',
        url: '/api/disposition/assign',
        payload: { orderId: order.id, orderType: 'transport_order', vehicleId: vehicle.id, scheduledTime: `${day}T${time}`, confirmWarnings: true },
      },
      201,
    );
  });
  const { tours } = await call<{ tours: unknown[] }>('dispo', { method: 'GET', url: `/api/disposition/tours/${day}` }, 200);
  if (tours.length !== TOURS) throw new Error(`expected ${TOURS} tours, got ${tours.length}`);
  return Object.fromEntries(vehicles.map((vehicle) => [vehicle.license_plate, TOURS_PER_VEHICLE]));
}

