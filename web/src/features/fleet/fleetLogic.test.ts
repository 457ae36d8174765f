import { messages } from '@dispo/domain/messages';
import { describe, expect, it } from 'vitest';
import { makeVehicle } from './fleetTestKit';
import {
  addDays,
  bulkDispatchTarget,
  daysUntil,
  deadlineBadges,
  deadlineDetailTone,
  deadlineText,
  dispatchBadge,
  filterVehicles,
  fleetSummary,
  formatFileSize,
  groupedCardNumber,
  isMaintenanceDue,
  isPdfFile,
  isReadyForUse,
  maskedCardNumber,
  NO_FILTERS,
  providerTone,
  statusFilterMatches,
  vehicleMatches,
} from './fleetLogic';
import { checkVehicleForm, emptyVehicleForm, vehicleBodyOf, vehicleFormValuesOf } from './vehicleForm';

const TODAY = '2026-03-10';
const far = addDays(TODAY, 200);

describe('deadlines (fleet.md §4)', () => {
  it('counts calendar days, across month ends and the change to summer time', () => {
    expect(daysUntil('2026-03-10', TODAY)).toBe(0);
    expect(daysUntil('2026-04-01', TODAY)).toBe(22);
    expect(daysUntil('2026-03-29', '2026-03-28')).toBe(1);
    expect(daysUntil('2026-03-01', TODAY)).toBe(-9);
    expect(daysUntil(null, TODAY)).toBeNull();
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });

  it('words the deadline: heute fällig, morgen fällig, in N Tagen fällig, N Tage überfällig', () => {
    expect(deadlineText(0)).toBe('heute fällig');
    expect(deadlineText(1)).toBe('morgen fällig');
    expect(deadlineText(5)).toBe('in 5 Tagen fällig');
    expect(deadlineText(-3)).toBe('3 Tage überfällig');
    expect(deadlineText(-1)).toBe('1 Tag überfällig');
  });

  it('shows badges within 30 days: red overdue, orange within 7 days, yellow otherwise; sorted by urgency', () => {
    const vehicle = makeVehicle({
      tuv_until: addDays(TODAY, 7),
      inspection_until: addDays(TODAY, -2),
      insurance_until: addDays(TODAY, 30),
    });
    expect(deadlineBadges(vehicle, TODAY).map((badge) => [badge.text, badge.tone])).toEqual([
      ['HU 2 Tage überfällig', 'overdue'],
      ['TÜV in 7 Tagen fällig', 'urgent'],
      ['Versicherung in 30 Tagen fällig', 'soon'],
    ]);
    expect(deadlineBadges(makeVehicle({ tuv_until: addDays(TODAY, 31), inspection_until: null, insurance_until: far }), TODAY)).toEqual([]);
    expect(
      deadlineBadges(makeVehicle({ tuv_until: addDays(TODAY, 8), inspection_until: null, insurance_until: null }), TODAY)[0]?.tone,
    ).toBe('soon');
  });

  it('colours the detail: red past, orange within 30 days, else green', () => {
    expect(deadlineDetailTone(addDays(TODAY, -1), TODAY)).toBe('overdue');
    expect(deadlineDetailTone(addDays(TODAY, 30), TODAY)).toBe('soon');
    expect(deadlineDetailTone(addDays(TODAY, 31), TODAY)).toBe('ok');
    expect(deadlineDetailTone(null, TODAY)).toBe('none');
  });
});

describe('badges and summary (fleet.md §4, §9)', () => {
  it("shows 'In Tour' for a released vehicle on a tour, 'Dispo aktiv' when merely released, nothing otherwise", () => {
    const tour = { id: 'tour-1', tourNumber: 'T260310-01', status: 'planned', startTime: '2026-03-10T08:00' };
    expect(dispatchBadge(makeVehicle({ enabled_for_dispatch: true, status: 'in_use', current_tours: [tour] }))).toBe('inTour');
    expect(dispatchBadge(makeVehicle({ enabled_for_dispatch: true }))).toBe('dispatchActive');
    expect(dispatchBadge(makeVehicle({ enabled_for_dispatch: false, status: 'in_use', current_tours: [tour] }))).toBeNull();
  });

  it('counts total, available (active shown as available), in use, maintenance, released and the rounded availability rate', () => {
    const summary = fleetSummary([
      makeVehicle({ status: 'available', enabled_for_dispatch: true }),
      makeVehicle({ status: 'active' }),
      makeVehicle({ status: 'in_use', enabled_for_dispatch: true }),
      makeVehicle({ status: 'maintenance' }),
      makeVehicle({ status: 'repair' }),
      makeVehicle({ status: 'defect' }),
    ]);
    expect(summary).toEqual({ total: 6, available: 2, inUse: 1, maintenance: 2, dispatchEnabled: 2, availabilityRate: 33 });
    expect(fleetSummary([]).availabilityRate).toBe(0);
    expect(fleetSummary([makeVehicle(), makeVehicle(), makeVehicle({ status: 'in_use' })]).availabilityRate).toBe(67);
  });

  it('words the bulk result', () => {
    expect(messages.fleet.vehiclesUpdated(2)).toBe('2 Fahrzeuge erfolgreich aktualisiert');
    expect(messages.fleet.vehiclesUpdated(1)).toBe('1 Fahrzeug erfolgreich aktualisiert');
    expect(messages.fleet.vehiclesUpdatedShort(3)).toBe('3 Fahrzeuge aktualisiert');
  });

  it('toggles a selection: all released → lock, otherwise release', () => {
    expect(bulkDispatchTarget([makeVehicle({ enabled_for_dispatch: true }), makeVehicle({ enabled_for_dispatch: true })])).toBe(false);
    expect(bulkDispatchTarget([makeVehicle({ enabled_for_dispatch: true }), makeVehicle({ enabled_for_dispatch: false })])).toBe(true);
  });
});

describe('search and filters (fleet.md §2, §5)', () => {
  const vehicle = makeVehicle({
    license_plate: 'HH-MS 204',
    make_model: 'Mercedes-Benz Arocs 3243 Kipper',
    vehicle_type: 'lkw_aufbau',
    home_location_city: 'Lägerdorf',
    home_location_postal_code: '25566',
    status: 'maintenance',
  });

  it('matches plate, make and model, type, city, postal code and status, case-insensitive', () => {
    for (const term of [
      'hh-ms 204',
      'HHMS204',
      'arocs',
      'MERCEDES',
      'lkw_aufbau',
      'LKW mit Aufbau',
      'lägerdorf',
      'lagerdorf',
      '2556',
      'maintenance',
      'wartung',
    ]) {
      expect(vehicleMatches(vehicle, term), term).toBe(true);
    }
    expect(vehicleMatches(vehicle, 'Scania')).toBe(false);
    expect(vehicleMatches(vehicle, '  ')).toBe(true);
  });

  it('maps the status filter: active = in service, repair takes defect, inactive takes out of service', () => {
    expect(statusFilterMatches('in_use', 'active')).toBe(true);
    expect(statusFilterMatches('maintenance', 'active')).toBe(false);
    expect(statusFilterMatches('active', 'available')).toBe(true);
    expect(statusFilterMatches('defect', 'repair')).toBe(true);
    expect(statusFilterMatches('out_of_service', 'inactive')).toBe(true);
    expect(statusFilterMatches('anything', 'all')).toBe(true);
  });

  it('quick filters: ready for use and maintenance due', () => {
    const ready = makeVehicle({ enabled_for_dispatch: true, tuv_until: far, inspection_until: far, insurance_until: far });
    expect(isReadyForUse(ready, TODAY)).toBe(true);
    expect(isReadyForUse({ ...ready, enabled_for_dispatch: false }, TODAY)).toBe(false);
    expect(isReadyForUse({ ...ready, tuv_until: addDays(TODAY, -1) }, TODAY)).toBe(false);
    expect(isReadyForUse({ ...ready, status: 'in_use' }, TODAY)).toBe(false);

    expect(isMaintenanceDue(ready, TODAY)).toBe(false);
    expect(isMaintenanceDue({ ...ready, next_service_due: addDays(TODAY, 10) }, TODAY)).toBe(true);
    expect(isMaintenanceDue({ ...ready, inspection_until: addDays(TODAY, 30) }, TODAY)).toBe(true);
    expect(isMaintenanceDue({ ...ready, status: 'repair' }, TODAY)).toBe(true);

    const list = [ready, makeVehicle({ id: 'v-2', status: 'maintenance' })];
    expect(filterVehicles(list, { ...NO_FILTERS, dispatch: 'disabled' }, TODAY).map((v) => v.id)).toEqual(['v-2']);
    expect(filterVehicles(list, { ...NO_FILTERS, readyForUse: true }, TODAY).map((v) => v.id)).toEqual(['v-1']);
    expect(filterVehicles(list, { ...NO_FILTERS, maintenanceDue: true }, TODAY).map((v) => v.id)).toEqual(['v-2']);
  });
});

describe('fuel cards and documents', () => {
  it('masks card numbers but the last four, groups them by four', () => {
    expect(maskedCardNumber('7002 1234 5678 0101')).toBe('•••• •••• •••• 0101');
    expect(maskedCardNumber('7002123456780101')).toBe('•••• •••• •••• 0101');
    expect(groupedCardNumber('7002123456780101')).toBe('7002 1234 5678 0101');
    expect(maskedCardNumber('123')).toBe('123');
  });

  it('colours by provider: Shell, Aral, Total, Esso, BP, other', () => {
    expect(['Shell', 'ARAL', 'TotalEnergies', 'Esso', 'BP', 'Westfalen', null].map(providerTone)).toEqual([
      'shell',
      'aral',
      'total',
      'esso',
      'bp',
      'other',
      'other',
    ]);
  });

  it('formats sizes and accepts PDF files only', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(1_572_864)).toBe('1,5 MB');
    expect(isPdfFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(true);
    expect(isPdfFile({ name: 'a.pdf', type: '' })).toBe(true);
    expect(isPdfFile({ name: 'a.txt', type: 'text/plain' })).toBe(false);
    expect(isPdfFile({ name: 'a.pdf', type: 'text/plain' })).toBe(false);
  });
});

describe('vehicle form values (fleet.md §2, §3, §9)', () => {
  it('starts with the defaults of §9 and requires plate, type and make/model', () => {
    const values = emptyVehicleForm();
    expect(values).toMatchObject({
      vehicle_type: 'lkw_aufbau',
      fuel_type: 'diesel',
      emission_class: 'euro6',
      status: 'available',
      enabled_for_dispatch: false,
    });
    expect(checkVehicleForm(values).missing).toEqual(['license_plate', 'make_model']);
    expect(
      checkVehicleForm({ ...values, license_plate: 'RD-X 1', make_model: 'MAN', odometer_km: '-5', fuel_consumption: 'viel' })
        .invalidNumbers,
    ).toEqual(['odometer_km', 'fuel_consumption']);
  });

  it('sends numbers, null for cleared fields and the stored (not the live) status', () => {
    const vehicle = makeVehicle({ status: 'in_use', stored_status: 'available', notes: 'alt' });
    const values = { ...vehicleFormValuesOf(vehicle), fuel_consumption: '31,5', notes: '  ', year: '' };
    expect(vehicleBodyOf(values)).toMatchObject({
      fuel_consumption: 31.5,
      notes: null,
      year: null,
      status: 'available',
      odometer_km: 412300,
    });
  });
});
