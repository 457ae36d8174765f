import { findInterval, stepsBetween } from './recurring-times';
import { B, BLANK, countValue, E, pattern, type TextScan, WORD_CHARS } from './text';

/** One delivery time the text names: each becomes its own order (§4.9). */
export type TimeSlot = { type: 'fixed'; time: string } | { type: 'range'; from: string; to: string };

// Hours as digits (7, 7:30, 7.30) or words (sieben); `ein`/`eine` are left out, they are articles.
const HOUR = '(?:\\d{1,2}(?:[:.]\\d{2})?|eins|zwei|zwo|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)';
/** The dashes people type between two hours: hyphen, en dash, em dash, figure dash, minus. */
const DASH = '(?:-|–|—|‒|−)';
// Not right after a digit, slash, comma, dot or dash: `8/16, 7 Uhr` must not read 16 as an hour.
const TB = `(?<![${WORD_CHARS}/.,:\\-–—‒−])`;
// The words before a time: `um 7`, `gegen 9`, `gg. 9`, `ab 6`.
const AT = '(?:um|gegen|gg\\.|ab)';
// `7 Uhr`, and in notes `7h`, `14:00 h`.
const UHR = '(?:\\s*(?:uhr|h))';
const QUANTITY_WORD = '(?:t|to|tonnen?|m³|m3|cbm|kubik\\w*|kg|lkw|laster|fahrzeug\\w*|fzg?|fuhre|ladung|tour|kipper|zug|züge|sattel\\w*|silo\\w*|x|×|mal)';
const NOT_QUANTITY = `(?!\\s*(?:${QUANTITY_WORD}|/|[.,]\\d))`;
// Between the times of a list: `7, 9 und 11`, `7 + 9`, `7 u. 9`.
const AND = '(?:,|und|u\\.?|&|\\+|sowie)';

/** An end of a range, a half hour too (`zwischen halb 7 und 8`): the groups `halb` and the hour. */
const RANGE_END = `(?:(halb)\\s+)?(${HOUR})`;
const BETWEEN = pattern(`${B}(?:zwischen|zw\\.)\\s*${RANGE_END}${UHR}?\\s*(?:und|${DASH}|bis)\\s*${RANGE_END}${UHR}?${E}`);
const FROM_TO = pattern(`${B}(?:von|ab)\\s+${RANGE_END}${UHR}?\\s*(?:bis|${DASH})\\s*${RANGE_END}${UHR}?${E}${NOT_QUANTITY}`);
/** What joins the hours of FROM_TO and DASH_RANGE: one of them must be there. */
const RANGE_WORDS = ['bis', '-', '–', '—', '‒', '−'];
const DASH_RANGE = pattern(`${TB}(${HOUR})\\s*(?:${DASH}|bis)\\s*(${HOUR})${UHR}${E}`);
/** `07:00–09:00`: two clock times need no `Uhr` to be a range. */
const CLOCK_RANGE = pattern(`${TB}(\\d{1,2}[:.]\\d{2})\\s*${DASH}\\s*(\\d{1,2}[:.]\\d{2})${UHR}?${E}`);
/** What every match of CLOCK_RANGE contains: a cheap test first. */
const CLOCK_RANGE_HINT = /\d[:.]\d\d\s*[-–—‒−]/;
// Parts of the day, written out or short (`vorm.`, `nachm.`); the later ones move `3` to 15:00.
const MORNING = '(?:früh|morgens|vormittags?|vorm\\.)';
const LATER = '(nachmittags?|nachm\\.|abends?|mittags?)';
/**
 * A range after a part of the day needs no `Uhr`: `vormittags 8-12`, `nachmittags 1-3`, `nachm. 14-16
 * Uhr`, `nachmittags zwischen 1 und 3`. Groups: the later part of the day, `zwischen`, the hours and
 * what joins them (`und` only after `zwischen`: `morgens 8 und 10 Uhr` is two times).
 */
const DAYPART_RANGE = pattern(
  `${B}(?:am\\s+)?(?:${MORNING}|${LATER})\\s*(?:(?:von|(zwischen|zw\\.))\\s*)?(${HOUR})${UHR}?\\s*(${DASH}|bis|und)\\s*(${HOUR})${UHR}?${E}${NOT_QUANTITY}`,
);
/**
 * Half of the day beside a time already read (`Sa. vorm. 9 Uhr`, `nachm. 14 Uhr`) says nothing more;
 * `früh` and `morgens` stay notes (`morgen früh`: as early as may be).
 */
const HALF_DAY = '(?:vormittags?|vorm\\.|nachmittags?|nachm\\.|abends?)';
const HALF_DAY_BESIDE_TIME = pattern(`(?<=${BLANK}\\s*)${HALF_DAY}(?!\\p{L})|${B}${HALF_DAY}(?=\\s*${BLANK})`);
const DAYPART_STEMS = ['früh', 'frueh', 'morgens', 'vorm', 'mittag', 'nachm', 'abend'];
/** Hours parted by slashes: `6/8/10 Uhr`, `6:30/8:30/10:30`, `7h/10h` (without `Uhr` only clock times, or it is a grain size). */
const SLASH_LIST = pattern(`${TB}(?:${AT}\\s+)?(${HOUR}(?:${UHR}?\\s*/\\s*${HOUR}){1,7})(${UHR})?${E}`);
/**
 * A count of trucks at a time: `2x 7 Uhr`, `7 Uhr 2x`, `3 x 6:30`, `2x um 9`. Groups: the count, the
 * word before the hour, the hour and its `Uhr` (COUNT_AFTER: the word, the hour, `Uhr`, the count).
 */
const COUNT_FIRST = pattern(`${TB}(\\d{1,2})\\s*[x×]\\s*(?:(${AT})\\s*)?(\\d{1,2}(?:[:.]\\d{2})?)(${UHR})?${E}`);
const COUNT_AFTER = pattern(`${TB}(?:(${AT})\\s*)?(\\d{1,2}(?:[:.]\\d{2})?)(${UHR})?\\s*(\\d{1,2})\\s*[x×]${E}`);
/** An hour without minutes in a slash list: without `Uhr` after the list, `8/16` is a grain size. */
const HOUR_WITHOUT_MINUTES = /(?:^|\/)\s*\d{1,2}(?:\s|\/|$)/;
/** What every match of SLASH_LIST contains: `Uhr`, a third hour or a clock time beside a slash (a cheap test first). */
const SLASH_LIST_HINT = /\d\s*\/\s*\d+(?:[:.]\d\d)?\s*(?:\/|uhr|h(?![a-zäöüß]))|[:.]\d\d\s*\/|\d\s*(?:uhr|h)\s*\/\s*\d/;
/** What every match of LIST_UHR and DASH_RANGE contains: `Uhr`, or `h` after a digit. */
const UHR_HINT = /uhr|\d\s*h(?![a-zäöüß])/;
/**
 * After a form's label a bare hour is the time: `Uhrzeit: 9`, `Zeit - 7.30`; not an amount or a
 * duration (`Lieferzeit 3 Tage`), and a bare hour only by day (BARE_HOUR_FROM to BARE_HOUR_TO).
 */
const TIME_LABEL = pattern(
  `${B}(?:uhrzeit|lieferzeit|anlieferzeit|ankunft|zeit)(?:\\s*(?::|=|${DASH}))?\\s*(\\d{1,2}(?:[:.]\\d{2})?)${UHR}?${E}(?!\\s*(?:${QUANTITY_WORD}${E}|tag|woche|stunde|std|min|/\\s*\\d))`,
);
const TIME_LABEL_STEMS = ['zeit', 'ankunft'];
const HALF = pattern(`${B}(?:${AT}\\s+)?halb\\s+(${HOUR})${UHR}?${E}`);
// Lists are bounded (nobody names more than eight times), which also bounds backtracking on `7, 7, 7, …`.
const LIST_UHR = pattern(
  `${TB}(?:(?:um|gegen|gg\\.|ab|bis|spätestens|ca\\.?)\\s+)?${HOUR}(?:${UHR}?\\s*${AND}\\s*(?:um\\s+)?${HOUR}){0,7}${UHR}${E}`,
);
// `7 Uhr 30`: hours and minutes said apart.
const UHR_MINUTES = pattern(`${TB}(?:${AT}\\s+)?(\\d{1,2})\\s*uhr\\s+(\\d{2})${E}${NOT_QUANTITY}`);
/** What every match of UHR_MINUTES contains: a cheap test first. */
const UHR_MINUTES_HINT = /uhr\s+\d/;
// A bare hour right after the day (`morgen 7`, `Mo 6:30`), or a list of them (`Mo 7 und 10`), read
// only where nothing else names a time.
const BARE_HOUR = `\\d{1,2}(?:[:.]\\d{2})?(?![${WORD_CHARS}/.,:\\-–—‒−])${NOT_QUANTITY}`;
const HOUR_AFTER_DAY = new RegExp(pattern(`[\\s,]*(${BARE_HOUR})`).source, 'uy');
const HOURS_AFTER_DAY = new RegExp(pattern(`[\\s,]*${BARE_HOUR}(?:\\s*${AND}\\s*${BARE_HOUR}){1,7}`).source, 'uy');
/** A range of bare hours right after the day: `Mo. 7–9`, `morgen 6-8`. */
const RANGE_AFTER_DAY = new RegExp(pattern(`[\\s,]*(\\d{1,2}(?:[:.]\\d{2})?)\\s*${DASH}\\s*(${BARE_HOUR})`).source, 'uy');
const BARE_HOUR_FROM = '05:00';
const BARE_HOUR_TO = '20:59';
const CLOCK = pattern(`${TB}(?:(?:${AT}|bis)\\s+)?(\\d{1,2}):(\\d{2})(?:\\s*h)?${E}`);
const UM_PLAIN = pattern(`${B}${AT}\\s+${HOUR}(?:\\s*${AND}\\s*(?:um\\s+)?${HOUR}){0,7}${E}${NOT_QUANTITY}`);
// Quarter hours as said: `viertel nach sieben` (07:15), `viertel vor acht` (07:45), `dreiviertel acht` (07:45).
const QUARTER = pattern(`${B}(?:${AT}\\s+)?viertel\\s+(nach|vor)\\s+(${HOUR})${UHR}?${E}`);
const THREE_QUARTERS = pattern(`${B}(?:${AT}\\s+)?drei\\s?viertel\\s+(${HOUR})${UHR}?${E}`);
// The part of the day turns `um 3` into 15:00: `nachmittags um 3`, `um 2 nachmittags`, `mittags um 1`.
const DAYPART_FIRST = pattern(`${B}(?:am\\s+)?${LATER}\\s+(?:${AT}\\s+)?(${HOUR})${UHR}?${E}${NOT_QUANTITY}`);
const DAYPART_AFTER = pattern(`${TB}(?:${AT}\\s+)?(${HOUR})${UHR}?\\s+(?:am\\s+)?${LATER}${E}`);
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
    RANGE_AFTER_DAY.lastIndex = end;
    const range = RANGE_AFTER_DAY.exec(view);
    const from = range ? byDay(clockTime(range[1]!)) : null;
    const to = range ? byDay(clockTime(range[2]!)) : null;
    if (range && from !== null && to !== null && from < to && addRange(slots, from, to)) {
      scan.take(range.index, range.index + range[0].length);
      return;
    }
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

export function slotKey(slot: TimeSlot): string {
  return slot.type === 'fixed' ? slot.time : `${slot.from}-${slot.to}`;
}

export function startOf(slot: TimeSlot): string {
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

/**
 * Adds a time with its count of trucks (`2x 7 Uhr`); whether it was a time. A function of its own,
 * not a closure in findTimes: the runtime (tsx) names every named closure as it is made, for every text.
 */
function addCounted(slots: TimeSlot[], counts: Map<string, number>, count: string, at: string | undefined, time: string | undefined, uhr: string | undefined): boolean {
  const clock = clockTime(time ?? '');
  // Without `um` or `Uhr` only a clock time is a time: `3x 16 m³` counts loads.
  if (clock === null || !(at || uhr || time!.length > 2) || !addFixed(slots, clock)) return false;
  counts.set(clock, (counts.get(clock) ?? 0) + Number(count));
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

/** The delivery times of a text, and how they are to be planned. */
export interface TimeFinding {
  /** Each time once, earliest first; empty when the text names none. */
  slots: TimeSlot[];
  /** Trucks named per time (`2x 7 Uhr und 1x 10 Uhr`), by slotKey; null when none is. */
  counts: ReadonlyMap<string, number> | null;
  /**
   * Minutes between deliveries when the times recur (`stündlich`): the slots are its steps already,
   * or, with no end said (`ab 7 Uhr stündlich`), where they start, and the truck count says how often.
   */
  every: number | null;
}

/**
 * The delivery times of the text. `dayEnds` are where the day words ended (a bare hour may follow
 * them).
 */
export function findTimes(scan: TextScan, dayEnds: readonly number[] = []): TimeFinding {
  const slots: TimeSlot[] = [];
  const counts = new Map<string, number>();
  const every = findInterval(scan);
  // Each costly pattern only where its key word occurs.
  if (scan.mentions('x', '×')) {
    scan.claim(COUNT_FIRST, (m) => addCounted(slots, counts, m[1]!, m[2], m[3], m[4]));
    scan.claim(COUNT_AFTER, (m) => addCounted(slots, counts, m[4]!, m[1], m[2], m[3]));
  }
  if (scan.mentionsOneOf(DAYPART_STEMS)) scan.claim(DAYPART_RANGE, (m) => (m[4] !== 'und' || m[2] !== undefined) && addRange(slots, laterIf(m[3]!, m[1]), laterIf(m[5]!, m[1])));
  if (scan.mentions('zw')) scan.claim(BETWEEN, (m) => addRange(slots, rangeEnd(m[1], m[2]), rangeEnd(m[3], m[4])));
  if (scan.mentions('von', 'ab') && scan.mentionsOneOf(RANGE_WORDS)) scan.claim(FROM_TO, (m) => addRange(slots, rangeEnd(m[1], m[2]), rangeEnd(m[3], m[4])));
  if (scan.contains(CLOCK_RANGE_HINT)) scan.claim(CLOCK_RANGE, (m) => addRange(slots, m[1], m[2]));
  const uhr = scan.contains(UHR_HINT);
  if (uhr && scan.mentionsOneOf(RANGE_WORDS)) scan.claim(DASH_RANGE, (m) => addRange(slots, m[1], m[2]));
  if (scan.contains(SLASH_LIST_HINT)) scan.claim(SLASH_LIST, (m) => (m[2] !== undefined || !HOUR_WITHOUT_MINUTES.test(m[1]!)) && addList(slots, m[1]!));
  if (scan.mentions('halb')) scan.claim(HALF, (m) => addFixed(slots, clockTime(halfBefore(m[1]!))));
  if (scan.mentions('viertel')) scan.claim(QUARTER, (m) => addFixed(slots, clockTime(`${countValue(m[2]!) - (m[1] === 'vor' ? 1 : 0)}:${m[1] === 'vor' ? 45 : 15}`)));
  if (scan.mentions('viertel') && scan.mentions('drei')) scan.claim(THREE_QUARTERS, (m) => addFixed(slots, clockTime(`${countValue(m[1]!) - 1}:45`)));
  if (scan.mentions('mittag', 'abend', 'nachm')) scan.claim(DAYPART_FIRST, (m) => addFixed(slots, afternoon(m[2]!, m[1]!)));
  if (scan.mentions('mittag', 'abend', 'nachm')) scan.claim(DAYPART_AFTER, (m) => addFixed(slots, afternoon(m[1]!, m[2]!)));
  if (scan.contains(UHR_MINUTES_HINT)) scan.claim(UHR_MINUTES, (m) => addFixed(slots, clockTime(`${m[1]}:${m[2]}`)));
  if (uhr) scan.claim(LIST_UHR, (m) => addList(slots, m[0]));
  if (scan.mentions(':')) scan.claim(CLOCK, (m) => addList(slots, `${m[1]}:${m[2]}`));
  if (scan.mentions('um', 'gegen', 'gg', 'ab')) scan.claim(UM_PLAIN, (m) => addList(slots, m[0]));
  if (scan.mentionsOneOf(TIME_LABEL_STEMS)) scan.claim(TIME_LABEL, (m) => addFixed(slots, byDay(clockTime(m[1]!))));
  if (slots.length === 0 && scan.mentions('mittag')) scan.claim(NOON, () => addFixed(slots, NOON_TIME));
  if (slots.length === 0) hourAfterDay(scan, dayEnds, slots);
  if (slots.length > 0 && scan.mentions('vorm', 'nachm', 'abend')) scan.claim(HALF_DAY_BESIDE_TIME, () => true);

  const unique = new Map<string, TimeSlot>();
  for (const slot of slots) unique.set(slotKey(slot), slot);
  const sorted = [...unique.values()].sort((a, b) => (startOf(a) < startOf(b) ? -1 : startOf(a) > startOf(b) ? 1 : 0));
  if (every === null) return { slots: sorted, counts: counts.size > 0 ? counts : null, every: null };
  return recurring(sorted, every);
}

/**
 * Recurring times as one slot per step: between the ends of a range (`stündlich 7-10 Uhr`) or of the
 * first and last time (`ab 7 Uhr stündlich bis 10 Uhr`); a single time is where the steps start.
 */
function recurring(slots: TimeSlot[], every: number): TimeFinding {
  const first = slots[0];
  if (!first) return { slots, counts: null, every: null };
  const last = slots[slots.length - 1]!;
  const from = startOf(first);
  const to = last.type === 'range' ? last.to : last.time;
  if (to === from) return { slots, counts: null, every };
  return { slots: stepsBetween(from, to, every).map((time) => ({ type: 'fixed', time })), counts: null, every };
}

/** A time read without `Uhr` from a bare number, when it lies by day. */
function byDay(time: string | null): string | null {
  return time !== null && time >= BARE_HOUR_FROM && time <= BARE_HOUR_TO ? time : null;
}

/** An hour after a later part of the day (`nachmittags 1-3`) moves on; after a morning one it stays. */
function laterIf(hour: string, later: string | undefined): string | undefined {
  return later ? (afternoon(hour, later) ?? undefined) : hour;
}
