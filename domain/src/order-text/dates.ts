import { isLocalDate } from '../shared';
import { oneSlipFrom } from './slips';
import { B, BLANK, countValue, E, fold, LATIN_LETTERS, NUMBER_WORD, pattern, type TextScan, WORD_CHARS } from './text';

/**
 * Delivery dates in German phone notes, relative to a reference date (YYYY-MM-DD, Europe/Berlin).
 * Calendar arithmetic runs on UTC dates, where every day has 24 hours, so daylight saving never
 * shifts a day.
 */

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Calendar answers already worked out: notes ask the same few (the days after the reference date)
 * again and again, and Date objects are slow. Bounded, and cleared when full.
 */
const shiftedDays = new Map<string, string>();
const weekdays = new Map<string, number>();
const CALENDAR_MEMO_LIMIT = 4096;

function remembered<T>(memo: Map<string, T>, key: string, compute: () => T): T {
  let value = memo.get(key);
  if (value === undefined) {
    if (memo.size >= CALENDAR_MEMO_LIMIT) memo.clear();
    value = compute();
    memo.set(key, value);
  }
  return value;
}

export function addDays(date: string, days: number): string {
  return remembered(shiftedDays, `${date}|${days}`, () => {
    const d = toUtc(date);
    d.setUTCDate(d.getUTCDate() + days);
    return fromUtc(d);
  });
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return remembered(weekdays, date, () => toUtc(date).getUTCDay());
}

/** The next such weekday strictly after `date` ("Dienstag" said on a Tuesday means next week's). */
export function nextWeekday(date: string, weekday: number): string {
  const diff = (weekday - weekdayOf(date) + 7) % 7;
  return addDays(date, diff === 0 ? 7 : diff);
}

/** That weekday in the calendar week (Monday to Sunday) after the one of `date`. */
export function weekdayOfNextWeek(date: string, weekday: number): string {
  const mondayOffset = (weekdayOf(date) + 6) % 7;
  const nextMonday = addDays(date, 7 - mondayOffset);
  return addDays(nextMonday, (weekday + 6) % 7);
}

/** That weekday in the calendar week of `date`; once it has passed, the next one. */
export function weekdayOfThisWeek(date: string, weekday: number): string {
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  const day = addDays(monday, (weekday + 6) % 7);
  return day >= date ? day : nextWeekday(date, weekday);
}

/**
 * The Monday of ISO week `week` (week 1 holds 4 January) next to `reference`: this year's, or next
 * year's once this year's has passed (`KW 2` said in December).
 */
export function mondayOfWeek(reference: string, week: number): string | null {
  if (!(week >= 1 && week <= 53)) return null;
  const year = Number(reference.slice(0, 4));
  for (const y of [year, year + 1]) {
    const fourth = `${y}-01-04`;
    const monday = addDays(addDays(fourth, -((weekdayOf(fourth) + 6) % 7)), (week - 1) * 7);
    if (addDays(monday, 6) >= reference) return monday;
  }
  return null;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A day and month without year: this year, or next year when it has passed already. */
function dayMonth(day: number, month: number, year: number | null, reference: string): string | null {
  if (year !== null) {
    const full = year < 100 ? 2000 + year : year;
    const date = `${full}-${pad(month)}-${pad(day)}`;
    return isLocalDate(date) ? date : null;
  }
  const refYear = Number(reference.slice(0, 4));
  const date = `${refYear}-${pad(month)}-${pad(day)}`;
  if (!isLocalDate(date)) {
    // 29.02. in a common year: the next leap year's.
    const next = `${refYear + 1}-${pad(month)}-${pad(day)}`;
    return isLocalDate(next) ? next : null;
  }
  if (date >= reference) return date;
  const next = `${refYear + 1}-${pad(month)}-${pad(day)}`;
  return isLocalDate(next) ? next : null;
}

const WEEKDAYS: Record<string, number> = {
  sonntag: 0,
  so: 0,
  montag: 1,
  mo: 1,
  dienstag: 2,
  di: 2,
  mittwoch: 3,
  mi: 3,
  donnerstag: 4,
  do: 4,
  freitag: 5,
  fr: 5,
  samstag: 6,
  sonnabend: 6,
  sa: 6,
};

const MONTHS: [string, number][] = [
  ['januar', 1],
  ['jan', 1],
  ['februar', 2],
  ['feb', 2],
  ['märz', 3],
  ['mär', 3],
  ['mrz', 3],
  ['april', 4],
  ['apr', 4],
  ['mai', 5],
  ['juni', 6],
  ['jun', 6],
  ['juli', 7],
  ['jul', 7],
  ['august', 8],
  ['aug', 8],
  ['september', 9],
  ['sept', 9],
  ['sep', 9],
  ['oktober', 10],
  ['okt', 10],
  ['november', 11],
  ['nov', 11],
  ['dezember', 12],
  ['dez', 12],
];

function monthNumber(word: string): number | null {
  const w = word.replace('ae', 'ä');
  return MONTHS.find(([name]) => name === w)?.[1] ?? null;
}

const MONTH_NAMES = MONTHS.map(([name]) => name).join('|');
/** Every month name starts with one of these, `ä` also written `ae` (a cheap test before MONTH_NAME_DATE). */
const MONTH_STEMS = [
  ...new Set(
    MONTHS.map(([name]) => name)
      .filter((name, _, all) => !all.some((other) => other !== name && name.startsWith(other)))
      .flatMap((name) => [name, name.replace('ä', 'ae')]),
  ),
];
// `nä.` is the dispatcher's short `nächste` (`Mo nä. Woche`).
const NEXT_WEEK = '(?:nächste[nmrs]?|kommende[nmrs]?|nä\\.)';
const NEXT = `(?:${NEXT_WEEK}|diese[nmrs]?)`;
// With a week named, `Mo`…`Sa` are days too (`So` stays out: `so nächste Woche` is a manner of speaking).
const DAY_NAME = '(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|mo|di|mi|do|fr|sa)\\.?';

// Explicit dates first: they win over relative words in the same text.
const ISO_DATE = pattern(`${B}(\\d{4})-(\\d{2})-(\\d{2})${E}`);
// `24.11.`, `24.11.2026`, `24.11.26`; the year is attached, so `24.11. 10 Uhr` keeps its hour.
const DOTTED_DATE = pattern(`${B}(\\d{1,2})\\.\\s?(\\d{1,2})\\.(\\d{4}|\\d{2})?(?!\\d)`);
// `am 24.11` without the closing dot needs the preposition, else it could be a decimal.
const DOTTED_AFTER_AM = pattern(`${B}(?:am|zum|den|bis)\\s+(\\d{1,2})\\.(\\d{1,2})(?![\\d.,])(?!\\s*uhr)`);
const MONTH_NAME_DATE = pattern(`${B}(\\d{1,2})\\.?\\s*(${MONTH_NAMES})\\.?(?:\\s*(\\d{4}))?${E}`);
const GREETING = pattern(`${B}guten\\s+morgen${E}`);
const RELATIVE_DAY = pattern(`${B}(heute?|übermorgen|morgen)${E}`);
const LONG_WORD = new RegExp(`(?<![${WORD_CHARS}])[${LATIN_LETTERS}]{5,12}(?![${WORD_CHARS}])`, 'gu');
const IN_DAYS = pattern(`${B}in\\s+(\\d{1,2}|${NUMBER_WORD})\\s+tag(?:en)?${E}`);
/** `übernächste Woche Montag`, `Mo. übernächster Woche`: the day in the week after the next. */
const WEEKDAY_WEEK_AFTER_NEXT = pattern(`${B}(?:(?:am|ab)\\s+)?(?:übernächste[nmrs]?\\s+woche\\s+${DAY_NAME}|${DAY_NAME},?\\s+übernächste[nmrs]?\\s+woche)${E}`);
const WEEKDAY_NEXT_WEEK = pattern(`${B}(?:(?:am|ab)\\s+)?(?:${NEXT_WEEK}\\s+woche\\s+${DAY_NAME}|${DAY_NAME},?\\s+${NEXT_WEEK}\\s+woche)${E}`);
/** A week alone (`Lieferung nächste Woche`), said besides the day: `… nächste Woche – Mittwoch, 25.11.`. */
const WEEK_ALONE = pattern(`${B}(?:(?:in\\s+der|für|für\\s+die)\\s+)?(${NEXT})\\s+woche${E}`);
const WEEKDAY_THIS_WEEK = pattern(`${B}(?:(?:am|ab)\\s+)?(?:diese\\s+woche\\s+${DAY_NAME}|${DAY_NAME},?\\s+diese\\s+woche)${E}`);
/** `KW 49`, `KW49`, `Kalenderwoche 49`, `49. KW`: the week of the weekday said with it. */
const CALENDAR_WEEK = pattern(`${B}(?:(?:kw|kalenderwoche)\\.?\\s*(\\d{1,2})|(\\d{1,2})\\.\\s*(?:kw|kalenderwoche))${E}`);
// `übernächsten Montag`: the one after the next.
const WEEKDAY = pattern(
  `${B}(?:(am|ab|bis|übernächste[nmrs]?|${NEXT})\\s+)?(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|mo|di|mi|do|fr|sa|so)(\\.)?${E}`,
);

// What every match of a costly pattern contains: a cheap test first.
const ISO_DATE_HINT = /\d-\d/;
const DOTTED_AFTER_AM_HINT = /\d\.\d/;
const IN_DAYS_HINT = /in\s+\S+\s+tag/;
const DOTTED_DATE_HINT = /\d\.\s?\d/;
/** A day's name or abbreviation as a word of its own (WEEKDAY adds the words before it). */
const WEEKDAY_HINT = /(?:^|[^a-zäöüß\d])(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|mo|di|mi|do|fr|sa|so)(?![a-zäöüß\d])/;

const RELATIVE_DAYS: Record<string, number> = { heute: 0, morgen: 1, uebermorgen: 2 };
const FULL_WEEKDAYS = Object.entries(WEEKDAYS).filter(([name]) => name.length > 2);

/**
 * A day word with one slip: a weekday with a letter missing, wrong or swapped; `morgen` and
 * `übermorgen` only with one missing or swapped (`morgens` and `sorgen` are other words).
 */
function misspeltDay(word: string): string | number | null {
  const folded = fold(word);
  for (const name of Object.keys(RELATIVE_DAYS)) if (oneSlipFrom(folded, name, false)) return name;
  for (const [name, day] of FULL_WEEKDAYS) if (oneSlipFrom(folded, name, true)) return day;
  return null;
}

export interface FoundDate {
  date: string;
  start: number;
  /** Where the date words end: a bare hour may follow (`morgen 7`). */
  end: number;
}

/** The delivery date of a text and where its day words end. */
export interface DateFinding {
  date: string | null;
  ends: number[];
}

/**
 * After a day's abbreviation: an hour, a date already read (`Fr. 27.11.`, blanked in the view), or the
 * part of the day or the word before a time (`Fr. früh 6 Uhr`, `Fr. ab 7`).
 */
const DAY_FOLLOWS = new RegExp(`^\\s*(?:\\d|${BLANK}|(?:früh|frueh|morgens|vorm|vormittags?|mittags?|nachm|nachmittags?|abends?|um|ab|gegen|gg|ca|bis|zw|zwischen|spätestens|spaetestens)(?![\\p{L}\\d]))`, 'u');
/** A form's label for the day right before it (`Datum=Fr.`, `Tag: So.`; not `Guten Tag Fr. Wolff`): what follows is a day. */
const DATE_LABEL_BEFORE = /(?:^|[^a-zäöüß])(?:(?:datum|liefertag)\s*[:=\-–]?|(?:tag|termin)\s*[:=\-–])\s*$/;
/** How much of the text before a day's abbreviation DATE_LABEL_BEFORE looks at. */
const DATE_LABEL_LOOKBEHIND = 16;
/** How much of the text after a day's abbreviation DAY_FOLLOWS looks at. */
const DAY_FOLLOWS_LOOKAHEAD = 14;

/**
 * Abbreviations that are also ordinary words need a hint: `So` (so), `Fr.` (Frau). The other
 * abbreviations are no German words. `written` is the abbreviation as typed.
 */
function acceptAbbreviation(abbr: string, written: string, cue: string | undefined, dot: boolean, after: string, before: string): boolean {
  if (abbr.length > 2 || cue !== undefined || DATE_LABEL_BEFORE.test(before)) return true;
  // `So 10 Uhr` is Sunday, `so 10 Uhr` about ten.
  if (abbr === 'so') return (dot || written === 'So') && DAY_FOLLOWS.test(after);
  if (abbr === 'fr') return !dot || DAY_FOLLOWS.test(after) || /^\s*(?:$|[,;|])/.test(after);
  return true;
}

/** The first calendar week the text names (`KW 49`), by its Monday, and where it is said. */
function calendarWeek(view: string, reference: string): { monday: string; start: number; end: number } | null {
  CALENDAR_WEEK.lastIndex = 0;
  for (let m = CALENDAR_WEEK.exec(view); m !== null; m = CALENDAR_WEEK.exec(view)) {
    const monday = mondayOfWeek(reference, Number(m[1] ?? m[2]));
    if (monday !== null) return { monday, start: m.index, end: m.index + m[0].length };
  }
  return null;
}

/** Notes `date`, when there is one, as named by the match `m`; whether it was. */
function found(list: FoundDate[], date: string | null, m: RegExpExecArray): boolean {
  if (date === null) return false;
  list.push({ date, start: m.index, end: m.index + m[0].length });
  return true;
}

function earliest(list: readonly FoundDate[]): string | null {
  return [...list].sort((a, b) => a.start - b.start)[0]?.date ?? null;
}

/** The delivery date of the text, or null. Every date word is taken, so none ends up in the notes. */
export function findDate(scan: TextScan, reference: string): DateFinding {
  const explicit: FoundDate[] = [];
  const relative: FoundDate[] = [];

  if (scan.contains(ISO_DATE_HINT)) scan.claim(ISO_DATE, (m) => found(explicit, isLocalDate(m[0]) ? m[0] : null, m));
  if (scan.contains(DOTTED_DATE_HINT)) scan.claim(DOTTED_DATE, (m) => found(explicit, dayMonth(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : null, reference), m));
  if (scan.contains(DOTTED_AFTER_AM_HINT)) scan.claim(DOTTED_AFTER_AM, (m) => found(explicit, dayMonth(Number(m[1]), Number(m[2]), null, reference), m));
  if (scan.hasDigit() && scan.mentionsOneOf(MONTH_STEMS)) scan.claim(MONTH_NAME_DATE, (m) => {
    const month = monthNumber(m[2]!);
    return month !== null && found(explicit, dayMonth(Number(m[1]), month, m[3] ? Number(m[3]) : null, reference), m);
  });
  // A greeting is not a date; taken so that it stays out of the notes too.
  if (scan.mentions('guten')) scan.claim(GREETING, () => true);
  if (scan.mentions('heut', 'morgen')) scan.claim(RELATIVE_DAY, (m) => {
    const word = m[1]!;
    const days = word.startsWith('heut') ? 0 : word === 'morgen' ? 1 : 2;
    return found(relative, addDays(reference, days), m);
  });
  if (scan.contains(IN_DAYS_HINT)) scan.claim(IN_DAYS, (m) => {
    const n = countValue(m[1]!);
    return Number.isFinite(n) && found(relative, addDays(reference, n), m);
  });
  if (scan.mentions('woche') && scan.mentions('übern', 'uebern')) {
    scan.claim(WEEKDAY_WEEK_AFTER_NEXT, (m) => found(relative, addDays(weekdayOfNextWeek(reference, WEEKDAYS[m[1] ?? m[2]!]!), 7), m));
  }
  if (scan.mentions('woche')) scan.claim(WEEKDAY_NEXT_WEEK, (m) => found(relative, weekdayOfNextWeek(reference, WEEKDAYS[m[1] ?? m[2]!]!), m));
  if (scan.mentions('woche')) scan.claim(WEEKDAY_THIS_WEEK, (m) => found(relative, weekdayOfThisWeek(reference, WEEKDAYS[m[1] ?? m[2]!]!), m));
  const view = scan.view(false);
  const week = scan.mentions('kw', 'kalenderwoche') ? calendarWeek(view, reference) : null;
  let inWeek = false;
  if (scan.contains(WEEKDAY_HINT)) scan.claim(WEEKDAY, (m) => {
    const abbr = m[2]!;
    const after = view.slice(m.index + m[0].length, m.index + m[0].length + DAY_FOLLOWS_LOOKAHEAD);
    const abbrEnd = m.index + m[0].length - (m[3]?.length ?? 0);
    const written = scan.text.slice(abbrEnd - abbr.length, abbrEnd);
    const before = view.slice(Math.max(0, m.index - DATE_LABEL_LOOKBEHIND), m.index);
    if (!acceptAbbreviation(abbr, written, m[1], m[3] !== undefined, after, before)) return false;
    const weekday = WEEKDAYS[abbr]!;
    if (m[1] !== undefined && fold(m[1]).startsWith('uebern')) return found(relative, addDays(nextWeekday(reference, weekday), 7), m);
    const inNamedWeek = week === null ? null : addDays(week.monday, (weekday + 6) % 7);
    // A day of the named week that has passed is not taken from it (no delivery into the past).
    if (inNamedWeek === null || inNamedWeek < reference) return found(relative, nextWeekday(reference, weekday), m);
    inWeek = true;
    return found(relative, inNamedWeek, m);
  });
  // The week is no note once its day is read.
  if (week !== null && inWeek) scan.take(week.start, week.end);

  // Typed in a hurry (`morgn`, `Mitwoch`, `Freitga`): only when no day word was written right.
  if (explicit.length === 0 && relative.length === 0) {
    scan.claim(LONG_WORD, (m) => {
      const day = misspeltDay(m[0]);
      if (day === null) return false;
      const date = typeof day === 'number' ? nextWeekday(reference, day) : addDays(reference, RELATIVE_DAYS[day]!);
      return found(relative, date, m);
    });
  }

  const date = earliest(explicit) ?? earliest(relative);
  // The week of the day named is no note; another week stays one for the dispatcher to see.
  if (date !== null && scan.mentions('woche')) scan.claim(WEEK_ALONE, (m) => {
    const thisMonday = addDays(reference, -((weekdayOf(reference) + 6) % 7));
    const monday = fold(m[1]!).startsWith('dies') ? thisMonday : addDays(thisMonday, 7);
    return date >= monday && date <= addDays(monday, 6);
  });
  return { date, ends: [...explicit, ...relative].map((f) => f.end) };
}
