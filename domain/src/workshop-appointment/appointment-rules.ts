import type { AppointmentSubject, AppointmentType, EstimationKey } from '@dispo/events/catalog/index';

/** fleet.md §3: the appointment types a vehicle's wizard and edit dialog offer. */
export const VEHICLE_APPOINTMENT_TYPES = ['HU', 'SP', 'Kundendienst', 'Reparatur', 'Service', 'Schnellreparatur'] as const satisfies readonly AppointmentType[];
/** The planning wizard offers these; Schnellreparatur only in the edit dialog. */
export const VEHICLE_WIZARD_TYPES = ['HU', 'SP', 'Kundendienst', 'Reparatur', 'Service'] as const satisfies readonly AppointmentType[];
/** fleet.md §3: trailer appointment types. */
export const TRAILER_APPOINTMENT_TYPES = ['HU', 'SP', 'Sonstiges', 'Silo-Schweißen'] as const satisfies readonly AppointmentType[];

export function typesFor(kind: AppointmentSubject['kind']): readonly AppointmentType[] {
  return kind === 'vehicle' ? VEHICLE_APPOINTMENT_TYPES : TRAILER_APPOINTMENT_TYPES;
}

/** fleet.md §2: the workshop choice "Andere" asks for a free name. */
export const OTHER_WORKSHOP = 'Andere';
/** fleet.md §9: default appointment time. */
export const DEFAULT_APPOINTMENT_TIME = '09:00';

/** fleet.md §9 estimated durations in hours per estimation key. */
export const ESTIMATED_HOURS: Record<EstimationKey, number> = {
  inspection: 2,
  'oil-change': 1,
  'tire-change': 1.5,
  'brake-service': 3,
  'major-repair': 8,
  emergency: 4,
  general: 3,
};

/** Which estimation key an appointment type takes (a booking may name another). */
export const ESTIMATION_KEY_OF_TYPE: Record<AppointmentType, EstimationKey> = {
  HU: 'inspection',
  SP: 'inspection',
  Kundendienst: 'general',
  Reparatur: 'major-repair',
  Service: 'oil-change',
  Schnellreparatur: 'emergency',
  Sonstiges: 'general',
  'Silo-Schweißen': 'major-repair',
};

/** Minutes of the day of `HH:MM`. */
export function minutesOfClock(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/**
 * The window an appointment keeps its vehicle from work on its day, in minutes of the day: from its
 * time for the estimated duration, at most to midnight.
 */
export function workshopWindow(a: { time: string; estimationKey: EstimationKey; bookedMinutes?: number | null }): { from: number; to: number } {
  const from = minutesOfClock(a.time);
  // A Smart Service booking keeps its own duration (ADR 0012).
  const minutes = a.bookedMinutes ?? Math.round(ESTIMATED_HOURS[a.estimationKey] * 60);
  return { from, to: Math.min(24 * 60, from + minutes) };
}

/** Whether a tour [start, end) on the same day overlaps the appointment's window. */
export function overlapsWorkshop(a: { time: string; estimationKey: EstimationKey }, tour: { start: number; end: number }): boolean {
  const w = workshopWindow(a);
  return tour.start < w.to && tour.end > w.from;
}

/**
 * fleet.md §4 "pending completion": the date is today or earlier and it is not yet completion-tracked
 * (and not deleted).
 */
export function isPendingCompletion(a: { date: string; status: string }, today: string): boolean {
  return a.status === 'pending' && a.date <= today;
}

/**
 * fleet.md §9 trailer keywords with their dashed variants; matched as words of the notes, case-insensitive.
 */
export const TRAILER_KEYWORDS = ['auflieger', 'anhänger', 'trailer', 'sattel', 'sattelauflieger', 'sattel-auflieger', 'anhaenger', 'sattel-trailer'] as const;

/** The trailer keywords the notes contain (whole words or parts of a dashed word). */
export function detectTrailerKeywords(notes: string): string[] {
  const words = notes.toLowerCase().split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
  const found = new Set<string>();
  for (const word of words) {
    for (const keyword of TRAILER_KEYWORDS) {
      if (word === keyword || word.split('-').includes(keyword)) found.add(keyword);
    }
  }
  return [...found];
}

/**
 * fleet.md §4 Trailer suggestion: the notes contain a trailer keyword, the vehicle has a trailer and
 * the trimmed notes are longer than 5 characters.
 */
export function suggestsTrailer(notes: string, hasTrailer: boolean): boolean {
  return hasTrailer && notes.trim().length > 5 && detectTrailerKeywords(notes).length > 0;
}
