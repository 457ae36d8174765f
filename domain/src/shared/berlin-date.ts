/** Built once: constructing an Intl.DateTimeFormat costs far more than formatting with it. */
const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The business date (YYYY-MM-DD) of an instant in Europe/Berlin, whatever the server's zone. */
export function berlinDate(at: Date): string {
  return berlinDay.format(at);
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const berlinParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Minutes Berlin is ahead of UTC at `at` (60 in winter, 120 in summer). */
export function berlinOffsetMinutes(at: Date): number {
  const p = Object.fromEntries(berlinParts.formatToParts(at).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the Berlin clock shows `time` (HH:MM) on `date` (not meant for the hour skipped in spring). */
export function berlinInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  // First guess with the offset at the wall time read as UTC, then once more with the offset found there.
  const guess = wall - berlinOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - berlinOffsetMinutes(new Date(guess)) * 60_000);
}
