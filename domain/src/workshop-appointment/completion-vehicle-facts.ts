import type { AppointmentType, CompletionResult } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { cleanText, refuse } from '../shared';
import { isCalendarDate } from './appointment-fields';

const ws = messages.workshopScreen;

/** The appointment types that are a service: completing one that took place is the vehicle's last service. */
export const SERVICE_TYPES: readonly AppointmentType[] = ['Service', 'Kundendienst'];
/** The appointment type that renews the HU (Hauptuntersuchung): the wizard asks for the new date. */
export const INSPECTION_TYPE: AppointmentType = 'HU';

/** What the completion wizard may collect about the vehicle (issue 31); all optional. */
export interface VehicleFactsInput {
  odometerKm?: number | null;
  nextServiceDue?: string | null;
  inspectionUntil?: string | null;
}

export interface VehicleFactsOfCompletion {
  odometerKm: number | null;
  lastServiceDate: string | null;
  nextServiceDue: string | null;
  inspectionUntil: string | null;
}

const MAX_ODOMETER_KM = 10_000_000;

function laterDate(value: string | null | undefined, after: string, field: string, message: string): string | null {
  const date = cleanText(value);
  if (date === null) return null;
  if (!isCalendarDate(date)) refuse('validation', ws.invalidDate, [field]);
  if (date <= after) refuse('validation', message, [field]);
  return date;
}

/**
 * The vehicle facts a completed appointment records in its event (the vehicle takes them from there,
 * `vehicleChangesOfCompletion`): the odometer read at the workshop, the appointment's day as the last
 * service for a service type, the next service due and, for an HU, the new HU date, each after the
 * appointment's day.
 */
export function vehicleFactsOfCompletion(input: VehicleFactsInput, type: AppointmentType, date: string): VehicleFactsOfCompletion {
  const odometerKm = input.odometerKm ?? null;
  if (odometerKm !== null && !(Number.isFinite(odometerKm) && odometerKm >= 0 && odometerKm <= MAX_ODOMETER_KM)) {
    refuse('validation', ws.odometerInvalid, ['odometerKm']);
  }
  return {
    odometerKm: odometerKm === null ? null : Math.round(odometerKm),
    lastServiceDate: SERVICE_TYPES.includes(type) ? date : null,
    nextServiceDue: laterDate(input.nextServiceDue, date, 'nextServiceDue', ws.nextServiceAfterAppointment),
    inspectionUntil: type === INSPECTION_TYPE ? laterDate(input.inspectionUntil, date, 'inspectionUntil', ws.inspectionAfterAppointment) : null,
  };
}

/**
 * What a completion changes on its vehicle, from the event alone (read.vehicles applies it): each fact
 * it recorded; nothing for a trailer, an appointment that did not take place or an older event.
 */
export function vehicleChangesOfCompletion(result: CompletionResult): Partial<VehicleFactsOfCompletion> {
  if (result.kind !== 'vehicle' || !result.completed) return {};
  const changes: Partial<VehicleFactsOfCompletion> = {};
  if (result.odometerKm !== null && result.odometerKm !== undefined) changes.odometerKm = result.odometerKm;
  if (result.lastServiceDate) changes.lastServiceDate = result.lastServiceDate;
  if (result.nextServiceDue) changes.nextServiceDue = result.nextServiceDue;
  if (result.inspectionUntil) changes.inspectionUntil = result.inspectionUntil;
  return changes;
}
