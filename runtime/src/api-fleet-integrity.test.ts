import { messages } from '@dispo/domain/messages';
import { berlinDate } from '@dispo/domain/shared/berlin-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Issue 31, defects 2–4 through HTTP (docs/invariants.md "Vehicles, workshop and smart service"):
 * a vehicle with live tours is not deleted; a redistribution moves no running tour and gives none to
 * a vehicle in the workshop; one open appointment per vehicle and window, none in the past or while
 * the workshop is closed, and only a workshop of the make preselected.
 */

// A Wednesday no other suite uses.
const DAY = '2027-06-09';
const ss = messages.smartServiceScreen;
const vehicle = (plate: string) => demoId('vehicle', plate);
const RELEASED = ['IZ-MS 101', 'IZ-MS 102', 'IZ-MS 103', 'HH-MS 201', 'HH-MS 202', 'HH-MS 203', 'HH-MS 204', 'KI-MS 301', 'KI-MS 302'];

interface Tour {
  id: string;
  tour_number: string;
  vehicle_id: string;
  status: string;
}
interface Redistribution {
  success: boolean;
  message: string;
  redistributionPlan: { unassigned: { tourId: string; reason: string }[]; reassignments: { toVehicleId: string }[]; vehicles: { vehicleId: string; unsuitableReason: string | null }[] } | null;
  availableVehicles: { vehicleId: string; licensePlate: string; unsuitableReason: string | null }[];
}

describe('operational integrity of vehicles, workshop and smart service (issue 31)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'fuhrpark']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, user = 'dispo') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 600)).toBe(status);
    return res.json() as T;
  }
  function refused(res: Awaited<ReturnType<typeof call>>, status: number, message: string) {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: message });
  }
  async function tourOn(vehicleId: string, date: string, time: string) {
    const { order } = await ok<{ order: { id: string } }>(await call('POST', '/api/orders', demoOrderBody({ delivery_date: date, quantity: 15 })), 201);
    const res = await ok<{ tourId: string }>(
      await call('POST', '/api/disposition/assign', { orderId: order.id, vehicleId, scheduledTime: `${date}T${time}`, confirmWarnings: true }),
      201,
    );
    return res.tourId;
  }
  const toursOf = async (date: string) => (await ok<{ tours: Tour[] }>(await call('GET', `/api/disposition/tours/${date}`))).tours;

  it('refuses to delete a vehicle with a running and a planned tour, naming both; deletes it once they are gone', async () => {
    const today = berlinDate(new Date());
    const { vehicle: created } = await ok<{ vehicle: { id: string } }>(
      await call(
        'POST',
        '/api/vehicles',
        { license_plate: 'KI-OI 31', vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: true },
        'fuhrpark',
      ),
      201,
    );
    const running = await tourOn(created.id, today, '22:00');
    const planned = await tourOn(created.id, today, '23:00');
    await ok(await call('PATCH', `/api/disposition/tours/${running}/status`, { status: 'in_progress' }));
    const numbers = (await toursOf(today)).filter((x) => [running, planned].includes(x.id)).map((x) => x.tour_number);
    expect(numbers).toHaveLength(2);

    const live = await ok<{ tours: { id: string; tourNumber: string; status: string }[] }>(await call('GET', `/api/vehicles/${created.id}/live-tours`, undefined, 'fuhrpark'));
    expect(live.tours.map((x) => [x.tourNumber, x.status])).toEqual([
      [numbers[0], 'in_progress'],
      [numbers[1], 'planned'],
    ]);
    refused(await call('DELETE', `/api/vehicles/${created.id}`, undefined, 'fuhrpark'), 409, messages.fleetCommands.vehicleHasLiveTours('KI-OI 31', numbers.join(', ')));
    // Nothing happened: the vehicle and its tours are where they were.
    await ok(await call('GET', `/api/vehicles/${created.id}`, undefined, 'fuhrpark'));
    expect((await toursOf(today)).filter((x) => x.vehicle_id === created.id)).toHaveLength(2);

    // The planned tour moves to another vehicle, the running one is completed: the delete goes through.
    await ok(await call('PUT', `/api/disposition/tours/${planned}/move`, { vehicleId: vehicle('KI-MS 301'), scheduledTime: `${today}T23:00` }));
    refused(await call('DELETE', `/api/vehicles/${created.id}`, undefined, 'fuhrpark'), 409, messages.fleetCommands.vehicleHasLiveTours('KI-OI 31', numbers[0]!));
    await ok(await call('PATCH', `/api/disposition/tours/${running}/status`, { status: 'completed' }));
    expect((await ok<{ tours: unknown[] }>(await call('GET', `/api/vehicles/${created.id}/live-tours`, undefined, 'fuhrpark'))).tours).toEqual([]);
    await ok(await call('DELETE', `/api/vehicles/${created.id}`, undefined, 'fuhrpark'));
  });

  it('never moves a running tour, and gives no tour to the vehicle in Wartung (HH-MS 204)', async () => {
    // Every released vehicle but HH-MS 204 (Wartung) and KI-MS 302 has a tour at 10:00.
    for (const plate of RELEASED.filter((p) => p !== 'HH-MS 204' && p !== 'KI-MS 302')) await tourOn(vehicle(plate), DAY, '10:00');
    const underWay = await tourOn(vehicle('KI-MS 302'), DAY, '07:30');
    const later = await tourOn(vehicle('KI-MS 302'), DAY, '10:00');
    await ok(await call('PATCH', `/api/disposition/tours/${underWay}/status`, { status: 'in_progress' }));

    const running = await ok<Redistribution>(
      await call('POST', '/api/smart-service/redistribute-tours', {
        conflictingVehicleId: vehicle('KI-MS 302'), selectedDate: DAY, conflictingTourIds: [underWay], appointmentTime: '07:00', estimatedDuration: 120,
      }),
    );
    expect(running.success).toBe(false);
    expect(running.redistributionPlan!.unassigned).toEqual([expect.objectContaining({ tourId: underWay, reason: 'running' })]);

    const workshop = await ok<Redistribution>(
      await call('POST', '/api/smart-service/redistribute-tours', {
        conflictingVehicleId: vehicle('KI-MS 302'), selectedDate: DAY, conflictingTourIds: [later], appointmentTime: '10:00', estimatedDuration: 120,
      }),
    );
    // HH-MS 204 is free at 10:00, but in the workshop: nothing moves.
    expect(workshop.success).toBe(false);
    expect(workshop.redistributionPlan!.reassignments).toEqual([]);
    const hh204 = workshop.availableVehicles.find((v) => v.licensePlate === 'HH-MS 204')!;
    expect(hh204.unsuitableReason).toBe(ss.vehicleInWorkshop('HH-MS 204', 'Wartung'));
    expect(workshop.redistributionPlan!.vehicles.find((v) => v.vehicleId === vehicle('HH-MS 204'))!.unsuitableReason).toBe(hh204.unsuitableReason);
    expect(workshop.availableVehicles.filter((v) => v.unsuitableReason === null).length).toBeGreaterThan(0);

    const after = await toursOf(DAY);
    expect(after.filter((x) => [underWay, later].includes(x.id)).map((x) => x.vehicle_id)).toEqual([vehicle('KI-MS 302'), vehicle('KI-MS 302')]);
    expect(after.filter((x) => x.vehicle_id === vehicle('HH-MS 204'))).toEqual([]);

    // The analysis shows the same plan with the vehicle greyed out.
    const { analysis } = await ok<{ analysis: { redistributionPlan: Redistribution['redistributionPlan'] } }>(
      await call('POST', '/api/smart-service/analyze-vehicle', { vehicleId: vehicle('KI-MS 302'), selectedDate: DAY, radiusKm: 50, isEmergency: false, appointmentTime: '10:00', serviceType: 'inspection' }),
    );
    expect(analysis.redistributionPlan!.vehicles.find((v) => v.vehicleId === vehicle('HH-MS 204'))!.unsuitableReason).toBe(ss.vehicleInWorkshop('HH-MS 204', 'Wartung'));
    // The running tour (07:30) stays; the 10:00 tour finds no free vehicle outside the workshop.
    expect(analysis.redistributionPlan!.unassigned.map((u) => [u.tourId, u.reason])).toEqual([
      [underWay, 'running'],
      [later, 'no_vehicle_free'],
    ]);
  });

  describe('booking', () => {
    let workshops: { id: string; name: string; brand: string | null }[];
    beforeAll(async () => {
      workshops = (await ok<{ workshops: { id: string; name: string; brand: string | null }[] }>(await call('GET', '/api/workshops'))).workshops;
    });
    const named = (name: string) => workshops.find((w) => w.name === name)!;
    const book = (over: Record<string, unknown> = {}) =>
      call('POST', '/api/smart-service/book-appointment', {
        vehicleId: vehicle('KI-MS 301'), workshopId: named('Mercedes-Benz Nutzfahrzeugzentrum Hamburg').id, appointmentDate: DAY, appointmentTime: '12:00',
        estimatedDuration: 120, serviceType: 'general', isEmergency: false, ...over,
      });
    const pendingOf = async (plate: string) =>
      (await ok<{ appointments: { id: string; time: string }[] }>(await call('GET', `/api/smart-service/appointments/${vehicle(plate)}?status=pending&from=${DAY}&to=${DAY}`))).appointments;

    it('books "Termin buchen" pressed in two sessions once; the other learns the slot is taken', async () => {
      const [a, b] = await Promise.all([book(), book()]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body.slice(0, 300)} / ${b.body.slice(0, 300)}`).toEqual([201, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toMatchObject({ success: false, error: ss.slotTaken(DAY, '12:00', '14:00') });
      expect(await pendingOf('KI-MS 301')).toHaveLength(1);
      // An overlapping window is refused too; after it, the vehicle is free again.
      refused(await book({ appointmentTime: '13:30' }), 409, ss.slotTaken(DAY, '12:00', '14:00'));
      await ok(await book({ appointmentTime: '14:00' }), 201);
      expect(await pendingOf('KI-MS 301')).toHaveLength(2);
    });

    it('refuses a start while the workshop is closed, or in the past', async () => {
      const neumuenster = named('MAN Truck & Bus Service Neumünster');
      refused(await book({ vehicleId: vehicle('KI-MS 302'), workshopId: neumuenster.id, appointmentTime: '06:00' }), 400, ss.workshopClosedAt(neumuenster.name, DAY, '06:00'));
      refused(await book({ vehicleId: vehicle('KI-MS 302'), workshopId: neumuenster.id, appointmentDate: '2027-06-12', appointmentTime: '09:00' }), 400, ss.workshopClosedAt(neumuenster.name, '2027-06-12', '09:00'));
      refused(await book({ vehicleId: vehicle('KI-MS 302'), workshopId: neumuenster.id, appointmentDate: '2024-06-11', appointmentTime: '09:00' }), 400, ss.bookingInPast);
      expect(await pendingOf('KI-MS 302')).toEqual([]);
    });

    it('preselects only a workshop that services the make (a MAN truck gets no Volvo service)', async () => {
      const { analysis } = await ok<{ analysis: { recommendation: { workshopId: string | null }; workshops: { recommendations: { id: string; brand: string | null; brandMatch: number }[] } } }>(
        await call('POST', '/api/smart-service/analyze-vehicle', { vehicleId: vehicle('IZ-MS 102'), selectedDate: DAY, radiusKm: 100, isEmergency: false, appointmentTime: '09:00' }),
      );
      const listed = analysis.workshops.recommendations;
      expect(listed.some((w) => w.brand === 'Volvo')).toBe(true);
      const chosen = listed.find((w) => w.id === analysis.recommendation.workshopId);
      expect(chosen, 'a workshop is preselected').toBeDefined();
      expect(chosen!.brand).not.toBe('Volvo');
      expect(chosen!.brandMatch).toBeGreaterThan(0.2);
    });
  });
});
