/**
 * Opening hours as the workshop register writes them (`Mo-Fr 07:00-20:00, Sa 08:00-13:00`,
 * `Mo-So 00:00-24:00`): parts separated by commas or semicolons, each a day or a day range followed
 * by one or more time ranges. A day not named is closed.
 */

/** Monday first, as German opening hours are written; index 0..6. */
export const WEEKDAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Minutes of the day, `to` exclusive; `to` may be 1440 (24:00). */
export interface OpenWindow {
  from: number;
  to: number;
}

/** Per weekday (Mo = 0 … So = 6) the windows it is open, in order. */
export type WeeklyHours = OpenWindow[][];

const TIME_RANGE = /^([01]\d|2[0-4]):([0-5]\d)\s*[-–]\s*([01]\d|2[0-4]):([0-5]\d)$/;

function dayIndex(text: string): number {
  return WEEKDAYS.findIndex((d) => d.toLowerCase() === text.trim().toLowerCase().slice(0, 2));
}

function daysOf(text: string): number[] | null {
  const days: number[] = [];
  for (const piece of text.split('/')) {
    const [first, last, ...rest] = piece.split(/[-–]/).map((s) => s.trim());
    if (rest.length > 0 || !first || first.length < 2) return null;
    const from = dayIndex(first);
    const to = last === undefined ? from : last.length >= 2 ? dayIndex(last) : -1;
    if (from < 0 || to < 0) return null;
    // Fr-Mo wraps over the weekend.
    for (let d = from; ; d = (d + 1) % 7) {
      days.push(d);
      if (d === to) break;
    }
  }
  return days;
}

function windowOf(text: string): OpenWindow | null {
  const m = TIME_RANGE.exec(text.trim());
  if (!m) return null;
  const from = Number(m[1]) * 60 + Number(m[2]);
  const to = Number(m[3]) * 60 + Number(m[4]);
  if (from >= 1440 || to > 1440 || to <= from) return null;
  return { from, to };
}

/** The week the text describes, or null when a part cannot be read. */
export function parseOpeningHours(text: string): WeeklyHours | null {
  const week: WeeklyHours = WEEKDAYS.map(() => []);
  const parts = text.split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return null;
  for (const part of parts) {
    const [dayText, ...ranges] = part.split(/\s+(?=\d)/);
    if (!dayText || ranges.length === 0) return null;
    const days = daysOf(dayText);
    if (!days) return null;
    const windows = ranges.flatMap((r) => r.split(/\s*(?:\+|und)\s*|\s+/)).filter(Boolean).map(windowOf);
    if (windows.some((w) => w === null)) return null;
    for (const day of days) week[day]!.push(...(windows as OpenWindow[]));
  }
  for (const day of week) day.sort((a, b) => a.from - b.from);
  return week;
}

/** Mo = 0 … So = 6 of a local date `YYYY-MM-DD`. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** Minutes of the day of `HH:MM`. */
export function clockMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** `HH:MM` of minutes of the day (24:00 at the end of the day). */
export function clockText(minutes: number): string {
  const m = Math.max(0, Math.min(1440, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The windows the workshop is open on that date. */
export function openWindowsOn(hours: WeeklyHours, date: string): OpenWindow[] {
  return hours[weekdayOf(date)] ?? [];
}

/** Whether the workshop is open at that date and time. */
export function isOpenAt(hours: WeeklyHours, date: string, time: string): boolean {
  const minute = clockMinutes(time);
  return openWindowsOn(hours, date).some((w) => minute >= w.from && minute < w.to);
}
