import type { EstimationKey } from '@dispo/events/catalog/index';
import { ESTIMATED_HOURS } from '../workshop-appointment/appointment-rules';
import { clockMinutes, clockText, type OpenWindow } from './opening-hours';

/** dispatch.md §9 / fleet.md §9: default repair duration and booking duration, minutes. */
export const DEFAULT_REPAIR_MINUTES = 240;
/** dispatch.md §9: a tour without end time is assumed to last 1 hour. */
export const ASSUMED_TOUR_MINUTES = 60;

/** fleet.md §9 estimated duration of a service, minutes; unknown keys take the default booking duration. */
export function estimatedMinutes(serviceType: string | null | undefined): number {
  const hours = serviceType ? ESTIMATED_HOURS[serviceType as EstimationKey] : undefined;
  return hours === undefined ? DEFAULT_REPAIR_MINUTES : Math.round(hours * 60);
}

/** A tour of the day as the smart service looks at it. */
export interface DayTour {
  tourId: string;
  tourNumber: string;
  startTime: string;
  endTime: string | null;
  /** How many orders it carries. */
  orderCount: number;
}

export type ConflictType = 'complete_overlap' | 'partial';
export type Severity = 'high' | 'medium' | 'low';

export interface AffectedTour {
  tourId: string;
  tourNumber: string;
  startTime: string;
  endTime: string;
  affectedOrders: number;
  severity: Severity;
  conflictType: ConflictType;
}

export interface ConflictAnalysis {
  hasConflicts: boolean;
  conflictCount: number;
  totalAffectedOrders: number;
  /** `HH:MM` the repair ends; `24:00` when it runs into the night. */
  vehicleAvailableAgain: string;
  redistributionRequired: boolean;
  estimatedRepairDuration: number;
  affectedTours: AffectedTour[];
}

/** A tour's span in minutes: its end, else the assumed hour. */
export function tourSpan(tour: Pick<DayTour, 'startTime' | 'endTime'>): OpenWindow {
  const from = clockMinutes(tour.startTime);
  const end = tour.endTime ? clockMinutes(tour.endTime) : from + ASSUMED_TOUR_MINUTES;
  return { from, to: Math.max(end, from + 1) };
}

/**
 * The tours a repair from `appointmentTime` for `durationMinutes` runs into: `complete_overlap` when
 * the tour lies wholly inside the repair, `partial` when only part of it does. Severity: high for a
 * complete overlap or a tour with more than two orders, medium when more than half of the tour is
 * lost, low otherwise.
 */
export function classifyConflicts(tours: readonly DayTour[], appointmentTime: string, durationMinutes: number): ConflictAnalysis {
  const from = clockMinutes(appointmentTime);
  const to = Math.min(1440, from + durationMinutes);
  const affectedTours: AffectedTour[] = [];
  for (const tour of [...tours].sort((a, b) => a.startTime.localeCompare(b.startTime))) {
    const span = tourSpan(tour);
    const overlap = Math.min(span.to, to) - Math.max(span.from, from);
    if (overlap <= 0) continue;
    const conflictType: ConflictType = span.from >= from && span.to <= to ? 'complete_overlap' : 'partial';
    const share = overlap / (span.to - span.from);
    const severity: Severity = conflictType === 'complete_overlap' || tour.orderCount > 2 ? 'high' : share > 0.5 ? 'medium' : 'low';
    affectedTours.push({
      tourId: tour.tourId,
      tourNumber: tour.tourNumber,
      startTime: tour.startTime,
      endTime: clockText(span.to),
      affectedOrders: tour.orderCount,
      severity,
      conflictType,
    });
  }
  return {
    hasConflicts: affectedTours.length > 0,
    conflictCount: affectedTours.length,
    totalAffectedOrders: affectedTours.reduce((n, t) => n + t.affectedOrders, 0),
    vehicleAvailableAgain: clockText(to),
    redistributionRequired: affectedTours.length > 0,
    estimatedRepairDuration: durationMinutes,
    affectedTours,
  };
}

/** The end of the day's last tour (`HH:MM`), null without tours. */
export function lastTourEnd(tours: readonly DayTour[]): string | null {
  if (tours.length === 0) return null;
  return clockText(Math.max(...tours.map((t) => tourSpan(t).to)));
}

const roundUpToHalfHour = (minutes: number) => Math.ceil(minutes / 30) * 30;

export type SuggestionReason = 'afterLastTour' | 'freeDay' | 'freeWindow' | 'none';

/**
 * When the repair fits the day: after the last tour if it still ends inside an opening window;
 * else the first gap between tours (inside an opening window) long enough; else none (next day).
 * `opening` are the windows the chosen workshop is open that day (none known: 06:00–20:00).
 */
export function suggestAppointment(
  tours: readonly DayTour[],
  durationMinutes: number,
  opening: readonly OpenWindow[] = [{ from: 360, to: 1200 }],
  notBefore = 0,
): { time: string | null; reason: SuggestionReason; gap?: OpenWindow } {
  const spans = tours.map(tourSpan).sort((a, b) => a.from - b.from);
  const fits = (start: number) => opening.some((w) => start >= w.from && start + durationMinutes <= w.to);
  const startIn = (from: number) => {
    for (const w of opening) {
      const start = roundUpToHalfHour(Math.max(from, w.from, notBefore));
      if (start + durationMinutes <= w.to) return start;
    }
    return null;
  };
  if (spans.length === 0) {
    const start = startIn(0);
    return start === null ? { time: null, reason: 'none' } : { time: clockText(start), reason: 'freeDay' };
  }
  const afterLast = startIn(Math.max(...spans.map((s) => s.to)));
  if (afterLast !== null && fits(afterLast)) return { time: clockText(afterLast), reason: 'afterLastTour' };
  let free = 0;
  for (const span of spans) {
    const start = startIn(free);
    if (start !== null && start + durationMinutes <= span.from) return { time: clockText(start), reason: 'freeWindow', gap: { from: start, to: span.from } };
    free = Math.max(free, span.to);
  }
  return { time: null, reason: 'none' };
}

/**
 * The appointment type a Smart Service booking gets from its service type (fleet.md §9 estimation
 * keys): inspections are HU, an oil change is Service, the rest Reparatur (Reparatur Allgemein).
 */
export const BOOKING_APPOINTMENT_TYPE: Record<EstimationKey, 'HU' | 'Service' | 'Reparatur'> = {
  inspection: 'HU',
  'oil-change': 'Service',
  'tire-change': 'Reparatur',
  'brake-service': 'Reparatur',
  'major-repair': 'Reparatur',
  emergency: 'Reparatur',
  general: 'Reparatur',
};

/** A human-readable booking reference: `WS-` + the appointment day `YYMMDD` + four digits. */
export function bookingReference(appointmentDate: string, fourDigits: number): string {
  return `WS-${appointmentDate.slice(2, 4)}${appointmentDate.slice(5, 7)}${appointmentDate.slice(8, 10)}-${String(fourDigits % 10000).padStart(4, '0')}`;
}
