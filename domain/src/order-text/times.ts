import { B, countValue, E, pattern, type TextScan } from './text';

/** One delivery time the text names: each becomes its own order (§4.9). */
export type TimeSlot = { type: 'fixed'; time: string } | { type: 'range'; from: string; to: string };

// Hours as digits (7, 7:30, 7.30) or words (sieben); `ein`/`eine` are left out, they are articles.
const HOUR = '(?:\\d{1,2}(?:[:.]\\d{2})?|eins|zwei|zwo|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)';
// Not right after a digit, slash, comma or dot: `8/16, 7 Uhr` must not read 16 as an hour.
const TB = `(?<![\\p{L}\\d/.,:\\-–])`;
// `7 Uhr`, and in notes `7h`, `14:00 h`.
const UHR = '(?:\\s*(?:uhr|h))';
const NOT_QUANTITY =
  '(?!\\s*(?:t|to|tonnen?|m³|m3|cbm|kubik\\w*|kg|lkw|laster|fahrzeug\\w*|fzg?|fuhre|ladung|tour|kipper|zug|züge|sattel\\w*|silo\\w*|x|×|mal|/|[.,]\\d))';
// Between the times of a list: `7, 9 und 11`, `7 + 9`, `7 u. 9`.
const AND = '(?:,|und|u\\.?|&|\\+|sowie)';

/** An end of a range, a half hour too (`zwischen halb 7 und 8`): the groups `halb` and the hour. */
const RANGE_END = `(?:(halb)\\s+)?(${HOUR})`;
const BETWEEN = pattern(`${B}(?:zwischen|zw\\.)\\s*${RANGE_END}${UHR}?\\s*(?:und|-|–|bis)\\s*${RANGE_END}${UHR}?${E}`);
const FROM_TO = pattern(`${B}(?:von|ab)\\s+${RANGE_END}${UHR}?\\s*(?:bis|-|–)\\s*${RANGE_END}${UHR}?${E}${NOT_QUANTITY}`);
/** What joins the hours of FROM_TO and DASH_RANGE: one of them must be there. */
const RANGE_WORDS = ['bis', '-', '–'];
const DASH_RANGE = pattern(`${TB}(${HOUR})\\s*(?:-|–|bis)\\s*(${HOUR})${UHR}${E}`);
const HALF = pattern(`${B}(?:(?:um|gegen|ab)\\s+)?halb\\s+(${HOUR})${UHR}?${E}`);
// Lists are bounded (nobody names more than eight times), which also bounds backtracking on `7, 7, 7, …`.
const LIST_UHR = pattern(
  `${TB}(?:(?:um|gegen|ab|bis|spätestens|ca\\.?)\\s+)?${HOUR}(?:${UHR}?\\s*${AND}\\s*(?:um\\s+)?${HOUR}){0,7}${UHR}${E}`,
);
// `7 Uhr 30`: hours and minutes said apart.
const UHR_MINUTES = pattern(`${TB}(?:(?:um|gegen|ab)\\s+)?(\\d{1,2})\\s*uhr\\s+(\\d{2})${E}${NOT_QUANTITY}`);
/** What every match of UHR_MINUTES contains: a cheap test first. */
const UHR_MINUTES_HINT = /uhr\s+\d/;
// A bare hour right after the day (`morgen 7`, `Mo 6:30`), or a list of them (`Mo 7 und 10`), read
// only where nothing else names a time.
const BARE_HOUR = `\\d{1,2}(?:[:.]\\d{2})?(?![\\p{L}\\d/.,:\\-–])${NOT_QUANTITY}`;
const HOUR_AFTER_DAY = new RegExp(pattern(`[\\s,]*(${BARE_HOUR})`).source, 'uy');
const HOURS_AFTER_DAY = new RegExp(pattern(`[\\s,]*${BARE_HOUR}(?:\\s*${AND}\\s*${BARE_HOUR}){1,7}`).source, 'uy');
const BARE_HOUR_FROM = '05:00';
const BARE_HOUR_TO = '20:59';
const CLOCK = pattern(`${TB}(?:(?:um|gegen|ab|bis)\\s+)?(\\d{1,2}):(\\d{2})(?:\\s*h)?${E}`);
const UM_PLAIN = pattern(`${B}(?:um|gegen|ab)\\s+${HOUR}(?:\\s*${AND}\\s*(?:um\\s+)?${HOUR}){0,7}${E}${NOT_QUANTITY}`);
// Quarter hours as said: `viertel nach sieben` (07:15), `viertel vor acht` (07:45), `dreiviertel acht` (07:45).
const QUARTER = pattern(`${B}(?:(?:um|gegen|ab)\\s+)?viertel\\s+(nach|vor)\\s+(${HOUR})${UHR}?${E}`);
const THREE_QUARTERS = pattern(`${B}(?:(?:um|gegen|ab)\\s+)?drei\\s?viertel\\s+(${HOUR})${UHR}?${E}`);
// The part of the day turns `um 3` into 15:00: `nachmittags um 3`, `um 2 nachmittags`, `mittags um 1`.
const DAYPART = '(nachmittags?|abends?|mittags?)';
const DAYPART_FIRST = pattern(`${B}(?:am\\s+)?${DAYPART}\\s+(?:(?:um|gegen|ab)\\s+)?(${HOUR})${UHR}?${E}${NOT_QUANTITY}`);
const DAYPART_AFTER = pattern(`${TB}(?:(?:um|gegen|ab)\\s+)?(${HOUR})${UHR}?\\s+(?:am\\s+)?${DAYPART}${E}`);
// `morgen Mittag`, `gegen Mittag`: noon, when no hour is said (`über Mittag` is a break, not a time).
const NOON = pattern(`(?<!über\\s|ueber\\s)${B}(?:(?:gegen|zu|um|am)\\s+)?mittags?${E}`);
const HOURS_IN = pattern(HOUR);

/** `7` → `07:00`, `7:30`/`7.30` → `07:30`, `sieben` → `07:00`; null for 24 or 7:75. */
export function clockTime(value: string): string | null {
  const [h, m = '0'] = value.split(/[:.]/);
  const hours = countValue(h ?? '');
  const minutes = Number(m);
  if (!Number.isInteger(hours) || hours < 0 || hours > 23 || !Number.isInteger(minutes) || minutes < 0 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

const NOON_TIME = '12:00';
const EARLIEST_H_TIME = '05:00';

/** `3` said with `nachmittags` or `abends` is 15:00; with `mittags` only 1 to 5 move on (`mittags um 12`). */
function afternoon(hour: string, daypart: string): string | null {
  const time = clockTime(hour);
  if (time === null) return null;
  const h = Number(time.slice(0, 2));
  const later = daypart.startsWith('mittag') ? h >= 1 && h <= 5 : h >= 1 && h < 12;
  return later ? clockTime(`${h + 12}:${time.slice(3)}`) : time;
}

function hourAfterDay(scan: TextScan, dayEnds: readonly number[], slots: TimeSlot[]): void {
  const view = scan.view(true);
  for (const end of dayEnds) {
    HOURS_AFTER_DAY.lastIndex = end;
    const list = HOURS_AFTER_DAY.exec(view);
    const times = list ? [...list[0].matchAll(HOURS_IN)].map((h) => clockTime(h[0])) : [];
    if (list && times.every((time) => time !== null && time >= BARE_HOUR_FROM && time <= BARE_HOUR_TO)) {
      for (const time of times) addFixed(slots, time);
      scan.take(list.index, list.index + list[0].length);
      return;
    }
    HOUR_AFTER_DAY.lastIndex = end;
    const m = HOUR_AFTER_DAY.exec(view);
    const time = m ? clockTime(m[1]!) : null;
    if (m && time !== null && time >= BARE_HOUR_FROM && time <= BARE_HOUR_TO && addFixed(slots, time)) {
      scan.take(m.index, m.index + m[0].length);
      return;
    }
  }
}

function slotKey(slot: TimeSlot): string {
  return slot.type === 'fixed' ? slot.time : `${slot.from}-${slot.to}`;
}

function startOf(slot: TimeSlot): string {
  return slot.type === 'fixed' ? slot.time : slot.from;
}

/** `halb 7` is 6:30. */
function halfBefore(hour: string): string {
  return `${countValue(hour) - 1}:30`;
}

/** An end of RANGE_END as clockTime reads it. */
function rangeEnd(half: string | undefined, hour: string | undefined): string | undefined {
  return half && hour ? halfBefore(hour) : hour;
}

/** Adds a fixed time, when there is one; whether it did. */
function addFixed(slots: TimeSlot[], time: string | null): boolean {
  if (time === null) return false;
  slots.push({ type: 'fixed', time });
  return true;
}

/** Adds the range between two hours (a single time when they are equal); whether both were times. */
function addRange(slots: TimeSlot[], a: string | undefined, b: string | undefined): boolean {
  const from = clockTime(a ?? '');
  const to = clockTime(b ?? '');
  if (from === null || to === null) return false;
  if (from === to) slots.push({ type: 'fixed', time: from });
  else slots.push(from < to ? { type: 'range', from, to } : { type: 'range', from: to, to: from });
  return true;
}

/** Adds every hour of a list (`7, 9 und 11 Uhr`); nothing unless all of them are times. */
function addList(slots: TimeSlot[], text: string): boolean {
  const times = [...text.matchAll(HOURS_IN)].map((m) => clockTime(m[0]));
  if (times.length === 0 || times.some((t) => t === null)) return false;
  // `2 h` is a duration more often than a delivery time at night.
  if (/\dh$|\d\s+h$/.test(text) && times.some((t) => t! < EARLIEST_H_TIME)) return false;
  for (const time of times) slots.push({ type: 'fixed', time: time! });
  return true;
}

/**
 * The delivery times of the text, earliest first, each once. Empty when the text names none.
 * `dayEnds` are where the day words ended (a bare hour may follow them).
 */
export function findTimes(scan: TextScan, dayEnds: readonly number[] = []): TimeSlot[] {
  const slots: TimeSlot[] = [];
  // Each costly pattern only where its key word occurs.
  if (scan.mentions('zw')) scan.claim(BETWEEN, (m) => addRange(slots, rangeEnd(m[1], m[2]), rangeEnd(m[3], m[4])));
  if (scan.mentions('von', 'ab') && scan.mentions(...RANGE_WORDS)) scan.claim(FROM_TO, (m) => addRange(slots, rangeEnd(m[1], m[2]), rangeEnd(m[3], m[4])));
  if (scan.mentions(...RANGE_WORDS) && scan.mentions('h')) scan.claim(DASH_RANGE, (m) => addRange(slots, m[1], m[2]));
  if (scan.mentions('halb')) scan.claim(HALF, (m) => addFixed(slots, clockTime(halfBefore(m[1]!))));
  if (scan.mentions('viertel')) scan.claim(QUARTER, (m) => addFixed(slots, clockTime(`${countValue(m[2]!) - (m[1] === 'vor' ? 1 : 0)}:${m[1] === 'vor' ? 45 : 15}`)));
  if (scan.mentions('viertel') && scan.mentions('drei')) scan.claim(THREE_QUARTERS, (m) => addFixed(slots, clockTime(`${countValue(m[1]!) - 1}:45`)));
  if (scan.mentions('mittag', 'abend')) scan.claim(DAYPART_FIRST, (m) => addFixed(slots, afternoon(m[2]!, m[1]!)));
  if (scan.mentions('mittag', 'abend')) scan.claim(DAYPART_AFTER, (m) => addFixed(slots, afternoon(m[1]!, m[2]!)));
  if (scan.contains(UHR_MINUTES_HINT)) scan.claim(UHR_MINUTES, (m) => addFixed(slots, clockTime(`${m[1]}:${m[2]}`)));
  scan.claim(LIST_UHR, (m) => addList(slots, m[0]));
  if (scan.mentions(':')) scan.claim(CLOCK, (m) => addList(slots, `${m[1]}:${m[2]}`));
  if (scan.mentions('um', 'gegen', 'ab')) scan.claim(UM_PLAIN, (m) => addList(slots, m[0]));
  if (slots.length === 0 && scan.mentions('mittag')) scan.claim(NOON, () => addFixed(slots, NOON_TIME));
  if (slots.length === 0) hourAfterDay(scan, dayEnds, slots);

  const unique = new Map<string, TimeSlot>();
  for (const slot of slots) unique.set(slotKey(slot), slot);
  return [...unique.values()].sort((a, b) => (startOf(a) < startOf(b) ? -1 : startOf(a) > startOf(b) ? 1 : 0));
}
