import { messages } from '@dispo/domain/messages';
import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planTourTimes } from '@dispo/domain/tour/index';
import { straightLineRoads } from '@dispo/domain/travel/index';
import { loadDemoCatalog } from './demo-catalog';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

interface Tour {
  id: string;
  tourNumber: string;
  vehicle_id: string;
  vehicle: { license_plate: string | null };
  date: string;
  start_time: string;
  end_time: string | null;
  status: string;
  hasConflict: boolean;
  orders: { id: string; sequenceNumber: number; estimatedArrival: string; transportOrder: { orderNumber: string } }[];
}

// A day no other suite uses.
const DAY = '2027-05-10';

/** The arrivals the travel model gives `n` demo orders (Lägerdorf → Kiel) from `start`, the vehicle at the first loading plant. */
async function demoArrivals(start: string, n: number): Promise<string[]> {
  const { tariff, plants } = loadDemoCatalog();
  const at = (name: string) => plants.find((p) => p.name === name)!;
  const stop = (i: number) => ({ orderId: `o-${i}`, loading: at('Zementwerk Lägerdorf'), delivery: at('Betonwerk Kiel') });
  const times = await planTourTimes(
    { distance: straightLineRoads(tariff), handling: tariff },
    { startTime: start, start: null, stops: Array.from({ length: n }, (_, i) => stop(i)) },
  );
  return times.stops.map((s) => `${DAY}T${s.estimatedArrival}`);
}

describe('disposition (docs/api/disposition.md)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let truck: string;
  let trailer: string;
  let parked: string;

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'fuhrpark', 'audit', 'auftrag']) tokens[user] = await t.login(user);
    const vehicle = async (plate: string, enabled: boolean) => {
      const res = await call('POST', '/api/vehicles', { license_plate: plate, vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: enabled }, 'fuhrpark');
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { vehicle: { id: string } }).vehicle.id;
    };
    truck = await vehicle('SE-DT 1', true);
    trailer = await vehicle('SE-DT 2', true);
    parked = await vehicle('SE-DT 3', false);
  });
  afterAll(async () => {
    await t?.close();
  });

  function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, user = 'dispo') {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    return res.json() as T;
  }
  function refused(res: Awaited<ReturnType<typeof call>>, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: message });
  }
  const order = async (overrides: Record<string, unknown> = {}) =>
    (await ok<{ order: { id: string; orderNumber: string } }>(await call('POST', '/api/orders', demoOrderBody({ delivery_date: DAY, ...overrides })), 201)).order;
  const openOrders = async () => (await ok<{ orders: { id: string }[] }>(await call('GET', `/api/disposition/orders/open?date=${DAY}`))).orders.map((o) => o.id);
  const dayTours = async () => (await ok<{ tours: Tour[] }>(await call('GET', `/api/disposition/tours/${DAY}`))).tours;
  const orderStatus = async (id: string) => (await ok<{ order: { status: string } }>(await call('GET', `/api/orders/${id}`))).order.status;

  it('answers open orders a page at a time in the default sort, next_offset leading to the next page', async () => {
    await order({ delivery_time_fixed: '06:05' });
    await order({ delivery_time_fixed: '06:10' });
    type Page = { orders: { id: string }[]; next_offset: number | null };
    const all = await ok<Page>(await call('GET', `/api/disposition/orders/open?date=${DAY}`));
    expect(all.next_offset).toBeNull();
    expect(all.orders.length).toBeGreaterThanOrEqual(2);
    const pages: string[] = [];
    for (let offset: number | null = 0; offset !== null; ) {
      const page: Page = await ok<Page>(await call('GET', `/api/disposition/orders/open?date=${DAY}&limit=1&offset=${offset}`));
      expect(page.orders).toHaveLength(1);
      pages.push(page.orders[0]!.id);
      offset = page.next_offset;
    }
    expect(pages).toEqual(all.orders.map((o) => o.id));
    refused(await call('GET', `/api/disposition/orders/open?date=${DAY}&limit=1001`), 400, messages.http.invalidField('limit'));
  });

  it('lists only vehicles released for dispatch', async () => {
    const { vehicles } = await ok<{ vehicles: { id: string; license_plate: string; payload_kg: number; current_tours: unknown[] }[] }>(
      await call('GET', `/api/disposition/vehicles?date=${DAY}`),
    );
    const ids = vehicles.map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining([truck, trailer]));
    expect(ids).not.toContain(parked);
    expect(vehicles.find((v) => v.id === truck)).toMatchObject({ license_plate: 'SE-DT 1', payload_kg: 27000, current_tours: [] });
    // The fields of dispatch.md §3 "Vehicle (dispatch view)", not the whole fleet record.
    expect(Object.keys(vehicles.find((v) => v.id === truck)!).sort()).toEqual(
      [
        'brand', 'current_tours', 'driver', 'enabled_for_dispatch', 'home_plant_name', 'id', 'inspection_until', 'insurance_until', 'licensePlate', 'license_plate',
        'make_model', 'payloadKg', 'payload_kg', 'status', 'tuv_until', 'vehicle_type', 'workshop_appointments', 'auflieger',
      ].sort(),
    );
  });

  it('assigns: the first order creates the tour, the next joins it; both leave the open list atomically', async () => {
    const a = await order({ delivery_time_fixed: '07:00' });
    const b = await order({ delivery_time_fixed: '09:00' });
    expect(await openOrders()).toEqual(expect.arrayContaining([a.id, b.id]));
    const first = await ok<{ success: boolean; tourId: string; tour: Tour }>(
      await call('POST', '/api/disposition/assign', { orderId: a.id, orderType: 'transport_order', vehicleId: truck, scheduledTime: `${DAY}T08:00` }),
      201,
    );
    expect(first.tour).toMatchObject({ vehicle_id: truck, vehicle: { license_plate: 'SE-DT 1' }, date: DAY, start_time: '08:00', status: 'planned' });
    const second = await ok<{ tourId: string; tour: Tour }>(
      await call('POST', '/api/disposition/assign', { orderId: b.id, vehicleId: truck, scheduledTime: `${DAY}T08:00` }),
      201,
    );
    expect(second.tourId).toBe(first.tourId);
    // Arrivals from the travel model: loading, the loaded leg, unloading, the empty run back, the next load.
    const arrivals = await demoArrivals('08:00', 2);
    expect(second.tour.orders.map((o) => [o.transportOrder.orderNumber, o.sequenceNumber, o.estimatedArrival])).toEqual([
      [a.orderNumber, 1, arrivals[0]],
      [b.orderNumber, 2, arrivals[1]],
    ]);
    expect(arrivals[1]! > `${DAY}T12:00`).toBe(true);
    expect(second.tour.end_time! > arrivals[1]!.slice(11)).toBe(true);
    expect(await openOrders()).not.toContain(a.id);
    expect(await orderStatus(a.id)).toBe('disponiert');
    const listed = (await ok<{ order: { assignedVehicleLicensePlate: string; tourOrders: { sequenceNumber: number }[] } }>(await call('GET', `/api/orders/${b.id}`))).order;
    expect(listed).toMatchObject({ assignedVehicleLicensePlate: 'SE-DT 1', tourOrders: [{ sequenceNumber: 2, estimatedArrival: arrivals[1] }] });
    // An order cannot be assigned twice.
    refused(await call('POST', '/api/disposition/assign', { orderId: a.id, vehicleId: trailer, scheduledTime: `${DAY}T10:00` }), 409, messages.dispatch.orderNotOpen(a.orderNumber));
    const { vehicles } = await ok<{ vehicles: { id: string; current_tours: { id: string }[] }[] }>(await call('GET', `/api/disposition/vehicles?date=${DAY}`));
    expect(vehicles.find((v) => v.id === truck)?.current_tours.map((c) => c.id)).toEqual([first.tourId]);
  });

  it('answers the spec messages for incomplete or impossible assignments, and writes nothing', async () => {
    const o = await order();
    for (const body of [{ vehicleId: truck, scheduledTime: `${DAY}T08:00` }, { orderId: o.id, scheduledTime: `${DAY}T08:00` }, { orderId: o.id, vehicleId: truck }]) {
      refused(await call('POST', '/api/disposition/assign', body), 400, messages.dispatch.incompleteAssignment);
    }
    refused(await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: truck, scheduledTime: 'morgen früh' }), 400, messages.dispatch.invalidScheduledTime);
    refused(await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: parked, scheduledTime: `${DAY}T08:00` }), 400, messages.dispatch.vehicleNotReleased);
    refused(await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: 'gibt-es-nicht', scheduledTime: `${DAY}T08:00` }), 404, messages.dispatch.vehicleNotFound);
    refused(await call('POST', '/api/disposition/assign', { orderId: 'gibt-es-nicht', vehicleId: truck, scheduledTime: `${DAY}T11:00` }), 404, messages.dispatch.orderNotFound);
    // 28 t on a vehicle that carries 27 t.
    const heavy = await order({ quantity: 28, delivery_date: '2026-12-01' });
    refused(
      await call('POST', '/api/disposition/assign', { orderId: heavy.id, vehicleId: truck, scheduledTime: `${DAY}T08:00` }),
      400,
      messages.dispatch.overPayload('SE-DT 1', 28, 27),
    );
    expect(await orderStatus(heavy.id)).toBe('offen');
    refused(await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: truck, scheduledTime: `${DAY}T08:00` }, 'audit'), 403, messages.auth.forbidden);
    refused(await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: truck, scheduledTime: `${DAY}T08:00` }, 'auftrag'), 403, messages.auth.forbidden);
    expect(await orderStatus(o.id)).toBe('offen');
    expect((await dayTours()).some((tour) => tour.start_time === '11:00')).toBe(false);
  });

  it('two dispatchers dropping onto the same empty slot at once make one tour', async () => {
    const [x, y] = [await order(), await order()];
    const results = await Promise.all(
      [x, y].map((o) => call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: trailer, scheduledTime: `${DAY}T14:00` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const at14 = (await dayTours()).filter((tour) => tour.vehicle_id === trailer && tour.start_time === '14:00');
    expect(at14).toHaveLength(1);
    expect(at14[0]!.orders.map((o) => o.sequenceNumber).sort()).toEqual([1, 2]);
  });

  it('answers the tours of a day slim: each order once, the vehicle with the fields of dispatch.md §3 "Tour", overlaps flagged on both tours', async () => {
    const [early, late] = [await order(), await order()];
    const assign = async (o: { id: string }, time: string) =>
      (await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: truck, scheduledTime: `${DAY}T${time}` }), 201)).tourId;
    const first = await assign(early, '18:00');
    const second = await assign(late, '18:30');
    const byId = new Map((await dayTours()).map((tour) => [tour.id, tour]));
    const tour = byId.get(first)!;
    expect(Object.keys(tour).sort()).toEqual(
      ['date', 'empty_km', 'endTime', 'end_time', 'hasConflict', 'loaded_km', 'optimization_savings', 'optimization_status', 'route_optimized', 'id', 'orders', 'startTime', 'start_time', 'status', 'total_quantity', 'tourNumber', 'tour_number', 'vehicle', 'vehicle_id', 'workshopConflict', 'keptReason'].sort(),
    );
    expect(tour.vehicle).toEqual({ id: truck, license_plate: 'SE-DT 1', brand: null, driver: null, payloadKg: 27000 });
    expect(tour.orders).toHaveLength(1);
    expect(Object.keys(tour.orders[0]!.transportOrder).sort()).toEqual(
      ['customerName', 'deliveryPlantName', 'id', 'loadingPlantName', 'loadingPointName', 'materialName', 'orderNumber', 'quantity', 'status', 'unit', 'weightTons'].sort(),
    );
    expect([byId.get(first)?.hasConflict, byId.get(second)?.hasConflict]).toEqual([true, true]);
    // The details answer the same tour, with its conflict found among the vehicle's other tours.
    expect((await ok<{ tour: Tour }>(await call('GET', `/api/disposition/tours/details/${first}`))).tour).toEqual(tour);
    for (const id of [first, second]) await ok(await call('DELETE', `/api/disposition/tours/${id}`));
  });

  it('moves a tour with its orders, flags overlaps, changes status, resets and deletes', async () => {
    const o = await order();
    const { tourId } = await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: trailer, scheduledTime: `${DAY}T06:00` }), 201);
    // Onto the truck at 08:30: overlaps the truck's 08:00 tour (two loads to Kiel, until after noon).
    const moved = await ok<{ tour: Tour }>(await call('PUT', `/api/disposition/tours/${tourId}/move`, { vehicleId: truck, scheduledTime: `${DAY}T08:30` }));
    expect(moved.tour).toMatchObject({ vehicle_id: truck, start_time: '08:30', hasConflict: true });
    const orderAfterMove = (await ok<{ order: { assignedVehicleLicensePlate: string; tourOrders: { estimatedArrival: string }[] } }>(await call('GET', `/api/orders/${o.id}`))).order;
    expect(orderAfterMove).toMatchObject({ assignedVehicleLicensePlate: 'SE-DT 1', tourOrders: [{ estimatedArrival: (await demoArrivals('08:30', 1))[0] }] });
    refused(await call('PUT', `/api/disposition/tours/${tourId}/move`, { vehicleId: truck }), 400, messages.dispatch.incompleteAssignment);

    const running = await ok<{ tour: Tour }>(await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'in_progress' }));
    expect(running.tour.status).toBe('in_progress');
    // The order went on its way with its tour.
    expect(await orderStatus(o.id)).toBe('unterwegs');
    refused(await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'unterwegs' }), 400, messages.http.invalidField('status'));

    await ok(await call('POST', `/api/disposition/tours/${tourId}/reset`));
    expect(await orderStatus(o.id)).toBe('offen');
    expect(await openOrders()).toContain(o.id);
    refused(await call('GET', `/api/disposition/tours/details/${tourId}`), 404, messages.dispatch.tourNotFound);
    refused(await call('POST', `/api/disposition/tours/${tourId}/reset`), 404, messages.dispatch.tourNotFound);

    // The same slot after a reset starts a new tour.
    const again = await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: truck, scheduledTime: `${DAY}T08:30` }), 201);
    expect(again.tourId).not.toBe(tourId);
    await ok(await call('DELETE', `/api/disposition/tours/${again.tourId}`));
    expect(await orderStatus(o.id)).toBe('offen');
    const events = (await t.infra.store.readStream(`tour-${tourId}`)).map((e) => e.type);
    expect(events).toEqual(['TourCreated', 'TourOrderAdded', 'TourTimesPlanned', 'TourMoved', 'TourTimesPlanned', 'TourStatusChanged', 'TourDissolved']);
  });

  it('moves the orders with their tour: started → unterwegs, completed → geliefert; a problem order keeps its status', async () => {
    // Today: a tour of a later day is not completed, and nothing is planned into a day gone by.
    const today = berlinDate(new Date());
    const [a, b] = [await order({ delivery_date: today }), await order({ delivery_date: today })];
    const { tourId } = await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: a.id, vehicleId: trailer, scheduledTime: `${today}T06:00` }), 201);
    await ok(await call('POST', '/api/disposition/assign', { orderId: b.id, vehicleId: trailer, scheduledTime: `${today}T06:00` }), 201);
    await ok(await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'in_progress' }));
    expect([await orderStatus(a.id), await orderStatus(b.id)]).toEqual(['unterwegs', 'unterwegs']);
    await ok(await call('PATCH', `/api/orders/${b.id}`, { status: 'problem' }));
    await ok(await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'completed' }));
    expect([await orderStatus(a.id), await orderStatus(b.id)]).toEqual(['geliefert', 'problem']);
    // Tour and orders changed in one append: one transaction, the same correlation.
    const last = (id: string) => t.infra.store.readStream(id).then((events) => events.at(-1)!);
    const [tourEvent, orderEvent] = [await last(`tour-${tourId}`), await last(`order-${a.id}`)];
    expect(orderEvent.type).toBe('OrderStatusChanged');
    expect(orderEvent.metadata.correlationId).toBe(tourEvent.metadata.correlationId);
  });

  it('shows a vehicle with a tour today as in use in the fleet, and its stored status again once the tour is gone (fleet.md §4)', async () => {
    const today = berlinDate(new Date());
    const o = await order({ delivery_date: today });
    const vehicleOf = async () =>
      (await ok<{ vehicle: { status: string; stored_status: string; current_tours: { id: string; status: string }[] } }>(await call('GET', `/api/vehicles/${trailer}`))).vehicle;
    expect(await vehicleOf()).toMatchObject({ status: 'available', current_tours: [] });
    const { tourId } = await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: trailer, scheduledTime: `${today}T05:00` }), 201);
    expect(await vehicleOf()).toMatchObject({ status: 'in_use', stored_status: 'available', current_tours: [{ id: tourId, status: 'planned' }] });
    await ok(await call('POST', `/api/disposition/tours/${tourId}/reset`));
    expect(await vehicleOf()).toMatchObject({ status: 'available', current_tours: [] });
    await ok(await call('DELETE', `/api/orders/${o.id}`));
  });

  it('times a tour with the travel model from the home plant: a tour behind a four-stop tour is a conflict (Zeitkonflikt)', async () => {
    const home = await ok<{ vehicle: { id: string } }>(
      await call('POST', '/api/vehicles', { license_plate: 'SE-DT 4', vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: true, home_plant_name: 'Zementwerk Lägerdorf' }, 'fuhrpark'),
      201,
    );
    const day = '2027-05-11';
    const four = await Promise.all([1, 2, 3, 4].map(() => order({ delivery_date: day })));
    let tourId = '';
    for (const o of four) tourId = (await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: home.vehicle.id, scheduledTime: `${day}T08:00` }), 201)).tourId;
    const next = await order({ delivery_date: day });
    const later = (await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: next.id, vehicleId: home.vehicle.id, scheduledTime: `${day}T09:00` }), 201)).tourId;
    const { tours } = await ok<{ tours: Tour[] }>(await call('GET', `/api/disposition/tours/${day}`));
    const long = tours.find((x) => x.id === tourId)!;
    // Four loads to Kiel and back last well past noon; the 09:00 tour overlaps it.
    expect(long.end_time! > '15:00').toBe(true);
    expect(long.orders.map((o) => o.estimatedArrival)).toEqual([...long.orders.map((o) => o.estimatedArrival)].sort());
    expect([long.hasConflict, tours.find((x) => x.id === later)!.hasConflict]).toEqual([true, true]);
    // The home plant is the loading plant: no empty run before the first load.
    const events = await t.infra.store.readStream(`tour-${tourId}`);
    const planned = events.filter((e) => e.type === 'TourTimesPlanned').at(-1)!.data as { startPlantId: string; emptyKm: number; endTime: string };
    expect(planned.endTime).toBe(long.end_time);
    expect(planned.startPlantId).toBeTruthy();
    expect(planned.emptyKm).toBeGreaterThan(0);
    // Taken out of dispatch while it has tours ahead: refused, naming them.
    refused(
      await call('PUT', `/api/vehicles/${home.vehicle.id}`, { enabled_for_dispatch: false }, 'fuhrpark'),
      409,
      messages.dispatch.vehicleHasFutureTours('SE-DT 4', [long.tourNumber, tours.find((x) => x.id === later)!.tourNumber].join(', ')),
    );
    for (const id of [tourId, later]) await ok(await call('DELETE', `/api/disposition/tours/${id}`));
    await ok(await call('PUT', `/api/vehicles/${home.vehicle.id}`, { enabled_for_dispatch: false }, 'fuhrpark'));
  });

  it('refuses an order of another day unless its delivery date moves with it, atomically and said so', async () => {
    const o = await order({ delivery_date: '2027-05-12' });
    refused(
      await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: truck, scheduledTime: `${DAY}T15:00` }),
      400,
      messages.dispatch.dateDiffers(o.orderNumber, '2027-05-12', DAY),
    );
    const moved = await ok<{ message: string; deliveryDateMoved: boolean; tourId: string }>(
      await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: truck, scheduledTime: `${DAY}T15:00`, moveDeliveryDate: true }),
      201,
    );
    expect(moved).toMatchObject({ message: messages.dispatch.dateMoved(o.orderNumber, DAY), deliveryDateMoved: true });
    const after = (await ok<{ order: { deliveryDate?: string; delivery_date?: string; status: string } }>(await call('GET', `/api/orders/${o.id}`))).order;
    expect([after.deliveryDate ?? after.delivery_date, after.status]).toEqual([DAY, 'disponiert']);
    const last = (await t.infra.store.readStream(`order-${o.id}`)).slice(-2);
    expect(last.map((e) => e.type)).toEqual(['OrderDetailsChanged', 'OrderAssignedToTour']);
    expect(last[0]!.metadata.correlationId).toBe(last[1]!.metadata.correlationId);
    await ok(await call('DELETE', `/api/disposition/tours/${moved.tourId}`));
  });

  it('warns about a vehicle in the workshop and assigns once the dispatcher confirms', async () => {
    const repair = await ok<{ vehicle: { id: string } }>(
      await call('POST', '/api/vehicles', { license_plate: 'SE-DT 5', vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: true, status: 'repair' }, 'fuhrpark'),
      201,
    );
    const o = await order();
    const first = await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: repair.vehicle.id, scheduledTime: `${DAY}T10:00` });
    const warning = messages.dispatch.vehicleInWorkshop('SE-DT 5', 'Reparatur');
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ error: warning, details: { warnings: [warning], requiresConfirmation: true } });
    expect(await orderStatus(o.id)).toBe('offen');
    const { tourId } = await ok<{ tourId: string }>(
      await call('POST', '/api/disposition/assign', { orderId: o.id, vehicleId: repair.vehicle.id, scheduledTime: `${DAY}T10:00`, confirmWarnings: true }),
      201,
    );
    await ok(await call('DELETE', `/api/disposition/tours/${tourId}`));
  });

  it('cancels a tour with its orders back to offen; only an admin reopens it', async () => {
    tokens.admin ??= await t.login('admin');
    const [a, b] = [await order(), await order()];
    const { tourId } = await ok<{ tourId: string }>(await call('POST', '/api/disposition/assign', { orderId: a.id, vehicleId: trailer, scheduledTime: `${DAY}T16:00` }), 201);
    await ok(await call('POST', '/api/disposition/assign', { orderId: b.id, vehicleId: trailer, scheduledTime: `${DAY}T16:00` }), 201);
    const cancelled = await ok<{ tour: Tour }>(await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'cancelled' }));
    expect([cancelled.tour.status, cancelled.tour.orders]).toEqual(['cancelled', []]);
    expect([await orderStatus(a.id), await orderStatus(b.id)]).toEqual(['offen', 'offen']);
    expect(await openOrders()).toEqual(expect.arrayContaining([a.id, b.id]));
    refused(await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'planned' }), 403, messages.dispatch.reopenAdminOnly('Storniert'));
    refused(
      await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'in_progress' }, 'admin'),
      400,
      messages.dispatch.tourStatusChangeNotAllowed('Storniert', 'Unterwegs'),
    );
    expect((await ok<{ tour: Tour }>(await call('PATCH', `/api/disposition/tours/${tourId}/status`, { status: 'planned' }, 'admin'))).tour.status).toBe('planned');
    await ok(await call('DELETE', `/api/disposition/tours/${tourId}`));
  });

  it('reports per-day stats', async () => {
    const { stats } = await ok<{ stats: { days: { date: string; tours: number; orders: number; tonnage: number; vehiclesUsed: number; openOrders: number }[] } }>(
      await call('GET', `/api/disposition/stats?date=${DAY}`),
    );
    const tours = await dayTours();
    const onTours = tours.reduce((n, tour) => n + tour.orders.length, 0);
    expect(stats.days).toEqual([
      { date: DAY, tours: tours.length, orders: onTours, tonnage: 27 * onTours, vehiclesUsed: new Set(tours.map((x) => x.vehicle_id)).size, openOrders: (await openOrders()).length },
    ]);
    expect((await call('GET', '/api/disposition/stats?dateFrom=2027-01-01&dateTo=2027-12-31')).statusCode).toBe(400);
  });

  it('completes the day only once no open order is left', async () => {
    const open = await openOrders();
    expect(open.length).toBeGreaterThan(0);
    refused(await call('POST', '/api/disposition/complete', { targetDate: DAY, sendTourPlan: false }), 409, messages.dispatch.openOrdersRemain(open.length));
    for (const id of open) await ok(await call('POST', '/api/disposition/assign', { orderId: id, vehicleId: trailer, scheduledTime: `${DAY}T16:00` }), 201);
    // The suite left overlapping tours on the day: refused, naming them (issue 31).
    const conflicting = (await dayTours()).filter((tour) => tour.hasConflict);
    expect(conflicting.length).toBeGreaterThan(0);
    const refusal = await call('POST', '/api/disposition/complete', { targetDate: DAY, sendTourPlan: false });
    expect(refusal.statusCode, refusal.body).toBe(409);
    expect((refusal.json() as { details: { problems: string[] } }).details.problems.join(' ')).toContain(conflicting[0]!.tourNumber);
    // Each conflicting tour onto a vehicle of its own: nothing overlaps any more.
    for (const [i, tour] of conflicting.entries()) {
      const own = await ok<{ vehicle: { id: string } }>(
        await call('POST', '/api/vehicles', { license_plate: `SE-DK ${i + 1}`, vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: true }, 'fuhrpark'),
        201,
      );
      await ok(await call('PUT', `/api/disposition/tours/${tour.id}/move`, { vehicleId: own.vehicle.id, scheduledTime: `${DAY}T${tour.start_time}` }));
    }
    const done = await ok<{ success: boolean; message: string; tourPlanSent: boolean; tourPlanInfo: { tourCount: number; vehicleCount: number } }>(
      await call('POST', '/api/disposition/complete', { targetDate: DAY, sendTourPlan: false }),
    );
    const tours = await dayTours();
    const vehicleCount = new Set(tours.map((tour) => tour.vehicle_id)).size;
    expect(done).toMatchObject({ success: true, message: messages.dispatch.success.completed, tourPlanSent: false, tourPlanInfo: { tourCount: tours.length, vehicleCount } });
    const day = (await t.infra.store.readStream(`dispo-day-${DAY}`)).map((e) => e.type);
    expect(day).toEqual(['DispoDayCompleted']);
  });
});
