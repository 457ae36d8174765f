import { createHash } from 'node:crypto';
import { addDays, berlinDate } from '@dispo/domain/shared/berlin-date';

/** Stable ids from names, so that a second start finds what the first one seeded. */
export function demoId(kind: string, name: string): string {
  const h = createHash('sha256').update(`dispo-demo:${kind}:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The Berlin calendar day `days` after today (the catalogue counts deadlines from the day of seeding). */
export function berlinDayIn(days: number, today: Date = new Date()): string {
  return addDays(berlinDate(today), days);
}
