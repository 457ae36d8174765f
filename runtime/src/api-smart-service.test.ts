import { messages } from '@dispo/domain/messages';
import type { analyzeVehicle } from '@dispo/projection-service/smart-service/smart-service-analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

interface RankedWorkshop {
  id: string;
  name: string;
  distance: number;
  brandMatch: number;
  brandLabel: string;
  preferred: boolean;
  isOpen: boolean;
  score: number;
  services: string[];
  mobile: boolean;
}
type Analysis = NonNullable<Awaited<ReturnType<typeof analyzeVehicle>>>;
interface Redistribution {
  success: boolean;
  message: string;
  redistributionPlan: { strategy: string; reassignments: { toVehicleId: string; toLicensePlate: string }[]; unassigned: { reason: string }[] } | null;
  availableVehicles: unknown[];
  redistributionSummary: Record<string, number>;
  recommendedActions: string[];
}
interface Tour {
  id: string;
  vehicle_id: string;
  start_time: string;
}

// Days no other suite uses: a Wednesday, a Thursday and a Friday.
const DAY = '2027-05-12';
const BUSY_DAY = '2027-05-13';
const RACE_DAY = '2027-05-14';
const s = messages.smartService;
const ss = messages.smartServiceScreen;
const vehicle = (plate: string) => demoId('vehicle', plate);

describe('Smart Service (docs/api/smart-service.md)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['dispo', 'fuhrpark', 'audit', 'admin']) tokens[user] = await t.login(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = 'dispo') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body.slice(0, 600)).toBe(status);
    return res.json() as T;
  }
  function refused(res: Awaited<ReturnType<typeof call>>, status: number, message?: string) {
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
    if (message) expect(res.json()).toMatchObject({ success: false, error: message });
  }
  /** A tour of one 15 t order (every released vehicle carries it) on `plate` at `time`. */
  async function tourOn(plate: string, date: string, time: string, quantity = 15) {
    const { order } = await ok<{ order: { id: string } }>(await call('POST', '/api/orders', demoOrderBody({ delivery_date: date, quantity })), 201);
    const res = await ok<{ tourId: string }>(
      await call('POST', '/api/disposition/assign', { orderId: order.id, vehicleId: vehicle(plate), scheduledTime: `${date}T${time}`, confirmWarnings: true }),
      201,
    );
    return res.tourId;
  }
  const toursOf = async (date: string) => (await ok<{ tours: Tour[] }>(await call('GET', `/api/disposition/tours/${date}`))).tours;

  describe('workshop register', () => {
    it('holds the 15 catalogue workshops; admins add, change and remove', async () => {
      const { workshops } = await ok<{ workshops: { id: string; name: string; openingHours: string; mobile: boolean }[] }>(await call('GET', '/api/workshops'));
      expect(workshops).toHaveLength(15);
      expect(workshops.filter((w) => w.mobile)).toHaveLength(1);
      const body = { name: 'Truck Center Elmshorn', brand: 'MAN', address: 'Hafenstraße 1, 25335 Elmshorn', lat: 53.75, lng: 9.65, services: ['HU', 'Reparatur'], openingHours: 'Mo-Fr 07:00-18:00', rating: 4.2 };
      refused(await call('POST', '/api/workshops', body, 'fuhrpark'), 403);
      refused(await call('POST', '/api/workshops', { ...body, openingHours: 'werktags' }, 'admin'), 400, ss.openingHoursInvalid);
      refused(await call('POST', '/api/workshops', { ...body, name: '' }, 'admin'), 400, ss.workshopNameRequired);
      const { workshop } = await ok<{ workshop: { id: string; name: string; openingHours: string } }>(await call('POST', '/api/workshops', body, 'admin'), 201);
      expect(workshop).toMatchObject({ name: body.name, openingHours: body.openingHours });
      const changed = await ok<{ workshop: { openingHours: string } }>(await call('PUT', `/api/workshops/${workshop.id}`, { openingHours: 'Mo-Sa 06:00-20:00' }, 'admin'));
      expect(changed.workshop.openingHours).toBe('Mo-Sa 06:00-20:00');
      await ok(await call('DELETE', `/api/workshops/${workshop.id}`, undefined, 'admin'));
      refused(await call('GET', `/api/workshops/${workshop.id}`), 404, ss.workshopNotFound);
      refused(await call('PUT', `/api/workshops/${workshop.id}`, { rating: 3 }, 'admin'), 404, ss.workshopNotFound);
      expect((await ok<{ workshops: unknown[] }>(await call('GET', '/api/workshops'))).workshops).toHaveLength(15);
    });
  });

  describe('search-workshops', () => {
    it('finds workshops around the home plant within the radius, with brand match, label and score, sorted', async () => {
      const res = await ok<{ workshops: RankedWorkshop[]; searchParams: Record<string, unknown> }>(
        await call('POST', '/api/smart-service/search-workshops', { vehicleId: vehicle('IZ-MS 101'), selectedDate: DAY, time: '10:00', radiusKm: 50 }),
      );
      expect(res.searchParams).toMatchObject({ vehicleId: vehicle('IZ-MS 101'), date: DAY, time: '10:00', radiusKm: 50, onlyOpen: true });
      expect(res.searchParams.position).toMatchObject({ source: 'home_plant' });
      expect(res.workshops.length).toBeGreaterThan(0);
      for (const w of res.workshops) {
        expect(w.distance).toBeLessThanOrEqual(50);
        expect(w.isOpen).toBe(true);
        expect(Object.values(s.brandLabels)).toContain(w.brandLabel);
      }
      const scores = res.workshops.map((w) => w.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      const near = await ok<{ workshops: RankedWorkshop[] }>(
        await call('POST', '/api/smart-service/search-workshops', { vehicleId: vehicle('IZ-MS 101'), selectedDate: DAY, time: '10:00', radiusKm: 10 }),
      );
      expect(near.workshops.length).toBeLessThan(res.workshops.length);
    });

    it('filters by the needed service and by opening at the wanted time; the default radius is 25 km', async () => {
      const welding = await ok<{ workshops: RankedWorkshop[]; searchParams: { radiusKm: number } }>(
        await call('POST', '/api/smart-service/search-workshops', { vehicleId: vehicle('HH-MS 201'), selectedDate: DAY, time: '10:00', radiusKm: 100, service: 'Silo-Schweißen' }),
      );
      expect(welding.workshops.length).toBeGreaterThan(0);
      expect(welding.workshops.every((w) => w.services.includes('Silo-Schweißen'))).toBe(true);
      const night = await ok<{ workshops: RankedWorkshop[]; searchParams: { radiusKm: number } }>(
        await call('POST', '/api/smart-service/search-workshops', { vehicleId: vehicle('HH-MS 201'), selectedDate: DAY, time: '23:00', radiusKm: 100 }),
      );
      expect(night.searchParams.radiusKm).toBe(100);
      expect(night.workshops.map((w) => w.name)).toEqual(['Mobiler Pannendienst Nord']);
      const byDefault = await ok<{ searchParams: { radiusKm: number } }>(
        await call('POST', '/api/smart-service/search-workshops', { vehicleId: vehicle('HH-MS 201'), selectedDate: DAY }),
      );
      expect(byDefault.searchParams.radiusKm).toBe(25);
    });

    it('rates the own brand authorised (1) and refuses bad input, unknown vehicles and missing tokens', async () => {
      const { workshops } = await ok<{ workshops: RankedWorkshop[] }>(
        await call('POST', '/api/smart-service/search-workshops', { vehicleId: vehicle('B-MS 401'), selectedDate: DAY, time: '10:00', radiusKm: 50 }),
      );
      expect(workshops.find((w) => w.name === 'Iveco Nutzfahrzeuge Berlin-Marzahn')).toMatchObject({ brandMatch: 1, brandLabel: s.brandLabels.authorised, preferred: true });
      refused(await call('POST', '/api/smart-service/search-workshops', { vehicleId: vehicle('B-MS 401'), selectedDate: DAY, radiusKm: 30 }), 400);
      refused(await call('POST', '/api/smart-service/search-workshops', { selectedDate: DAY }), 400, s.vehicleIdMissing);
      refused(await call('POST', '/api/smart-service/search-workshops', { vehicleId: 'nope', selectedDate: DAY }), 404, messages.fleetCommands.vehicleNotFound);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/smart-service/search-workshops', payload: { vehicleId: vehicle('B-MS 401') } });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('analysis, redistribution and booking', () => {
    let first: string;
    let second: string;

    beforeAll(async () => {
      first = await tourOn('IZ-MS 101', DAY, '06:00', 27);
      second = await tourOn('IZ-MS 101', DAY, '12:00', 27);
    });

    it('analyses the day: two tours, the conflicts of a repair at 07:00, the plan to redistribute them', async () => {
      const { analysis } = await ok<{ analysis: Analysis }>(
        await call('POST', '/api/smart-service/analyze-vehicle', { vehicleId: vehicle('IZ-MS 101'), selectedDate: DAY, radiusKm: 50, isEmergency: false, appointmentTime: '07:00', serviceType: 'major-repair' }),
      );
      expect(analysis.vehicle).toMatchObject({ id: vehicle('IZ-MS 101'), licensePlate: 'IZ-MS 101', brand: 'Mercedes-Benz' });
      expect(analysis.schedule.toursToday).toBe(2);
      expect(analysis.schedule.lastTourEnd).toMatch(/^\d\d:\d\d$/);
      expect(analysis.estimatedDuration).toBe(480);
      expect(analysis.conflicts).toMatchObject({ hasConflicts: true, conflictCount: 2, totalAffectedOrders: 2, vehicleAvailableAgain: '15:00', redistributionRequired: true });
      expect(analysis.conflicts.affectedTours.map((a) => [a.tourId, a.conflictType])).toEqual([
        [first, 'partial'],
        [second, expect.stringMatching(/^(partial|complete_overlap)$/)],
      ]);
      expect(analysis.redistributionPlan).toMatchObject({ strategy: 'redistribute_to_available_vehicles', delayMinutes: 0 });
      expect(analysis.redistributionPlan!.pros.length).toBeGreaterThan(0);
      expect(analysis.redistributionPlan!.reassignments.map((r) => r.toLicensePlate)).toEqual(['IZ-MS 102', 'IZ-MS 102']);
      expect(analysis.workshops.count).toBe(analysis.workshops.recommendations.length);
      // Eight hours fit neither after the last tour nor between the tours: the next day's opening.
      expect(analysis.recommendation.reasoning).toContain('13.05.2027');
      const short = await ok<{ analysis: Analysis }>(
        await call('POST', '/api/smart-service/analyze-vehicle', { vehicleId: vehicle('IZ-MS 101'), selectedDate: DAY, radiusKm: 50, isEmergency: false, serviceType: 'oil-change' }),
      );
      expect(short.analysis.recommendation.suggestedAppointmentTime! > short.analysis.schedule.lastTourEnd!).toBe(true);
      expect(short.analysis.recommendation.reasoning).toBe(ss.reasoning.afterLastTour(short.analysis.schedule.lastTourEnd!));
      // At the default 09:00 an hour's service lies between the two tours.
      expect(short.analysis.appointmentTime).toBe('09:00');
      expect(short.analysis.conflicts).toMatchObject({ hasConflicts: false, affectedTours: [] });
      expect(short.analysis.redistributionPlan).toBeNull();
      // A day without tours: the repair starts when the workshops open, never before the planning day.
      const free = await ok<{ analysis: Analysis }>(
        await call('POST', '/api/smart-service/analyze-vehicle', { vehicleId: vehicle('IZ-MS 103'), selectedDate: DAY, radiusKm: 25, isEmergency: false }),
      );
      expect(free.analysis.recommendation).toMatchObject({ suggestedDate: DAY, reasoning: ss.reasoning.freeDay });
      expect(free.analysis.recommendation.suggestedAppointmentTime! >= '06:00').toBe(true);
    });

    it('in an emergency the repair starts at once and the nearest open workshop comes first', async () => {
      const { analysis } = await ok<{ analysis: Analysis }>(
        await call('POST', '/api/smart-service/analyze-vehicle', { vehicleId: vehicle('IZ-MS 101'), selectedDate: DAY, radiusKm: 100, isEmergency: true }),
      );
      expect(analysis.emergency).toBe(true);
      expect(analysis.recommendation.suggestedAppointmentTime).toBe(analysis.appointmentTime);
      const open = analysis.workshops.recommendations.filter((w: RankedWorkshop) => w.isOpen);
      expect(analysis.workshops.recommendations.slice(0, open.length)).toEqual(open);
      const distances = open.map((w: RankedWorkshop) => w.distance);
      expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
      refused(await call('POST', '/api/smart-service/analyze-vehicle', { selectedDate: DAY }), 400, s.vehicleIdMissing);
    });

    it('redistributes nothing without conflicts', async () => {
      const body = { conflictingVehicleId: vehicle('IZ-MS 101'), selectedDate: DAY, conflictingTourIds: [first, second], appointmentTime: '20:00', estimatedDuration: 60 };
      refused(await call('POST', '/api/smart-service/redistribute-tours', body), 400, s.noConflicts);
      refused(await call('POST', '/api/smart-service/redistribute-tours', { ...body, conflictingTourIds: [], appointmentTime: '07:00' }), 400, s.noConflicts);
      refused(await call('POST', '/api/smart-service/redistribute-tours', { ...body, appointmentTime: '07:00' }, 'audit'), 403);
    });

    it('moves both tours to the nearest free vehicle through the tour move, then books the workshop', async () => {
      const res = await ok<Redistribution>(
        await call('POST', '/api/smart-service/redistribute-tours', {
          conflictingVehicleId: vehicle('IZ-MS 101'), selectedDate: DAY, conflictingTourIds: [first, second], appointmentTime: '07:00', estimatedDuration: 480,
        }),
      );
      expect(res).toMatchObject({ success: true, message: ss.redistributed(2), redistributionSummary: { successfulRedistributions: 2, conflictingToursCount: 2, estimatedReassignmentTime: 20 } });
      expect(res.availableVehicles.length).toBeGreaterThan(0);
      expect(res.recommendedActions.length).toBeGreaterThan(0);
      const tours = await toursOf(DAY);
      expect(tours.filter((x) => [first, second].includes(x.id)).map((x) => x.vehicle_id)).toEqual([vehicle('IZ-MS 102'), vehicle('IZ-MS 102')]);

      refused(await call('POST', '/api/smart-service/book-appointment', { vehicleId: vehicle('IZ-MS 101'), appointmentDate: DAY, appointmentTime: '07:00' }), 400, s.chooseWorkshop);
      const { workshops } = await ok<{ workshops: { id: string; name: string }[] }>(await call('GET', '/api/workshops'));
      // Open from 07:00 (a booking while the workshop is closed is refused, issue 31).
      const hamburg = workshops.find((w) => w.name === 'Mercedes-Benz Nutzfahrzeugzentrum Hamburg')!;
      const booked = await ok<{ appointment: Record<string, unknown> & { id: string }; bookingReference: string; message: string }>(
        await call('POST', '/api/smart-service/book-appointment', {
          vehicleId: vehicle('IZ-MS 101'), workshopId: hamburg.id, workshopName: hamburg.name, appointmentDate: DAY, appointmentTime: '07:00',
          estimatedDuration: 480, serviceType: 'major-repair', notes: 'Kupplung', isEmergency: false,
        }),
        201,
      );
      expect(booked.bookingReference).toMatch(/^WS-270512-\d{4}$/);
      expect(booked.message).toBe(ss.booked(booked.bookingReference));
      expect(booked.appointment).toMatchObject({
        vehicleId: vehicle('IZ-MS 101'), date: DAY, time: '07:00', type: 'Reparatur', workshop: hamburg.name, bookingReference: booked.bookingReference,
        workshopId: hamburg.id, durationMinutes: 480, status: 'pending', notes: 'Kupplung',
      });
      const again = await ok<{ bookingReference: string }>(
        await call('POST', '/api/smart-service/book-appointment', { vehicleId: vehicle('IZ-MS 101'), workshop: { id: hamburg.id, name: hamburg.name }, appointmentDate: DAY, appointmentTime: '16:00' }),
        201,
      );
      expect(again.bookingReference).not.toBe(booked.bookingReference);

      // The fleet area and the vehicle's list show it; the Smart Service lists it by status and range.
      const fleet = await ok<{ upcoming: { id: string }[] }>(await call('GET', `/api/vehicles/${vehicle('IZ-MS 101')}/appointments`));
      expect(fleet.upcoming.map((a) => a.id)).toContain(booked.appointment.id);
      const listed = await ok<{ appointments: { id: string; bookingReference: string | null }[] }>(
        await call('GET', `/api/smart-service/appointments/${vehicle('IZ-MS 101')}?status=pending&from=${DAY}&to=${DAY}`),
      );
      expect(listed.appointments.map((a) => a.bookingReference).sort()).toEqual([booked.bookingReference, again.bookingReference].sort());
      const none = await ok<{ appointments: unknown[] }>(await call('GET', `/api/smart-service/appointments/${vehicle('IZ-MS 101')}?status=completed`));
      expect(none.appointments).toEqual([]);
      refused(await call('GET', '/api/smart-service/appointments/nope'), 404, messages.fleetCommands.vehicleNotFound);
      refused(await call('POST', '/api/smart-service/book-appointment', { vehicleId: vehicle('IZ-MS 101'), workshopId: hamburg.id, appointmentDate: DAY, appointmentTime: '07:00' }, 'audit'), 403);
    });

    it('moves nothing and asks for manual dispatch when no vehicle is free', async () => {
      const released = ['IZ-MS 101', 'IZ-MS 102', 'IZ-MS 103', 'HH-MS 201', 'HH-MS 202', 'HH-MS 203', 'HH-MS 204', 'KI-MS 301', 'KI-MS 302'];
      const ids: Record<string, string> = {};
      for (const plate of released) ids[plate] = await tourOn(plate, BUSY_DAY, '08:00');
      const res = await ok<Redistribution>(
        await call('POST', '/api/smart-service/redistribute-tours', {
          conflictingVehicleId: vehicle('IZ-MS 103'), selectedDate: BUSY_DAY, conflictingTourIds: [ids['IZ-MS 103']], appointmentTime: '08:00',
        }),
      );
      expect(res).toMatchObject({ success: false, message: ss.manualDispatchNeeded, redistributionSummary: { successfulRedistributions: 0, conflictingToursCount: 1 } });
      expect(res.redistributionPlan!.strategy).toBe('delay_appointment');
      expect(res.redistributionPlan!.unassigned[0]!.reason).toBe('no_vehicle_free');
      const tours = await toursOf(BUSY_DAY);
      expect(tours.find((x) => x.id === ids['IZ-MS 103'])!.vehicle_id).toBe(vehicle('IZ-MS 103'));
    });

    it('a redistribution racing a dispatcher’s move of the same tour: exactly one wins, the other gets 409', async () => {
      const tourId = await tourOn('HH-MS 202', RACE_DAY, '09:00');
      const tour = (await toursOf(RACE_DAY)).find((x) => x.id === tourId)!;
      const [redistribution, move] = await Promise.all([
        call('POST', '/api/smart-service/redistribute-tours', {
          conflictingVehicleId: vehicle('HH-MS 202'), selectedDate: RACE_DAY, conflictingTourIds: [tourId], appointmentTime: '08:00', estimatedDuration: 240,
        }),
        call('PUT', `/api/disposition/tours/${tourId}/move`, { vehicleId: vehicle('KI-MS 301'), scheduledTime: `${RACE_DAY}T${tour.start_time}`, fromVehicleId: vehicle('HH-MS 202') }),
      ]);
      const statuses = [redistribution.statusCode, move.statusCode].sort();
      expect(statuses, `${redistribution.body.slice(0, 300)} / ${move.body.slice(0, 300)}`).toEqual([200, 409]);
      const after = (await toursOf(RACE_DAY)).find((x) => x.id === tourId)!;
      if (move.statusCode === 200) expect(after.vehicle_id).toBe(vehicle('KI-MS 301'));
      else {
        expect(redistribution.json()).toMatchObject({ success: true });
        expect(after.vehicle_id).toBe((redistribution.json() as Redistribution).redistributionPlan!.reassignments[0]!.toVehicleId);
      }
    });
  });
});
