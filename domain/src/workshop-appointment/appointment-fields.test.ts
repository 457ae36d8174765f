import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { appointmentFieldErrors, firstFieldError, isCalendarDate } from './appointment-fields';

const w = messages.workshop;
const ws = messages.workshopScreen;
const today = '2026-11-20';
const filled = { appointmentType: 'HU', date: '2026-11-23', time: '09:00', workshop: 'MAN Truck & Bus Service Rostock' };

describe('appointmentFieldErrors (fleet.md §5 edit dialog)', () => {
  it('accepts a filled form', () => {
    expect(appointmentFieldErrors(filled, 'vehicle', today)).toEqual({});
  });

  it('names every missing field at once with the spec texts', () => {
    expect(appointmentFieldErrors({}, 'vehicle', today)).toEqual({
      appointmentType: w.typeRequired,
      date: w.dateRequired,
      time: w.timeRequired,
      workshop: w.workshopRequired,
    });
  });

  it('refuses a date before the start of today, and keeps today', () => {
    expect(appointmentFieldErrors({ ...filled, date: '2026-11-19' }, 'vehicle', today).date).toBe(w.dateInPast);
    expect(appointmentFieldErrors({ ...filled, date: today }, 'vehicle', today).date).toBeUndefined();
    // An unchanged date of a due appointment is not checked against today.
    expect(appointmentFieldErrors({ ...filled, date: '2026-11-19' }, 'vehicle', null).date).toBeUndefined();
  });

  it('refuses impossible dates and clock times', () => {
    expect(appointmentFieldErrors({ ...filled, date: '2026-02-30' }, 'vehicle', today).date).toBe(ws.invalidDate);
    expect(appointmentFieldErrors({ ...filled, time: '24:00' }, 'vehicle', today).time).toBe(ws.invalidTime);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-13-01')).toBe(false);
  });

  it('Schnellreparatur needs a location instead of a workshop', () => {
    const quick = { ...filled, appointmentType: 'Schnellreparatur', workshop: null };
    expect(appointmentFieldErrors(quick, 'vehicle', today)).toEqual({ location: w.locationRequired });
    expect(appointmentFieldErrors({ ...quick, location: '18055 Rostock' }, 'vehicle', today)).toEqual({});
  });

  it("'Andere' needs the workshop name", () => {
    expect(appointmentFieldErrors({ ...filled, workshop: 'Andere', customWorkshop: '  ' }, 'vehicle', today)).toEqual({
      customWorkshop: w.customWorkshopRequired,
    });
  });

  it('types belong to vehicles or trailers, and a cost is never negative', () => {
    expect(appointmentFieldErrors({ ...filled, appointmentType: 'Silo-Schweißen' }, 'vehicle', today).appointmentType).toBe(ws.typeNotForVehicle);
    expect(appointmentFieldErrors({ ...filled, appointmentType: 'Kundendienst' }, 'trailer', today).appointmentType).toBe(ws.typeNotForTrailer);
    expect(appointmentFieldErrors({ ...filled, estimatedCost: -0.01 }, 'trailer', today).estimatedCost).toBe(ws.costNotNegative);
    expect(appointmentFieldErrors({ ...filled, estimatedCost: 0 }, 'trailer', today).estimatedCost).toBeUndefined();
  });

  it('the first error follows the order of the form', () => {
    expect(firstFieldError(appointmentFieldErrors({ workshop: 'Andere' }, 'vehicle', today))).toEqual({ field: 'appointmentType', message: w.typeRequired });
    expect(firstFieldError({})).toBeNull();
  });
});
