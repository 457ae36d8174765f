import { APPOINTMENT_TYPES, type AppointmentSubject, type AppointmentType } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { cleanText } from '../shared';
import { OTHER_WORKSHOP, typesFor } from './appointment-rules';

const w = messages.workshop;
const ws = messages.workshopScreen;

/** The fields of the edit dialog and the wizards, in the order of the form. */
export const APPOINTMENT_FIELDS = ['appointmentType', 'date', 'time', 'workshop', 'location', 'customWorkshop', 'estimatedCost'] as const;
export type AppointmentField = (typeof APPOINTMENT_FIELDS)[number];

/** What the edit dialog holds; anything may be missing, the rules say what is required. */
export interface AppointmentFieldValues {
  appointmentType?: string | null;
  date?: string | null;
  time?: string | null;
  workshop?: string | null;
  customWorkshop?: string | null;
  location?: string | null;
  estimatedCost?: number | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real day of the calendar (not 2026-02-30), as `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A date the user must give, not before `today` when given; null when it is fine. */
export function dateError(value: string | null, today: string | null, missing: string = w.dateRequired): string | null {
  if (value === null) return missing;
  if (!isCalendarDate(value)) return ws.invalidDate;
  if (today !== null && value < today) return w.dateInPast;
  return null;
}

/**
 * fleet.md §5 "Edit maintenance dialog", every field at once: Terminart, Datum (not before `today`
 * unless null), Uhrzeit, Werkstatt (unless Schnellreparatur), Standort (Schnellreparatur),
 * Werkstatt-Name for 'Andere', and a cost that is not negative. The dialog shows these under the
 * fields; the decider refuses with the first.
 */
export function appointmentFieldErrors(
  input: AppointmentFieldValues,
  kind: AppointmentSubject['kind'],
  today: string | null,
): Partial<Record<AppointmentField, string>> {
  const errors: Partial<Record<AppointmentField, string>> = {};
  const type = cleanText(input.appointmentType);
  if (type === null) errors.appointmentType = w.typeRequired;
  else if (!(APPOINTMENT_TYPES as readonly string[]).includes(type) || !typesFor(kind).includes(type as AppointmentType)) {
    errors.appointmentType = kind === 'vehicle' ? ws.typeNotForVehicle : ws.typeNotForTrailer;
  }
  const date = dateError(cleanText(input.date), today);
  if (date !== null) errors.date = date;
  const time = cleanText(input.time);
  if (time === null) errors.time = w.timeRequired;
  else if (!CLOCK.test(time)) errors.time = ws.invalidTime;
  const quickRepair = type === 'Schnellreparatur';
  const workshop = cleanText(input.workshop);
  if (!quickRepair && workshop === null) errors.workshop = w.workshopRequired;
  if (quickRepair && cleanText(input.location) === null) errors.location = w.locationRequired;
  if (workshop === OTHER_WORKSHOP && cleanText(input.customWorkshop) === null) errors.customWorkshop = w.customWorkshopRequired;
  const cost = input.estimatedCost ?? null;
  if (cost !== null && !(Number.isFinite(cost) && cost >= 0)) errors.estimatedCost = ws.costNotNegative;
  return errors;
}

/** The first error in the order of the form, or null. */
export function firstFieldError(errors: Partial<Record<AppointmentField, string>>): { field: AppointmentField; message: string } | null {
  const field = APPOINTMENT_FIELDS.find((f) => errors[f] !== undefined);
  return field === undefined ? null : { field, message: errors[field]! };
}
