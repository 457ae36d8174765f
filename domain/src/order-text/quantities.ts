import type { OrderPriority, Unit } from '@dispo/events/catalog/index';
import { B, countValue, decimalValue, E, hasMatch, NUMBER_WORD, pattern, type TextScan, WORD_CHARS } from './text';

/** Truckloads: `2 LKW`, `drei Ladungen`; `je 2 LKW` means per delivery time. */
export interface Truckloads {
  count: number;
  perTime: boolean;
  /** A bare `LKW` without a number: one truckload, not a stated count. */
  implicit: boolean;
}

export interface Quantity {
  value: number;
  unit: Unit;
  /** `à 27 t`, `je 27 t`, `2 x 27 t`: the amount of each truck. */
  perTruck: boolean;
  /** `insgesamt 54 t`: the amount of all trucks together. */
  total: boolean;
}

const TRUCK =
  '(?:lkws?|laster|lastwagen|lastzüge|lastzug|fahrzeuge?n?|fzg?|sattelzüge|sattelzug|silozüge|silozug|silo-lkws?|züge|zug|kipper|ladungen|ladung|fuhren|fuhre|touren|tour|wagen)';
/** Every truck word contains one of these, `ü` also written `ue` (a cheap test before TRUCKS and BARE_TRUCK). */
const TRUCK_STEMS = ['lkw', 'laster', 'wagen', 'zug', 'züge', 'zuege', 'fahrzeug', 'fz', 'kipper', 'ladung', 'fuhre', 'tour'];
const UNIT = '(t|to|tonnen|tonne|m³|m3|cbm|kubikmeter|kubik|kg|kilogramm|kilo)';
const AMOUNT = '(\\d+(?:[.,]\\d+)?)';
// Not inside a grain size or decimal: `0/2 2 LKW` reads 2 LKW, never 0/22.
const QB = `(?<![${WORD_CHARS}/.,\\-])`;

const TIMES_AMOUNT = pattern(`${QB}(\\d{1,2}|${NUMBER_WORD})\\s*(?:x|×|mal)\\s*(?:je\\s+)?${AMOUNT}\\s*${UNIT}${E}`);
// `2 x Kies 8/16`: a count of loads without a truck word.
const TIMES_LOADS = pattern(`${QB}(\\d{1,2}|${NUMBER_WORD})\\s*(?:x|×)(?=\\s+\\p{L})`);
const TRUCKS = pattern(`${B}(?:(je|jeweils)\\s+)?${QB}(\\d{1,3}|${NUMBER_WORD})\\s*${TRUCK}${E}`);
const BARE_TRUCK = pattern(`${B}(?:(?:per|mit|im|pro)\\s+)?${TRUCK}${E}`);
/** After a truck word: equipment it must have (`Kipper mit Plane`, `LKW mit Kran`), not its load (`LKW mit Sand`). */
const VEHICLE_REQUIREMENT = pattern(`^\\s+mit\\s+(?:plane|planen|kran|ladekran|kompressor|schubboden|pumpe|gebläse|anhänger|hänger|allrad)${E}`);
/** What every match of AMOUNT_UNIT contains: a digit before a unit's first letters (a cheap test first). */
const AMOUNT_UNIT_HINT = /\d\s*(?:t|m³|m3|cbm|kubik|kg|kilo)/;
/** What every match of TRUCKS contains: a count before a truck word's stem. */
const TRUCKS_HINT = /(?:\d|ein|zwei|zwo|drei|vier|fünf|fuenf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwoelf)\s*(?:lkw|laster|last|fahrz|fz|sattel|silo|züge|zuege|zug|kipper|ladung|fuhre|tour|wagen)/;
const AMOUNT_UNIT = pattern(`${B}(?:(je|jeweils|à|á|a|zu je|mit je|insgesamt|gesamt|total|zusammen)\\s*)?${QB}${AMOUNT}\\s*${UNIT}${E}`);

function unitOf(word: string): Unit {
  if (word === 'kg' || word.startsWith('kilo')) return 'kg';
  if (word === 'm³' || word === 'm3' || word === 'cbm' || word.startsWith('kubik')) return 'm3';
  return 'to';
}

export interface FoundAmounts {
  trucks: Truckloads | null;
  quantity: Quantity | null;
}

/** Truck counts and the first amount with its unit (`26,5 t` is 26.5 tonnes). */
export function findAmounts(scan: TextScan): FoundAmounts {
  let trucks: Truckloads | null = null;
  let quantity: Quantity | null = null;

  if (scan.mentions('x', '×', 'mal')) scan.claim(TIMES_AMOUNT, (m) => {
    const count = countValue(m[1]!);
    const value = decimalValue(m[2]!);
    if (!(count > 0) || !(value > 0) || trucks !== null) return false;
    trucks = { count, perTime: false, implicit: false };
    quantity = { value, unit: unitOf(m[3]!), perTruck: true, total: false };
    return true;
  });
  const truckWord = scan.mentionsOneOf(TRUCK_STEMS);
  if (truckWord && scan.contains(TRUCKS_HINT)) scan.claim(TRUCKS, (m) => {
    const count = countValue(m[2]!);
    if (!(count > 0)) return false;
    trucks ??= { count, perTime: m[1] !== undefined, implicit: false };
    return true;
  });
  if (scan.mentions('x', '×')) scan.claim(TIMES_LOADS, (m) => {
    const count = countValue(m[1]!);
    if (!(count > 0) || trucks !== null) return false;
    trucks = { count, perTime: false, implicit: false };
    return true;
  });
  if (truckWord) scan.claim(BARE_TRUCK, (m) => {
    trucks ??= { count: 1, perTime: false, implicit: true };
    // A vehicle with a requirement stays in the notes as said.
    return !hasMatch(VEHICLE_REQUIREMENT, scan.lower.slice(m.index + m[0].length, m.index + m[0].length + 40));
  });
  if (scan.contains(AMOUNT_UNIT_HINT)) scan.claim(AMOUNT_UNIT, (m) => {
    const value = decimalValue(m[2]!);
    if (!(value > 0)) return false;
    const link = m[1];
    const total = link !== undefined && ['insgesamt', 'gesamt', 'total', 'zusammen'].includes(link);
    quantity ??= { value, unit: unitOf(m[3]!), perTruck: link !== undefined && !total, total };
    return true;
  });
  return { trucks, quantity };
}

const LOW = pattern(`${B}(?:nicht\\s+(?:so\\s+)?(?:dringend|eilig)|keine\\s+eile|eilt\\s+nicht|hat\\s+zeit)${E}`);
const URGENT = pattern(
  `${B}(?:dringend\\w*|eilig\\w*|eilt|eil\\w*auftrag|eil|sofort|asap|express|schnellstmöglich|so\\s+schnell\\s+wie\\s+möglich|umgehend|notfall)${E}`,
);
const HIGH = pattern(`${B}(?:wichtig\\w*|hohe\\s+priorität|priorität\\s+hoch|prio\\s+hoch|prio|priorität|bevorzugt)${E}`);

/** Priority words in the order they are looked for, each with the stems every match of it contains (a cheap test first). */
const PRIORITY_WORDS: readonly { re: RegExp; stems: string[]; priority: OrderPriority }[] = [
  { re: LOW, stems: ['nicht', 'kein', 'eilt', 'zeit'], priority: 'low' },
  { re: URGENT, stems: ['dring', 'eil', 'sofort', 'asap', 'express', 'schnell', 'umgehend', 'notfall'], priority: 'urgent' },
  { re: HIGH, stems: ['wichtig', 'prio', 'bevorzugt'], priority: 'high' },
];

/** §5.4 priority words: dringend/eilig/sofort → urgent, wichtig → high; `nicht dringend` → low. */
export function findPriority(scan: TextScan): OrderPriority | null {
  let found: OrderPriority | null = null;
  for (const { re, stems, priority } of PRIORITY_WORDS) {
    // Every priority word is taken (it is no note); the first found counts.
    if (scan.mentionsOneOf(stems)) scan.claim(re, () => {
      found ??= priority;
      return true;
    });
  }
  return found;
}
