/**
 * Format rules shared by the deciders. They are stricter than the event schemas where the business
 * needs it: a date must exist in the calendar, not only look like `YYYY-MM-DD`.
 */

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
// Deliberately simple: one @, a dot in the domain, no spaces. Mail delivery is the real test.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const GERMAN_POSTAL_CODE = /^\d{5}$/;

/** A real calendar date written `YYYY-MM-DD` (2026-02-30 is refused). */
export function isLocalDate(value: string): boolean {
  const match = LOCAL_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A time of day written `HH:MM`, 00:00 to 23:59. */
export function isClockTime(value: string): boolean {
  return CLOCK_TIME.test(value);
}

/** `HH:MM` strings of equal width compare correctly as text. */
export function isBefore(earlier: string, later: string): boolean {
  return earlier < later;
}

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

export function isGermanPostalCode(value: string): boolean {
  return GERMAN_POSTAL_CODE.test(value);
}

export function isLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= -180 && value <= 180;
}
