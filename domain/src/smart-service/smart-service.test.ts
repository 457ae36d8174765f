import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { brandKey, brandLabel, brandMatch, isPreferred, servicesMake } from './brand-match';
import { classifyConflicts, estimatedMinutes, lastTourEnd, suggestAppointment, type DayTour } from './conflicts';
import { isOpenAt, parseOpeningHours, weekdayOf } from './opening-hours';
import { bookingSlotRefusal } from './booking-rules';
import { chooseRedistribution, type CandidateVehicle, redistributionPlan, type TourToMove, vehicleSuitability } from './redistribution';
import { rankWorkshops, workshopScore } from './workshop-ranking';

const labels = messages.smartService.brandLabels;

describe('opening hours', () => {
  it('reads day ranges, single days and several parts', () => {
    const week = parseOpeningHours('Mo-Fr 07:00-20:00, Sa 08:00-13:00')!;
    expect(week[0]).toEqual([{ from: 420, to: 1200 }]);
    expect(week[4]).toEqual([{ from: 420, to: 1200 }]);
    expect(week[5]).toEqual([{ from: 480, to: 780 }]);
    expect(week[6]).toEqual([]);
  });
  it('knows round-the-clock services and split days', () => {
    expect(parseOpeningHours('Mo-So 00:00-24:00')![6]).toEqual([{ from: 0, to: 1440 }]);
    expect(parseOpeningHours('Mo-Fr 07:00-12:00 13:00-17:00')![2]).toEqual([
      { from: 420, to: 720 },
      { from: 780, to: 1020 },
    ]);
  });
  it('refuses what it cannot read', () => {
    expect(parseOpeningHours('')).toBeNull();
    expect(parseOpeningHours('Montag bis Freitag')).toBeNull();
    expect(parseOpeningHours('Mo-Fr 20:00-07:00')).toBeNull();
    expect(parseOpeningHours('Xy 07:00-08:00')).toBeNull();
    expect(parseOpeningHours('Mo-Fr 25:00-26:00')).toBeNull();
  });
  it('says whether a workshop is open at a date and time (Berlin weekdays)', () => {
    const week = parseOpeningHours('Mo-Fr 07:00-20:00, Sa 08:00-13:00')!;
    expect(weekdayOf('2026-11-26')).toBe(3); // Thursday
    expect(isOpenAt(week, '2026-11-26', '07:00')).toBe(true);
    expect(isOpenAt(week, '2026-11-26', '20:00')).toBe(false);
    expect(isOpenAt(week, '2026-11-28', '12:59')).toBe(true);
    expect(isOpenAt(week, '2026-11-28', '13:00')).toBe(false);
    expect(isOpenAt(week, '2026-11-29', '10:00')).toBe(false);
  });
});

describe('brand match', () => {
  const ws = (brand: string | null, services = ['HU', 'SP', 'Reparatur'], mobile = false) => ({ brand, services, mobile });
  it('is 1 for the same brand, Mercedes-Benz and Mercedes alike', () => {
    expect(brandKey('Mercedes-Benz')).toBe('mercedes');
    expect(brandMatch('Mercedes-Benz', ws('Mercedes'))).toBe(1);
    expect(brandLabel(1)).toBe(labels.authorised);
  });
  it('is 0.8 for a brand partner of the same group', () => {
    expect(brandMatch('MAN', ws('Scania'))).toBe(0.8);
    expect(brandLabel(0.8)).toBe(labels.partner);
    expect(isPreferred(0.8)).toBe(true);
  });
  it('is lower for multi-brand workshops by their services, and lowest for another brand', () => {
    expect(brandMatch('MAN', ws(null))).toBe(0.6);
    expect(brandLabel(0.6)).toBe(labels.specialist);
    expect(isPreferred(0.6)).toBe(false);
    expect(brandMatch('MAN', ws(null, ['Reparatur']))).toBe(0.4);
    expect(brandMatch('MAN', ws(null, ['Reparatur', 'Schnellreparatur', 'HU'], true))).toBe(0.4);
    expect(brandLabel(0.4)).toBe(labels.general);
    expect(brandMatch('MAN', ws('DAF'))).toBe(0.2);
    expect(brandLabel(0.2)).toBe(labels.basic);
  });
  it('labels by the thresholds of fleet.md §9', () => {
    expect(brandLabel(0.3)).toBe(labels.general);
    expect(brandLabel(0.29)).toBe(labels.basic);
    expect(brandLabel(0.99)).toBe(labels.partner);
  });
});

describe('workshop ranking', () => {
  const base = { address: 'A', phone: null, website: null, openingHours: 'Mo-Fr 07:00-17:00', services: ['HU', 'Reparatur', 'SP'], rating: 4, mobile: false };
  const list = [
    { ...base, id: 'far-same', name: 'MAN weit', brand: 'MAN', distance: 20 },
    { ...base, id: 'near-other', name: 'DAF nah', brand: 'DAF', distance: 2 },
    { ...base, id: 'outside', name: 'MAN draußen', brand: 'MAN', distance: 30 },
    { ...base, id: 'mobile', name: 'Pannendienst', brand: null, distance: 8, services: ['Reparatur'], openingHours: 'Mo-So 00:00-24:00', mobile: true },
  ];
  it('keeps those within the radius, scores and sorts them', () => {
    const ranked = rankWorkshops(list, { vehicleBrand: 'MAN', radiusKm: 25, date: '2026-11-26', time: '10:00' });
    expect(ranked.map((w) => w.id)).toEqual(['far-same', 'mobile', 'near-other']);
    expect(ranked[0]).toMatchObject({ brandMatch: 1, brandLabel: labels.authorised, preferred: true, isOpen: true, score: workshopScore({ brandMatch: 1, distance: 20, rating: 4 }, 25) });
  });
  it('filters by the needed service and by opening at the wanted time', () => {
    expect(rankWorkshops(list, { vehicleBrand: 'MAN', radiusKm: 25, date: '2026-11-26', time: '10:00', service: 'HU' }).map((w) => w.id)).toEqual(['far-same', 'near-other']);
    expect(rankWorkshops(list, { vehicleBrand: 'MAN', radiusKm: 25, date: '2026-11-26', time: '22:00', onlyOpen: true }).map((w) => w.id)).toEqual(['mobile']);
  });
  it('in an emergency puts the nearest open workshop first', () => {
    const ranked = rankWorkshops(list, { vehicleBrand: 'MAN', radiusKm: 25, date: '2026-11-26', time: '19:00', emergency: true });
    expect(ranked[0]!.id).toBe('mobile');
    expect(rankWorkshops(list, { vehicleBrand: 'MAN', radiusKm: 25, date: '2026-11-26', time: '10:00', emergency: true })[0]!.id).toBe('near-other');
  });
});

const tour = (id: string, startTime: string, endTime: string | null, orderCount = 1): DayTour => ({ tourId: id, tourNumber: `T-${id}`, startTime, endTime, orderCount });

describe('conflict classification', () => {
  it('tells complete from partial overlaps, with severity and when the vehicle is free again', () => {
    const c = classifyConflicts([tour('b', '11:00', '12:00'), tour('a', '07:00', '09:30', 3), tour('c', '14:00', '15:00')], '09:00', 240);
    expect(c.affectedTours.map((t) => [t.tourId, t.conflictType, t.severity])).toEqual([
      ['a', 'partial', 'high'],
      ['b', 'complete_overlap', 'high'],
    ]);
    expect(c).toMatchObject({ hasConflicts: true, conflictCount: 2, totalAffectedOrders: 4, vehicleAvailableAgain: '13:00', estimatedRepairDuration: 240 });
  });
  it('rates a small partial overlap low, a large one medium; a tour without end lasts an hour', () => {
    expect(classifyConflicts([tour('a', '06:00', '10:00')], '09:30', 60).affectedTours[0]!.severity).toBe('low');
    expect(classifyConflicts([tour('a', '08:00', '10:00')], '08:30', 240).affectedTours[0]!.severity).toBe('medium');
    expect(classifyConflicts([tour('a', '08:00', null)], '09:00', 60).hasConflicts).toBe(false);
  });
  it('takes the durations of fleet.md §9', () => {
    expect(estimatedMinutes('major-repair')).toBe(480);
    expect(estimatedMinutes('tire-change')).toBe(90);
    expect(estimatedMinutes(null)).toBe(240);
  });
  it('suggests the time after the last tour, a free window, or none', () => {
    const tours = [tour('a', '07:00', '09:00'), tour('b', '13:00', '15:10')];
    expect(lastTourEnd(tours)).toBe('15:10');
    expect(suggestAppointment(tours, 180, [{ from: 420, to: 1200 }])).toMatchObject({ time: '15:30', reason: 'afterLastTour' });
    expect(suggestAppointment(tours, 180, [{ from: 420, to: 1020 }])).toMatchObject({ time: '09:00', reason: 'freeWindow' });
    expect(suggestAppointment(tours, 300, [{ from: 420, to: 1020 }])).toMatchObject({ time: null, reason: 'none' });
    expect(suggestAppointment([], 120, [{ from: 450, to: 1020 }])).toMatchObject({ time: '07:30', reason: 'freeDay' });
  });
});

describe('redistribution choice', () => {
  const toMove: TourToMove[] = [
    { tourId: 't1', tourNumber: 'T1', startTime: '08:00', endTime: '10:00', heaviestLoadKg: 25000 },
    { tourId: 't2', tourNumber: 'T2', startTime: '11:00', endTime: '12:00', heaviestLoadKg: 10000 },
  ];
  const vehicle = (id: string, over: Partial<CandidateVehicle> = {}): CandidateVehicle => ({
    vehicleId: id, licensePlate: id.toUpperCase(), enabledForDispatch: true, payloadKg: 27000, homeDistanceKm: 10, tours: [], ...over,
  });

  it('takes the nearest free released vehicle with room, never the conflicting one', () => {
    const choice = chooseRedistribution(toMove, [vehicle('self', { homeDistanceKm: 0 }), vehicle('far', { homeDistanceKm: 40 }), vehicle('near', { homeDistanceKm: 5 }), vehicle('off', { enabledForDispatch: false, homeDistanceKm: 1 })], 'self');
    expect(choice.complete).toBe(true);
    expect(choice.reassignments.map((r) => [r.tourId, r.toVehicleId])).toEqual([['t1', 'near'], ['t2', 'near']]);
  });
  it('skips a vehicle busy at the time, also with tours it got in this plan', () => {
    const overlapping: TourToMove[] = [toMove[0]!, { ...toMove[1]!, startTime: '09:00', endTime: '09:30' }];
    const choice = chooseRedistribution(overlapping, [vehicle('a', { homeDistanceKm: 1, tours: [{ startTime: '07:00', endTime: '07:30' }] }), vehicle('b', { homeDistanceKm: 2 })], 'x');
    expect(choice.reassignments.map((r) => r.toVehicleId)).toEqual(['a', 'b']);
    const busy = chooseRedistribution(toMove, [vehicle('a', { tours: [{ startTime: '09:00', endTime: '11:30' }] })], 'x');
    expect(busy.complete).toBe(false);
  });
  it('moves nothing when no vehicle is free', () => {
    const choice = chooseRedistribution(toMove, [vehicle('a', { tours: [{ startTime: '06:00', endTime: '13:00' }] })], 'x');
    expect(choice.complete).toBe(false);
    expect(choice.unassigned.map((u) => u.reason)).toEqual(['no_vehicle_free', 'no_vehicle_free']);
    expect(choice.unassigned[0]!.message).toBe(messages.smartServiceScreen.noVehicleFree);
  });
  it('does not give a load to a vehicle whose payload it exceeds', () => {
    const choice = chooseRedistribution(toMove, [vehicle('small', { payloadKg: 18000 })], 'x');
    expect(choice.complete).toBe(false);
    expect(choice.unassigned).toEqual([{ tourId: 't1', tourNumber: 'T1', reason: 'payload', message: messages.smartServiceScreen.payloadTooSmall(25000) }]);
    expect(choice.reassignments.map((r) => r.tourId)).toEqual(['t2']);
  });
  it('plans a redistribution when all tours find a vehicle, else a delay after the last tour', () => {
    const conflicts = classifyConflicts([tour('t1', '08:00', '10:00'), tour('t2', '11:00', '12:00')], '08:00', 240);
    const all = chooseRedistribution(toMove, [vehicle('a')], 'x');
    expect(redistributionPlan(conflicts, all, '08:00', '12:00', false)).toMatchObject({
      strategy: 'redistribute_to_available_vehicles', delayMinutes: 0, estimatedReassignmentTime: 20, suggestedAppointmentTime: '08:00',
    });
    const none = chooseRedistribution(toMove, [], 'x');
    const delay = redistributionPlan(conflicts, none, '08:00', '12:00', true)!;
    expect(delay).toMatchObject({ strategy: 'delay_appointment', delayMinutes: 240, suggestedAppointmentTime: '12:00' });
    expect(delay.cons).toContain(messages.smartServiceScreen.cons.emergencyRisk);
    expect(redistributionPlan(classifyConflicts([], '08:00', 240), none, '08:00', null, false)).toBeNull();
  });
  it('keeps a running tour where it is and greys out vehicles in the workshop with the reason (issue 31)', () => {
    const running: TourToMove[] = [{ ...toMove[0]!, status: 'in_progress' }, toMove[1]!];
    const kept = chooseRedistribution(running, [vehicle('a')], 'x');
    expect(kept.complete).toBe(false);
    expect(kept.unassigned).toEqual([{ tourId: 't1', tourNumber: 'T1', reason: 'running', message: messages.smartServiceScreen.runningTourStays }]);
    const candidates = [
      vehicle('wartung', { homeDistanceKm: 1, status: 'maintenance' }),
      vehicle('termin', { homeDistanceKm: 2, workshopWindows: [{ appointmentType: 'Service', from: 9 * 60, to: 10 * 60 }] }),
      vehicle('frei', { homeDistanceKm: 30 }),
    ];
    const choice = chooseRedistribution(toMove, candidates, 'x');
    // t1 (08:00-10:00) overlaps the window of 'termin'; t2 (11:00) does not.
    expect(choice.reassignments.map((r) => [r.tourId, r.toVehicleId])).toEqual([['t1', 'frei'], ['t2', 'termin']]);
    expect(vehicleSuitability(toMove, candidates, 'x')).toEqual([
      { vehicleId: 'frei', licensePlate: 'FREI', unsuitableReason: null },
      { vehicleId: 'termin', licensePlate: 'TERMIN', unsuitableReason: messages.smartServiceScreen.vehicleInWorkshopWindow('TERMIN', '09:00', '10:00') },
      { vehicleId: 'wartung', licensePlate: 'WARTUNG', unsuitableReason: messages.smartServiceScreen.vehicleInWorkshop('WARTUNG', 'Wartung') },
    ]);
  });
});

describe('booking rules (issue 31)', () => {
  const workshop = { name: 'MAN Service Kiel', openingHours: 'Mo-Fr 07:00-18:00', mobile: false };
  // Wednesday 2027-05-12, 08:00 Berlin (CEST) = 06:00 UTC.
  const now = new Date('2027-05-12T06:00:00Z');
  it('refuses a slot in the past, an emergency only beyond half an hour back', () => {
    expect(bookingSlotRefusal({ date: '2027-05-12', time: '07:30', isEmergency: false, workshop }, now)).toBe(messages.smartServiceScreen.bookingInPast);
    expect(bookingSlotRefusal({ date: '2027-05-11', time: '10:00', isEmergency: false, workshop }, now)).toBe(messages.smartServiceScreen.bookingInPast);
    expect(bookingSlotRefusal({ date: '2027-05-12', time: '07:45', isEmergency: true, workshop }, now)).toBeNull();
    expect(bookingSlotRefusal({ date: '2027-05-12', time: '07:00', isEmergency: true, workshop }, now)).toBe(messages.smartServiceScreen.bookingInPast);
  });
  it('refuses a start while the workshop is closed; the mobile service comes round the clock', () => {
    expect(bookingSlotRefusal({ date: '2027-05-13', time: '06:00', isEmergency: false, workshop }, now)).toBe(
      messages.smartServiceScreen.workshopClosedAt('MAN Service Kiel', '2027-05-13', '06:00'),
    );
    expect(messages.smartServiceScreen.workshopClosedAt('MAN Service Kiel', '2027-05-13', '06:00')).toContain('13.05.2027');
    expect(bookingSlotRefusal({ date: '2027-05-15', time: '09:00', isEmergency: false, workshop }, now)).not.toBeNull();
    expect(bookingSlotRefusal({ date: '2027-05-13', time: '09:00', isEmergency: false, workshop }, now)).toBeNull();
    expect(bookingSlotRefusal({ date: '2027-05-13', time: '03:00', isEmergency: false, workshop: { ...workshop, mobile: true } }, now)).toBeNull();
  });
  it('preselects only a workshop that services the make: not a Volvo service for a MAN', () => {
    expect(servicesMake(brandMatch('MAN', { brand: 'Volvo', services: ['Reparatur'] }))).toBe(false);
    expect(servicesMake(brandMatch('MAN', { brand: 'Scania', services: [] }))).toBe(true);
    expect(servicesMake(brandMatch('MAN', { brand: null, services: ['Reparatur'] }))).toBe(true);
  });
});
