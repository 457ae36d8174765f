import type { Tour } from '../../api/dispositionTypes';
import { minutesOf } from './time';

/**
 * Geometry of the timeline (dispatch.md §9): slots from startHour to endHour at the interval, slot
 * widths by interval scaled by zoom, tours drawn across their start and end (without end: 1 hour).
 */

/** §9: 64, 80, 96 or 112 px for intervals up to 15, up to 30, up to 60 minutes, longer. */
export function baseSlotWidth(interval: number): number {
  if (interval <= 15) return 64;
  if (interval <= 30) return 80;
  if (interval <= 60) return 96;
  return 112;
}

export function slotWidth(interval: number, zoomPercent: number): number {
  return Math.round((baseSlotWidth(interval) * zoomPercent) / 100);
}

/** Start minute of every slot. */
export function slotStarts(startHour: number, endHour: number, interval: number): number[] {
  const result: number[] = [];
  for (let minute = startHour * 60; minute < endHour * 60; minute += interval) result.push(minute);
  return result;
}

/** §9: virtual scrolling when slots exceed 28, vehicles exceed 10, slots × vehicles exceeds 300, or the interval is 15 minutes or less. */
export function needsVirtualScrolling(slots: number, vehicles: number, interval: number): boolean {
  return slots > 28 || vehicles > 10 || slots * vehicles > 300 || interval <= 15;
}

/** §9: complexity label high above 300, medium above 150. */
export function complexityLevel(complexity: number): 'high' | 'medium' | 'low' {
  if (complexity > 300) return 'high';
  if (complexity > 150) return 'medium';
  return 'low';
}

/** §9: a tour without end lasts 1 hour. */
export const DEFAULT_TOUR_MINUTES = 60;

/** [start, end) of a tour in minutes of its day. */
export function tourSpan(tour: Pick<Tour, 'start_time' | 'startTime' | 'end_time' | 'endTime'>): [number, number] {
  const start = minutesOf(tour.start_time) ?? minutesOf(tour.startTime) ?? 0;
  const end = minutesOf(tour.end_time) ?? minutesOf(tour.endTime);
  return [start, end === null || end <= start ? start + DEFAULT_TOUR_MINUTES : end];
}

export interface Placement {
  left: number;
  width: number;
  /** Parts of the tour lie before the window's start or after its end. */
  clippedStart: boolean;
  clippedEnd: boolean;
}

/** Where a span sits in the lane, or null when it lies outside the window. */
export function placeSpan(span: [number, number], startHour: number, endHour: number, interval: number, width: number): Placement | null {
  const windowStart = startHour * 60;
  const windowEnd = endHour * 60;
  if (span[1] <= windowStart || span[0] >= windowEnd) return null;
  const from = Math.max(span[0], windowStart);
  const to = Math.min(span[1], windowEnd);
  return {
    left: ((from - windowStart) / interval) * width,
    width: Math.max(((to - from) / interval) * width, 12),
    clippedStart: span[0] < windowStart,
    clippedEnd: span[1] > windowEnd,
  };
}

/** Overlapping tours of a vehicle go into separate lanes of its row (interval partitioning). */
export function assignLanes<T>(items: readonly T[], spanOf: (item: T) => [number, number]): { lanes: Map<T, number>; count: number } {
  const sorted = [...items].sort((a, b) => spanOf(a)[0] - spanOf(b)[0] || spanOf(a)[1] - spanOf(b)[1]);
  const laneEnds: number[] = [];
  const lanes = new Map<T, number>();
  for (const item of sorted) {
    const [start, end] = spanOf(item);
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else {
      laneEnds[lane] = end;
    }
    lanes.set(item, lane);
  }
  return { lanes, count: Math.max(1, laneEnds.length) };
}

export const ROW_PADDING = 6;
export const LANE_HEIGHT = 48;
export const VEHICLE_COLUMN_WIDTH = 210;
export const HEADER_HEIGHT = 34;

export function rowHeight(laneCount: number): number {
  return ROW_PADDING * 2 + Math.max(1, laneCount) * LANE_HEIGHT;
}
