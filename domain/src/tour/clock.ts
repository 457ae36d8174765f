/** Local times `HH:MM` of one business day, as minutes since midnight and back. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function clockOf(minutes: number): string {
  const clamped = Math.max(0, Math.min(23 * 60 + 59, minutes));
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

/** A tour without end time lasts one hour (dispatch.md §9). */
export const DEFAULT_TOUR_MINUTES = 60;

/** [start, end) of a tour in minutes of its day. */
export function tourSpan(startTime: string, endTime: string | null): [number, number] {
  const start = minutesOf(startTime);
  const end = endTime === null ? start + DEFAULT_TOUR_MINUTES : minutesOf(endTime);
  return [start, Math.max(end, start + 1)];
}

/** Two tours of one vehicle overlap (dispatch.md §4 "Conflicts"). */
export function overlaps(a: [number, number], b: [number, number]): boolean {
  return a[0] < b[1] && b[0] < a[1];
}
