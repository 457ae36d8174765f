/**
 * Dates and times of the Disposition. Business dates are `YYYY-MM-DD` of Europe/Berlin and times
 * `HH:MM` local; nothing here depends on the browser's own time zone.
 */

const ZONE = 'Europe/Berlin';

/**
 * A format made on first use, not when the module loads: making one with a time zone costs
 * milliseconds, and this module is part of the start chunk (the Disposition route reads the date).
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | null = null;
  return () => (format ??= new Intl.DateTimeFormat(locale, options));
}

const isoDateFormat = lazyFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const clockFormat = lazyFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const longDateFormat = lazyFormat('de-DE', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDateFormat = lazyFormat('de-DE', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

/** Today in Europe/Berlin as `YYYY-MM-DD`. */
export function todayInBerlin(now: Date = new Date()): string {
  return isoDateFormat().format(now);
}

/** Minutes since midnight of Europe/Berlin. */
export function berlinMinutes(now: Date = new Date()): number {
  const [h, m] = clockFormat().format(now).split(':').map(Number) as [number, number];
  return h * 60 + m;
}

function utcNoon(isoDate: string): Date {
  return new Date(`${isoDate}T12:00:00Z`);
}

export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = utcNoon(text);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** '2026-11-23' → 'Montag, 23. November 2026'. */
export function longGermanDate(isoDate: string): string {
  return isIsoDate(isoDate) ? longDateFormat().format(utcNoon(isoDate)) : isoDate;
}

/** '2026-11-23' → '23.11.2026'. */
export function shortGermanDate(isoDate: string): string {
  return isIsoDate(isoDate) ? shortDateFormat().format(utcNoon(isoDate)) : isoDate;
}

export function addDays(isoDate: string, days: number): string {
  const date = utcNoon(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** '8:05', '08:05:00' or '2026-11-23T08:05' → minutes since midnight; null when unreadable. */
export function minutesOf(time: string | null | undefined): number | null {
  if (!time) return null;
  const match = /(?:^|T)(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 485 → '08:05'; 1440 → '24:00'. */
export function clockOf(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The time of a `YYYY-MM-DDTHH:MM` value as `HH:MM`, or ''. */
export function clockOfDateTime(value: string | null | undefined): string {
  const minutes = minutesOf(value);
  return minutes === null ? '' : clockOf(minutes);
}

/** The body's `scheduledTime`: `YYYY-MM-DDTHH:MM` local time. */
export function scheduledTime(date: string, minutes: number): string {
  return `${date}T${clockOf(minutes)}`;
}
