import { B, countValue, E, pattern, type TextScan } from './text';

/**
 * Times that recur (`ab 7 Uhr stündlich bis 10 Uhr`, `von 6 bis 12 Uhr alle 2 Stunden`, `stündlich
 * 7-10 Uhr`, `ab 6 Uhr halbstündlich`, `im 2-Stunden-Takt`): one delivery per step, as a dispatcher plans them.
 */

/** The step between two deliveries, said as a word or as `alle … Stunden/Minuten`. */
const INTERVAL = pattern(
  `${B}(?:(halb|zwei|drei|vier|[234])?\\s?-?stündlich\\p{L}*|jede\\s+(halbe\\s+)?stunde|alle\\s+(halbe|\\d|zwei|drei|vier)\\s+stunden?|alle\\s+(15|20|30|45|60|90)\\s*(?:min(?:uten)?\\.?)|(?:im\\s+)?(?:(halb)|(\\d|zwei|drei|vier)\\s?-?\\s?)?stunden-?takt)${E}`,
);
const INTERVAL_STEMS = ['stündlich', 'stuendlich', 'stunde', 'min', 'takt'];
const MINUTES_PER_HOUR = 60;
/** More steps than a day has hours are a typo (`alle 2 Minuten`), not a plan. */
export const MAX_STEPS = 24;

/** Minutes between two deliveries, when the text says the times recur; the words are taken. */
export function findInterval(scan: TextScan): number | null {
  if (!scan.mentionsOneOf(INTERVAL_STEMS)) return null;
  let every: number | null = null;
  scan.claim(INTERVAL, (m) => {
    const [, multiple, halfHour, hours, minutes, halfTakt, taktHours] = m;
    let step = MINUTES_PER_HOUR;
    if (multiple) step = multiple === 'halb' ? MINUTES_PER_HOUR / 2 : countValue(multiple) * MINUTES_PER_HOUR;
    else if (halfHour || halfTakt || hours === 'halbe') step = MINUTES_PER_HOUR / 2;
    else if (hours ?? taktHours) step = countValue((hours ?? taktHours)!) * MINUTES_PER_HOUR;
    else if (minutes) step = Number(minutes);
    if (!(step > 0)) return false;
    every ??= step;
    return true;
  });
  return every;
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * MINUTES_PER_HOUR + Number(time.slice(3, 5));
}

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / MINUTES_PER_HOUR)).padStart(2, '0')}:${String(minutes % MINUTES_PER_HOUR).padStart(2, '0')}`;
}

/** `from`, `from + every`, … up to `to` (both `HH:MM`), at most MAX_STEPS of them, within the day. */
export function stepsBetween(from: string, to: string, every: number): string[] {
  const steps: string[] = [];
  const end = minutesOf(to);
  for (let t = minutesOf(from); t <= end && t < 24 * MINUTES_PER_HOUR && steps.length < MAX_STEPS; t += every) steps.push(timeOf(t));
  return steps;
}

/** `count` steps from `from` (`ab 7 Uhr stündlich` with three trucks: 7, 8 and 9 o'clock). */
export function stepsFrom(from: string, every: number, count: number): string[] {
  return stepsBetween(from, '23:59', every).slice(0, Math.min(count, MAX_STEPS));
}
