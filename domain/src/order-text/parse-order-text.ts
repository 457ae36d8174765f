import type { Unit } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { orderDefaults } from '../order/order-defaults';
import { isLocalDate } from '../shared';
import { type EntityKind, preparedCatalogue, type PreparedCatalogue } from './catalogue-index';
import { findDate } from './dates';
import { type Chosen, type EntityMatches, matchEntities } from './entities';
import { isNotice, type NotAnOrder, notAnOrder } from './intent';
import { takeMailHeaders } from './mail-headers';
import { findAmounts, findPriority, type Quantity, type Truckloads } from './quantities';
import { digitsForSpokenNumbers } from './spoken-numbers';
import { BLANK, fold, LATIN_LETTERS, TextScan, type Token, tokenize, WORD_CHARS } from './text';
import { stepsFrom } from './recurring-times';
import { findTimes, slotKey, startOf, type TimeFinding, type TimeSlot } from './times';
import type { OrderDraft, OrderTextCatalogue, OrderTextResult } from './types';
import { oneSlipFrom } from './slips';
import { DOTTED_ABBREVIATIONS, isContent, SALUTATION_LEADS } from './words';

/** More orders than this from one sentence is a typo (`200 LKW`), not a phone call. */
export const MAX_ORDERS_PER_TEXT = 50;
/** §5.4: the preview appears above this confidence; hints appear below HINT_BELOW; never above the cap. */
export const PREVIEW_ABOVE = 0.3;
export const HINT_BELOW = 0.7;
export const CONFIDENCE_CAP = 0.95;

/** What each recognised part adds to the confidence (sums to 1). */
const WEIGHTS = { material: 0.25, customer: 0.1, loadingPlant: 0.1, loadingPoint: 0.05, deliveryPlant: 0.15, date: 0.15, time: 0.1, quantity: 0.1 };
const MISMATCH_PENALTY = 0.25;
/** A match scoring this or more counts fully. */
const SURE_SCORE = 0.8;
/** A truck may carry this much more than its material's standard load before `54 t, 2 LKW` reads as a total. */
const LOAD_TOLERANCE = 1.25;

interface Amount {
  value: number;
  unit: Unit;
}

/** The reference date checked last: a service parses many notes against the same day. */
let lastReferenceDate = '';

/**
 * Reads a German phone note into order drafts (orders.md §2.4, §4.9, §5.4). Pure and deterministic:
 * the same text, catalogue and reference date (YYYY-MM-DD in Europe/Berlin) give the same result.
 */
export function parseOrderText(text: string, catalogue: OrderTextCatalogue, referenceDate: string): OrderTextResult {
  if (referenceDate !== lastReferenceDate) {
    if (!isLocalDate(referenceDate)) throw new RangeError(`referenceDate must be YYYY-MM-DD: ${referenceDate}`);
    lastReferenceDate = referenceDate;
  }
  const prepared = preparedCatalogue(catalogue);
  // Read with spoken numbers as digits; names and notes are still taken from the text as written.
  const scan = new TextScan(digitsForSpokenNumbers(text, prepared.grains, prepared.materialWords));
  guardShortEndedNames(scan, prepared);

  // Fixed patterns first, so that their numbers are gone before names are matched.
  takeMailHeaders(scan);
  const { date, ends: dayEnds } = findDate(scan, referenceDate);
  const timing = findTimes(scan, dayEnds);
  const priority = findPriority(scan);
  const { trucks, quantity } = findAmounts(scan);

  const view = scan.view(false);
  const tokens = tokenize(view);
  const gapBefore = gapsBefore(view, tokens);
  const matches = matchEntities(text, tokens, gapBefore, prepared, catalogue);
  // The recognised records' words, made only when a note is left to compare with them.
  let namedWords: Set<string> | undefined;
  const notes = notesOf(text, tokens, gapBefore, matches.used, () => (namedWords ??= namedWordsOf(matches, prepared)));

  const material = matches.material ? catalogue.materials[matches.material.index]! : null;
  const standard: Amount =
    material?.standardLoadSize && material.standardLoadSize > 0
      ? { value: material.standardLoadSize, unit: material.unit ?? orderDefaults.unit }
      : { value: orderDefaults.naturalLanguageQuantity, unit: orderDefaults.unit };
  const plan = planOrders(trucks, quantity, timing, standard);

  const facts: Facts = { date: date !== null, time: timing.slots.length > 0, quantity: trucks !== null || quantity !== null };
  // What a question must hold to be one: the records named, but not who writes it. Passed as it is
  // made: tsx names a closure kept in a variable with a call that costs more than the closure.
  const refusal = refusalOf(matches, facts, notes, scan, () => [...matches.used].filter((p) => !matches.customerWords.has(p)).map((p) => tokens[p]!));
  const orders: OrderDraft[] = refusal === null ? plan.times.map((slot) => draftOf(matches, catalogue, plan.amount, slot, date, priority, notes)) : [];

  let confidence = confidenceOf(matches, facts, plan.mismatch);
  if (orders.length === 0) confidence = Math.min(confidence, PREVIEW_ABOVE);
  const hints = confidence < HINT_BELOW ? hintsOf(matches, catalogue, refusal, facts, plan) : [];
  return { confidence, hints, orders };
}

/** By token, whether text another recogniser took stands between it and the token before. */
function gapsBefore(view: string, tokens: readonly Token[]): boolean[] {
  const gaps = new Array<boolean>(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    let gap = false;
    if (i > 0) for (let c = tokens[i - 1]!.end; c < tokens[i]!.start && !gap; c++) gap = view.charCodeAt(c) === BLANK_CODE;
    gaps[i] = gap;
  }
  return gaps;
}

const BLANK_CODE = BLANK.charCodeAt(0);

/** Which of date, time and amount the text names. */
interface Facts {
  date: boolean;
  time: boolean;
  quantity: boolean;
}

/**
 * Why the text gives no order: nothing recognised (§5.4), nothing to deliver (a name and other words,
 * but no material, amount or date), or no order at all (a question, a cancellation).
 */
type Refusal = 'nothing' | 'nothingToDeliver' | NotAnOrder;

function refusalOf(matches: EntityMatches, facts: Facts, notes: string | null, scan: TextScan, named: () => readonly Token[]): Refusal | null {
  const plant = matches.loadingPlant || matches.deliveryPlant;
  if (!matches.material && !plant && !matches.customer) return 'nothing';
  const intent = notAnOrder(scan, named);
  if (intent !== null) return intent;
  if (!matches.material && !facts.quantity && isNotice(scan)) return 'report';
  // A name alone may start an order (§5.4), and so does a route, but one name with other words and
  // nothing to deliver is a message (`Nordbeton zahlt nicht`, `Kiel hat angerufen, die Waage ist
  // kaputt`), and so is a contact person alone (`hier spricht Frau Wolff`).
  const route = matches.loadingPlant && matches.deliveryPlant;
  if (!matches.material && !route && !facts.date && !facts.time && !facts.quantity) {
    if (notes !== null || (!plant && !matches.customer!.byName)) return 'nothingToDeliver';
  }
  return null;
}

/**
 * A word and a short one after it (`Silo 2`, `Silo A`, `Bau AG`). Tried from the start of a word only:
 * where the whole word fails, its tail fails too.
 */
const WORD_AND_SHORT_ONE = new RegExp(`(?<![${LATIN_LETTERS}])([${LATIN_LETTERS}]+)\\s+([${WORD_CHARS}]{1,2})(?![${WORD_CHARS}])`, 'gu');

/** `Silo 2` stays a name: its 2 is neither a count nor an hour. */
function guardShortEndedNames(scan: TextScan, prepared: PreparedCatalogue): void {
  if (prepared.shortEndedNames.size === 0 || !prepared.mayNameShortEnded(scan.lower)) return;
  for (const m of scan.lower.matchAll(WORD_AND_SHORT_ONE)) {
    // The first word is one token, its folded form: only where it starts such a name is the pair tokenised.
    if (!prepared.shortEndedFirstWords.has(fold(m[1]!))) continue;
    const [first = '', second = ''] = tokenize(`${m[1]} ${m[2]}`).map((t) => t.norm);
    if (prepared.shortEndedNames.has(`${first} ${second}`)) scan.guard(m.index, m.index + m[0].length);
  }
}

interface Plan {
  amount: Amount;
  times: (TimeSlot | null)[];
  mismatch: boolean;
  trucks: number;
  capped: boolean;
}

/**
 * One order per truckload and per time (§4.9): `2 LKW, 7 und 9 Uhr` is one truck at 7 and one at 9;
 * `je 2 LKW um 7 und 9 Uhr` four; `4 LKW, 7 und 9 Uhr` two at each time; `2x 7 Uhr, 1x 10 Uhr` as
 * counted. Recurring times take one truck per step (`stündlich 7-10 Uhr, je ein LKW`), and a start
 * without end as many steps as trucks (`3 LKW ab 7 Uhr stündlich`).
 */
function planOrders(found: Truckloads | null, quantity: Quantity | null, timing: TimeFinding, standard: Amount): Plan {
  // Recurring times take one truck at each step: `stündlich 7-10 Uhr, ein LKW`.
  const trucks = found && timing.every !== null && found.count === 1 ? { ...found, perTime: true } : found;
  const times = openSteps(timing, trucks) ?? timing.slots;
  const slots: (TimeSlot | null)[] = times.length > 0 ? times : [null];
  const m = slots.length;
  const counts = timing.counts;
  let amount: Amount;
  let planned: (TimeSlot | null)[];
  let mismatch = false;
  if (counts) {
    // `2x 7 Uhr und 1x 10 Uhr`: as many trucks at each time as counted.
    planned = slots.flatMap((s) => Array<TimeSlot | null>(s ? (counts.get(slotKey(s)) ?? 1) : 1).fill(s));
    amount = quantity ? perTruck(quantity, planned.length, standard) : standard;
  } else if (trucks) {
    const n = trucks.count;
    amount = quantity ? perTruck(quantity, n, standard) : standard;
    if (trucks.perTime) planned = slots.flatMap((s) => Array<TimeSlot | null>(n).fill(s));
    else if (m === 1) planned = Array<TimeSlot | null>(n).fill(slots[0]!);
    else if (n === m || trucks.implicit) planned = slots;
    else if (n % m === 0) planned = slots.flatMap((s) => Array<TimeSlot | null>(n / m).fill(s));
    else {
      // Counts that do not fit: every time gets an order, the trucks are spread evenly, earliest
      // times first, and the dispatcher is told to check.
      const count = Math.max(n, m);
      planned = Array.from({ length: count }, (_, i) => slots[Math.floor((i * m) / count)]!);
      mismatch = true;
    }
  } else {
    amount = quantity ? { value: quantity.value, unit: quantity.unit } : standard;
    planned = slots;
  }
  const capped = planned.length > MAX_ORDERS_PER_TEXT;
  return { amount, times: planned.slice(0, MAX_ORDERS_PER_TEXT), mismatch, trucks: counts ? planned.length : (trucks?.count ?? 0), capped };
}

/** `3 LKW ab 7 Uhr stündlich`: a time that recurs without end, one step per truck (7, 8 and 9 o'clock). */
function openSteps(timing: TimeFinding, trucks: Truckloads | null): TimeSlot[] | null {
  const [start] = timing.slots;
  if (timing.every === null || !trucks || trucks.perTime || trucks.count <= 1 || timing.slots.length !== 1 || !start) return null;
  return stepsFrom(startOf(start), timing.every, trucks.count).map((time) => ({ type: 'fixed', time }));
}

function perTruck(quantity: Quantity, trucks: number, standard: Amount): Amount {
  const { value, unit } = quantity;
  if (quantity.perTruck || trucks <= 1) return { value, unit };
  const capacity = (unit === standard.unit ? standard.value : unit === 'kg' ? orderDefaults.naturalLanguageQuantity * 1000 : orderDefaults.naturalLanguageQuantity) * LOAD_TOLERANCE;
  if (!quantity.total && value <= capacity) return { value, unit };
  return { value: Math.round((value / trucks) * 100) / 100, unit };
}

function draftOf(
  matches: EntityMatches,
  catalogue: OrderTextCatalogue,
  amount: Amount,
  slot: TimeSlot | null,
  date: string | null,
  priority: OrderDraft['priority'],
  notes: string | null,
): OrderDraft {
  const material = matches.material ? catalogue.materials[matches.material.index]! : null;
  const customer = matches.customer ? catalogue.customers[matches.customer.index]! : null;
  const loadingPlant = matches.loadingPlant ? catalogue.plants[matches.loadingPlant.index]! : null;
  const deliveryPlant = matches.deliveryPlant ? catalogue.plants[matches.deliveryPlant.index]! : null;
  const loadingPoint = matches.loadingPoint ? catalogue.loadingPoints[matches.loadingPoint.index]! : null;
  const time = slot ?? { type: 'fixed' as const, time: orderDefaults.naturalLanguageTime };
  return {
    materialId: material?.id ?? null,
    materialName: material?.name ?? null,
    customerId: customer?.id ?? null,
    customerName: customer?.company ?? null,
    loadingPlantId: loadingPlant?.id ?? null,
    loadingPlantName: loadingPlant?.name ?? null,
    deliveryPlantId: deliveryPlant?.id ?? null,
    deliveryPlantName: deliveryPlant?.name ?? null,
    loadingPointId: loadingPoint?.id ?? null,
    loadingPointName: loadingPoint?.name ?? null,
    quantity: amount.value,
    unit: amount.unit,
    deliveryDate: date,
    deliveryTimeType: time.type,
    deliveryTimeFixed: time.type === 'fixed' ? time.time : null,
    deliveryTimeFrom: time.type === 'range' ? time.from : null,
    deliveryTimeTo: time.type === 'range' ? time.to : null,
    priority: priority ?? orderDefaults.priority,
    notes,
  };
}

/** How sure a match is, 0..1: a fuzzy, inferred or contradicted one counts less. */
function quality(chosen: Chosen | null): number {
  if (!chosen) return 0;
  let q = Math.min(1, chosen.score / SURE_SCORE);
  if (chosen.fuzzy) q *= 0.85;
  if (chosen.inferred) q *= 0.8;
  if (chosen.roleConflict) q *= 0.5;
  return q;
}

function confidenceOf(matches: EntityMatches, facts: Facts, mismatch: boolean): number {
  let c =
    WEIGHTS.material * quality(matches.material) +
    WEIGHTS.customer * quality(matches.customer) +
    WEIGHTS.loadingPlant * quality(matches.loadingPlant) +
    WEIGHTS.loadingPoint * quality(matches.loadingPoint) +
    WEIGHTS.deliveryPlant * quality(matches.deliveryPlant) +
    (facts.date ? WEIGHTS.date : 0) +
    (facts.time ? WEIGHTS.time : 0) +
    (facts.quantity ? WEIGHTS.quantity : 0);
  // Truck count and times that do not fit always need a look: enough to bring up the hints.
  if (mismatch) c -= MISMATCH_PENALTY;
  c -= 0.05 * (matches.ambiguities.length + (matches.foreignLoadingPoint ? 1 : 0));
  return Math.round(Math.min(CONFIDENCE_CAP, Math.max(0, c)) * 100) / 100;
}

function hintsOf(matches: EntityMatches, catalogue: OrderTextCatalogue, refusal: Refusal | null, facts: Facts, plan: Plan): string[] {
  const t = messages.orderText;
  const hints: string[] = [];
  for (const names of ambiguousNames(matches, 'material')) hints.push(t.ambiguousMaterial(names));
  for (const names of ambiguousNames(matches, 'customer')) hints.push(t.ambiguousCustomer(names));
  for (const names of ambiguousNames(matches, 'plant')) hints.push(t.ambiguousPlant(names));
  for (const names of ambiguousNames(matches, 'loadingPoint')) hints.push(t.ambiguousLoadingPoint(names));
  if (refusal !== null) {
    const reasons: Record<Refusal, string> = {
      nothing: t.nothingRecognised,
      nothingToDeliver: t.nothingToDeliver,
      enquiry: t.enquiry,
      callback: t.callback,
      cancellation: t.cancellation,
      report: t.deliveryReport,
    };
    hints.push(reasons[refusal]);
    return hints;
  }

  const { material, customer, loadingPlant, deliveryPlant } = matches;
  if (!material && ambiguousNames(matches, 'material').length === 0) hints.push(t.noMaterial);
  pushUncertainty(hints, material, material ? catalogue.materials[material.index]?.name : undefined);
  if (!customer && ambiguousNames(matches, 'customer').length === 0) hints.push(t.noCustomer);
  pushUncertainty(hints, customer, customer ? catalogue.customers[customer.index]?.company : undefined);
  if (!loadingPlant) hints.push(t.noLoadingPlant);
  pushUncertainty(hints, loadingPlant, loadingPlant ? catalogue.plants[loadingPlant.index]?.name : undefined);
  if (matches.foreignLoadingPoint) hints.push(t.loadingPointOfOtherPlant(matches.foreignLoadingPoint));
  else if (!matches.loadingPoint && ambiguousNames(matches, 'loadingPoint').length === 0) hints.push(t.noLoadingPoint);
  if (!deliveryPlant) hints.push(t.noDeliveryPlant);
  pushUncertainty(hints, deliveryPlant, deliveryPlant ? catalogue.plants[deliveryPlant.index]?.name : undefined);
  if (!facts.date) hints.push(t.noDate);
  if (!facts.time) hints.push(t.defaultTime);
  if (!facts.quantity) hints.push(isDefaultLoad(plan.amount) ? t.defaultQuantity : t.defaultQuantityOf(amountText(plan.amount)));
  if (plan.mismatch) hints.push(t.trucksAndTimes(plan.trucks, new Set(plan.times).size));
  if (plan.capped) hints.push(t.tooManyOrders(MAX_ORDERS_PER_TEXT));
  return [...new Set(hints)];
}

/** The tied names of each ambiguity of `kind`, as one list each. */
function ambiguousNames(matches: EntityMatches, kind: EntityKind): readonly string[] {
  // Asked up to seven times a note with hints, mostly of one without ties.
  if (matches.ambiguities.length === 0) return NO_NAMES;
  return matches.ambiguities.filter((a) => a.kind === kind).map((a) => a.names.join(', '));
}

const NO_NAMES: readonly string[] = [];

/** A record named against its cue, or recognised with little certainty, is pointed out. */
function pushUncertainty(hints: string[], chosen: Chosen | null, name: string | undefined): void {
  if (!chosen || !name) return;
  if (chosen.roleConflict) hints.push(messages.orderText.roleConflict(name));
  else if (quality(chosen) < 0.8) hints.push(messages.orderText.uncertain(name));
}

function isDefaultLoad(amount: Amount): boolean {
  return amount.value === orderDefaults.naturalLanguageQuantity && amount.unit === orderDefaults.unit;
}

/** `25 t`, `16 m³`, `26,5 t`. */
function amountText(amount: Amount): string {
  return `${String(amount.value).replace('.', ',')} ${messages.labels.unitShort[amount.unit]}`;
}

// A dash parts a subject line from its letter (`Betreff: Kies – Hallo Frank, …`).
const SEGMENT_BREAKS = new Set([',', ';', '.', '!', '?', ':', '–', '—']);
const KEPT_BEFORE_CONTENT = new Set(['mit']);

/** The words of what was recognised (names, plant cities, categories, contact persons). */
function namedWordsOf(matches: EntityMatches, prepared: PreparedCatalogue): Set<string> {
  const words = new Set<string>();
  const named: [EntityKind, Chosen | null][] = [
    ['material', matches.material],
    ['customer', matches.customer],
    ['plant', matches.loadingPlant],
    ['plant', matches.deliveryPlant],
    ['loadingPoint', matches.loadingPoint],
  ];
  for (const [kind, chosen] of named) {
    if (!chosen) continue;
    for (const word of prepared.entityOf(kind, chosen.index)?.words ?? []) words.add(word);
  }
  return words;
}

/**
 * The rest of the text as notes: what no recogniser took, cut into pieces at what was taken and at
 * punctuation, each piece without the filler words at its ends (`braucht`, `bitte`, `von`).
 */
function notesOf(
  text: string,
  tokens: readonly Token[],
  gapBefore: readonly boolean[],
  used: ReadonlySet<number>,
  namedWords: () => ReadonlySet<string>,
): string | null {
  const pieces: string[] = [];
  let segment: Token[] = [];
  // `Ansprechpartner: Frau Meyer`: what follows a label is its value, never an address.
  let afterLabel = false;
  for (let p = 0; p < tokens.length; p++) {
    const t = tokens[p]!;
    // The dot of shorthand (`ggf. auch früher`) ends no remark.
    const abbreviationDot = t.norm === '.' && p > 0 && !gapBefore[p] && !used.has(p - 1) && DOTTED_ABBREVIATIONS.has(tokens[p - 1]!.norm);
    const breaks = used.has(p) || (t.kind === 'punct' && SEGMENT_BREAKS.has(t.norm) && !abbreviationDot);
    if (gapBefore[p] || breaks) {
      addNote(pieces, text, segment, namedWords, afterLabel);
      segment = [];
      afterLabel = t.norm === ':';
    }
    if (!breaks) segment.push(t);
  }
  addNote(pieces, text, segment, namedWords, afterLabel);
  return pieces.length > 0 ? pieces.join(', ') : null;
}

/** Adds the piece of text a segment of free tokens spans, without filler words at its ends. */
function addNote(pieces: string[], text: string, segment: readonly Token[], namedWords: () => ReadonlySet<string>, afterLabel: boolean): void {
  let first = segment.findIndex(isContent);
  // `bitte mit Plane`: `mit` stays before what it goes with.
  if (first > 0 && KEPT_BEFORE_CONTENT.has(segment[first - 1]!.norm)) first--;
  let last = segment.length - 1;
  while (last >= 0 && !isContent(segment[last]!)) last--;
  const words = segment.slice(first, last + 1).filter((t) => t.kind === 'word' && isContent(t));
  if (first < 0 || words.length === 0 || (!afterLabel && isAddress(text, segment, first, words))) return;
  // A recognised name said once more (`Bauunion Bremen … nach Bremen`, `Meier Baustoffe`) is no note.
  const named = namedWords();
  if (!words.every((t) => named.has(t.norm) || sharesStemWithAny(t.norm, named) || isSlipOfAny(t.norm, named))) {
    pieces.push(text.slice(segment[first]!.start, segment[last]!.end));
  }
}

/** Most persons' names are one or two words. */
const MAX_ADDRESS_WORDS = 2;

/**
 * `Hallo Frank`, `Moin Julia`, `Herr Berger`: a greeting or title and then only a capitalised name,
 * the person the note is written to or by, not a remark on the order (`Ansprechpartner Herr Claußen` is one).
 */
function isAddress(text: string, segment: readonly Token[], first: number, words: readonly Token[]): boolean {
  if (words.length > MAX_ADDRESS_WORDS || !segment.slice(0, first).some((t) => SALUTATION_LEADS.has(t.norm))) return false;
  // Written all in lower case (as voice-to-text does), the text shows no name by its capital.
  return text === text.toLowerCase() || words.every((t) => isCapitalised(text.slice(t.start, t.end)));
}

function isCapitalised(word: string): boolean {
  const c = word.charAt(0);
  return c !== c.toLowerCase();
}

/** A note word of at least this many letters that shares most of them with a recognised name word is that name said differently. */
const MIN_STEM = 6;
const STEM_SHARE = 0.75;

/** `Baustoffe` for `Baustoffhandel`: the words start alike over most of the shorter one. */
function sharesStemWithAny(norm: string, namedWords: ReadonlySet<string>): boolean {
  if (norm.length < MIN_STEM) return false;
  for (const named of namedWords) {
    const shorter = Math.min(norm.length, named.length);
    if (shorter < MIN_STEM) continue;
    let common = 0;
    while (common < shorter && norm.charCodeAt(common) === named.charCodeAt(common)) common++;
    if (common >= MIN_STEM && common >= STEM_SHARE * shorter) return true;
  }
  return false;
}

/** A note word this short is no slip of a name word: too many short words are one letter apart. */
const MIN_SLIP = 3;

/** `kis` for `Kies`: a recognised name word typed with a letter left out or two swapped. */
function isSlipOfAny(norm: string, namedWords: ReadonlySet<string>): boolean {
  if (norm.length < MIN_SLIP || !/^[a-z]+$/.test(norm)) return false;
  for (const named of namedWords) if (named.length >= norm.length && named.length <= norm.length + 1 && oneSlipFrom(norm, named, false)) return true;
  return false;
}
