import type { GeoPoint, RoadLeg } from '../travel/index';

/** One tour of a vehicle's day as the utilisation reads it (minutes since midnight). */
export interface ScheduledTour {
  id: string;
  tourNumber: string;
  status: string;
  start: number;
  end: number;
  /** The end is assumed (no planned end time). */
  endAssumed: boolean;
  /** Where the tour's planned times start from (its start plant), else its first loading plant. */
  startPoint: GeoPoint | null;
  /** The first loading plant. */
  firstLoading: GeoPoint | null;
  /** The last delivery plant (where the vehicle is when the tour ends). */
  lastDelivery: GeoPoint | null;
  emptyKm: number | null;
  loadedKm: number | null;
  tons: number;
  orderCount: number;
}

/** The leg between two places, synchronously (the offline travel model computes it in memory). */
export type LegOf = (from: GeoPoint, to: GeoPoint) => RoadLeg;

/** Tours ordered by start, then end. */
export function sortedTours<T extends { start: number; end: number }>(tours: readonly T[]): T[] {
  return [...tours].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Two tours of the vehicle overlap (dispatch.md §4 "Conflicts"). */
export function hasOverlap(tours: readonly { start: number; end: number }[]): boolean {
  const sorted = sortedTours(tours);
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.start < sorted[i - 1]!.end) return true;
  return false;
}

/** `HH:MM` of minutes since midnight (clamped to the day). */
export function clock(minutes: number): string {
  const m = Math.max(0, Math.min(23 * 60 + 59, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
