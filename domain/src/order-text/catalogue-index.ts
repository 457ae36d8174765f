import { distance } from 'fastest-levenshtein';
import { type CatalogueRecords, catalogueRecords } from './catalogue-records';
import { boundOf, boundOrder, ENTITY_SPAN, entityOfKey, RANKED_PER_KIND, SMALLEST_WINDOW } from './rank-key';
import { isTransposition } from './slips';
import { LOWEST_THRESHOLD } from './thresholds';
import { fold, tokenize } from './text';
import type { OrderTextCatalogue } from './types';
import { NAME_STOP_WORDS } from './words';

/**
 * The catalogue prepared for matching: every name cut into weighted tokens and an index from token
 * to names, so that a sentence is compared with the few names sharing a word instead of all of them.
 * Built once per catalogue object (cached), so the parse itself stays cheap and pure.
 */

export type EntityKind = 'material' | 'customer' | 'plant' | 'loadingPoint';

export interface FieldToken {
  norm: string;
  /** Rarer tokens weigh more (`Billbrook` tells more than `Betonwerk`): ln(1 + N / df). */
  weight: number;
  /** One or two characters (`2`, `A`, `I`): counts only next to another matched token of the name. */
  needsNeighbour: boolean;
  numeric: boolean;
}

export interface Field {
  tokens: FieldToken[];
  total: number;
  maxWeight: number;
  /** The name counts fully; city, category and contact person only as weaker evidence. */
  factor: number;
  /** Some token needs a matched neighbour (see FieldToken.needsNeighbour). */
  hasShortTokens: boolean;
}

export interface Entity {
  kind: EntityKind;
  /** Index into the catalogue's list of this kind. */
  index: number;
  name: string;
  fields: Field[];
  /**
   * Records of one kind whose fields read alike (`Halde West` at forty plants) score alike: the index
   * of the first of them, so that a sentence scores them once.
   */
  group: number;
  /** Every word of every field. */
  words: ReadonlySet<string>;
  /** Positions of the numbers in the name (`8/16`, `42,5`) that count. */
  nameNumbers: readonly number[];
}

export interface Posting {
  entity: number;
  field: number;
  /** The field tokens this vocabulary word stands for (two for a glued compound). */
  tokens: number[];
  /** The most this posting adds to its record's score: to the share of the name's weight matched … */
  coverage: number;
  /** … and as the most distinctive token matched (see the upper bound in entities.ts). */
  distinct: number;
  /** Counts on its own; a short token (`2` of `Silo 2`) needs another token beside it. */
  anchor: boolean;
}

export interface VocabHit {
  postings: readonly Posting[];
  sim: number;
  /**
   * The same postings as flat columns, their shares already times `sim`: the upper bound of every
   * touched record is summed from these for each sentence (see collectHits), without a pointer chase.
   */
  entities: Int32Array;
  /** The postings' fields and name tokens, for the hits of the few records scored (hits.ts). */
  fields: Int32Array;
  tokens: readonly (readonly number[])[];
  coverage: Float64Array;
  distinct: Float64Array;
  anchors: Uint8Array;
  /**
   * The postings whose record is among the RANKED_PER_KIND best of its kind by what this hit alone
   * gives it (`leading`), and the others (`trailing`), by index. A record that no other posting of
   * the sentence touches and that trails cannot be ranked, since those that lead rank at least as
   * high (hits.ts). All postings of one record lead or all trail.
   */
  leading: Int32Array;
  trailing: Int32Array;
}

function vocabHit(postings: readonly Posting[], sim: number, kinds: readonly EntityKind[]): VocabHit {
  const n = postings.length;
  const hit: VocabHit = {
    postings,
    sim,
    entities: new Int32Array(n),
    fields: Int32Array.from(postings, (p) => p.field),
    // Copied, not shared with the postings: made one after the other, the lists of a hit stay side
    // by side in memory, where scoring reads them (the postings' own lists lie all over the heap).
    tokens: postings.map((p) => p.tokens.slice()),
    coverage: new Float64Array(n),
    distinct: new Float64Array(n),
    anchors: new Uint8Array(n),
    leading: new Int32Array(0),
    trailing: new Int32Array(0),
  };
  postings.forEach((p, i) => {
    hit.entities[i] = p.entity;
    hit.coverage[i] = p.coverage * sim;
    hit.distinct[i] = p.distinct * sim;
    hit.anchors[i] = p.anchor ? 1 : 0;
  });
  markLeads(hit, kinds);
  return hit;
}

/**
 * Sets `leading` and `trailing`: the records of the hit as the ranking of hits.ts would see them if
 * this hit were all the sentence touched (the same sums, in the same order, the same filter), per
 * kind the best RANKED_PER_KIND by rank key.
 */
function markLeads(hit: VocabHit, kinds: readonly EntityKind[]): void {
  // No kind has more records here than it ranks: all lead (most hits; looked up on a note's first call).
  if (hit.entities.length <= SMALLEST_WINDOW) {
    hit.leading = Int32Array.from(hit.entities.keys());
    return;
  }
  const alone = new Map<number, { coverage: number; distinct: number; anchored: boolean }>();
  hit.entities.forEach((e, i) => {
    const record = alone.get(e) ?? { coverage: 0, distinct: 0, anchored: false };
    record.coverage += hit.coverage[i]!;
    record.distinct = Math.max(record.distinct, hit.distinct[i]!);
    record.anchored ||= hit.anchors[i] === 1;
    alone.set(e, record);
  });
  const keysByKind = new Map<EntityKind, number[]>();
  for (const [e, record] of alone) {
    // As hits.ts ranks: anchored records that may reach their kind's lowest threshold.
    if (!record.anchored || record.coverage + record.distinct < LOWEST_THRESHOLD[kinds[e]!]) continue;
    const keys = keysByKind.get(kinds[e]!) ?? [];
    keys.push(boundOrder(boundOf(record.coverage, record.distinct)) * ENTITY_SPAN + e);
    keysByKind.set(kinds[e]!, keys);
  }
  const leading = new Set<number>();
  for (const [kind, keys] of keysByKind) for (const key of keys.sort((a, b) => a - b).slice(0, RANKED_PER_KIND[kind])) leading.add(entityOfKey(key));
  const indexes = [...hit.entities.keys()];
  hit.leading = Int32Array.from(indexes.filter((i) => leading.has(hit.entities[i]!)));
  hit.trailing = Int32Array.from(indexes.filter((i) => !leading.has(hit.entities[i]!)));
}

/**
 * What scoring reads of the records' fields, as numbers side by side: a sentence scores records it
 * has not touched before, and reading a few arrays costs less than following each record's field and
 * token objects through memory.
 */
export interface ScoringTable {
  /** By record, where its fields start in `fields` (in fields, not numbers). */
  firstField: Int32Array;
  /** By record, how many fields it has. */
  fieldCount: Uint8Array;
  /** FIELD_STRIDE numbers per field: total, maxWeight, factor, hasShortTokens (1/0), first token, token count. */
  fields: Float64Array;
  /** TOKEN_STRIDE numbers per field token: weight, needsNeighbour (1/0). */
  tokens: Float64Array;
  /** By record, where its Entity.nameNumbers start in `nameNumbers`, and how many there are. */
  firstNameNumber: Int32Array;
  nameNumberCount: Int32Array;
  nameNumbers: Int32Array;
}

export const FIELD_STRIDE = 6;
export const TOKEN_STRIDE = 2;

function scoringTable(entities: readonly Entity[]): ScoringTable {
  const fieldTotal = entities.reduce((sum, e) => sum + e.fields.length, 0);
  const tokenTotal = entities.reduce((sum, e) => sum + e.fields.reduce((n, f) => n + f.tokens.length, 0), 0);
  const table: ScoringTable = {
    firstField: new Int32Array(entities.length),
    fieldCount: new Uint8Array(entities.length),
    fields: new Float64Array(fieldTotal * FIELD_STRIDE),
    tokens: new Float64Array(tokenTotal * TOKEN_STRIDE),
    firstNameNumber: new Int32Array(entities.length),
    nameNumberCount: new Int32Array(entities.length),
    nameNumbers: Int32Array.from(entities.flatMap((e) => e.nameNumbers)),
  };
  let nameNumber = 0;
  let field = 0;
  let token = 0;
  entities.forEach((e, i) => {
    table.firstField[i] = field;
    table.fieldCount[i] = e.fields.length;
    table.firstNameNumber[i] = nameNumber;
    table.nameNumberCount[i] = e.nameNumbers.length;
    nameNumber += e.nameNumbers.length;
    for (const f of e.fields) {
      table.fields.set([f.total, f.maxWeight, f.factor, f.hasShortTokens ? 1 : 0, token, f.tokens.length], field * FIELD_STRIDE);
      field++;
      for (const t of f.tokens) {
        table.tokens.set([t.weight, t.needsNeighbour ? 1 : 0], token * TOKEN_STRIDE);
        token++;
      }
    }
  });
  return table;
}

export interface PreparedCatalogue {
  entities: Entity[];
  scoring: ScoringTable;
  /** By entity, its kind, index and score group, apart from the entities: the matcher asks them most. */
  kinds: readonly EntityKind[];
  indexes: Int32Array;
  groups: Int32Array;
  /** The record `index` of the catalogue's list of `kind`. */
  entityOf(kind: EntityKind, index: number): Entity | undefined;
  /** `silo 2`, `silo a`: names that end in a short token, guarded from being read as counts or times. */
  shortEndedNames: Set<string>;
  /** The first words of those names (`silo`): a text without any needs no guarding. */
  shortEndedFirstWords: ReadonlySet<string>;
  /** Whether a lower-case text may hold one of those first words (as typed: `ae` or `ä`); no false negatives. */
  mayNameShortEnded(lower: string): boolean;
  lookup(norm: string, mode: 'word' | 'exact'): VocabHit[];
  /** `lookup(first + second, 'glued')`: two neighbouring words read as one (`hafen terminal`). */
  lookupPair(first: string, second: string): VocabHit[];
  records: CatalogueRecords;
  /** The grain sizes of the materials (`8/16`) and the words of their names: spoken sizes are read by them. */
  grains: ReadonlySet<string>;
  materialWords: ReadonlySet<string>;
}

// Similarity of one text token to one vocabulary token.
const SIM_PREFIX_OF_NAME = 0.85; // `frostschutz` for `frostschutzkies`
const SIM_NAME_PLUS_ENDING = 0.9; // `kieler` for `kiel`
const SIM_ONE_EDIT = 0.8;
const SIM_TWO_EDITS = 0.7;
const MIN_PREFIX = 5;
const MIN_FUZZY = 5;
/** A name word this short is found only with one letter typed too many (`Kiehl` for `Kiel`). */
const MIN_FUZZY_NAME = 4;
/** Each part of a compound of two name words keeps at least this many letters (`Hafen|terminal`). */
const MIN_COMPOUND_PART = 4;
/** Longer words are no compound of two name words: not cut (a 2,000-letter word would be cut 2,000 times). */
const MAX_COMPOUND = 40;
const LOOKUP_CACHE_LIMIT = 20_000;
const MAX_CATEGORY_SIZE = 5;

type FieldSpec = { slot: string; text: string | null | undefined; factor: number; lastWordOnly?: boolean };

function fieldSpecs(catalogue: OrderTextCatalogue): { kind: EntityKind; index: number; name: string; specs: FieldSpec[] }[] {
  return [
    ...catalogue.materials.map((m, index) => ({
      kind: 'material' as const,
      index,
      name: m.name,
      specs: [
        { slot: 'name', text: m.name, factor: 1 },
        { slot: 'category', text: m.category, factor: 0.4 },
        { slot: 'code', text: m.materialCode, factor: 1 },
      ],
    })),
    ...catalogue.customers.map((c, index) => ({
      kind: 'customer' as const,
      index,
      name: c.company,
      // The contact person by last name only: first names (Jan, Eva) are ordinary words.
      specs: [
        { slot: 'name', text: c.company, factor: 1 },
        { slot: 'contact', text: c.contactPerson, factor: 0.7, lastWordOnly: true },
      ],
    })),
    ...catalogue.plants.map((p, index) => ({
      kind: 'plant' as const,
      index,
      name: p.name,
      specs: [
        { slot: 'name', text: p.name, factor: 1 },
        { slot: 'city', text: p.city, factor: 0.5 },
      ],
    })),
    ...catalogue.loadingPoints.map((lp, index) => ({
      kind: 'loadingPoint' as const,
      index,
      name: lp.name,
      specs: [{ slot: 'name', text: lp.name, factor: 1 }],
    })),
  ];
}

function fieldNorms(spec: FieldSpec): { norm: string; numeric: boolean }[] {
  if (!spec.text) return [];
  const tokens = tokenize(spec.text).filter((t) => t.kind !== 'punct');
  // A code is one token, glued the way the text's tokens of one word are glued (`K-0816` → `k816`).
  if (spec.slot === 'code') return tokens.length > 0 ? [{ norm: tokens.map((t) => t.norm).join(''), numeric: false }] : [];
  const picked = spec.lastWordOnly ? tokens.slice(-1) : tokens;
  return picked.map((t) => ({ norm: t.norm, numeric: t.kind !== 'word' }));
}

export function prepareCatalogue(catalogue: OrderTextCatalogue): PreparedCatalogue {
  const raw = fieldSpecs(catalogue).map((e) => ({ ...e, norms: e.specs.map(fieldNorms) }));

  // Document frequency per kind and field slot.
  const df = new Map<string, number>();
  const count = new Map<string, number>();
  for (const e of raw) {
    e.specs.forEach((spec, f) => {
      const key = `${e.kind}:${spec.slot}`;
      count.set(key, (count.get(key) ?? 0) + 1);
      for (const norm of new Set(e.norms[f]!.map((n) => n.norm))) df.set(`${key}:${norm}`, (df.get(`${key}:${norm}`) ?? 0) + 1);
    });
  }

  const entities: Entity[] = [];
  const groups = new Map<string, number>();
  const postings = new Map<string, Posting[]>();
  const shortEndedNames = new Set<string>();
  const post = (norm: string, posting: Posting) => {
    const list = postings.get(norm);
    if (list) list.push(posting);
    else postings.set(norm, [posting]);
  };

  raw.forEach((e, entity) => {
    const fields: Field[] = e.specs.map((spec, f) => {
      const key = `${e.kind}:${spec.slot}`;
      const n = count.get(key) ?? 1;
      const norms = e.norms[f]!;
      const weighted = norms.map(({ norm, numeric }) => ({
        norm,
        numeric,
        weight: NAME_STOP_WORDS.has(norm) ? 0 : Math.log(1 + n / (df.get(`${key}:${norm}`) ?? 1)),
      }));
      const counted = weighted.filter((t) => t.weight > 0).length;
      // Written out, not spread: every token then shares one object shape, which the scoring reads fast.
      const tokens: FieldToken[] = weighted.map(({ norm, numeric, weight }) => ({
        norm,
        weight,
        needsNeighbour: counted > 1 && norm.length <= 2 && !norm.includes('/'),
        numeric,
      }));
      return {
        tokens,
        total: tokens.reduce((sum, t) => sum + t.weight, 0),
        maxWeight: tokens.reduce((max, t) => Math.max(max, t.weight), 0),
        factor: spec.factor,
        hasShortTokens: tokens.some((t) => t.needsNeighbour),
      };
    });
    const key = `${e.kind}\u0000${e.norms.map((field) => field.map((t) => t.norm).join(' ')).join('\u0000')}`;
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = entity));
    const words = new Set(fields.flatMap((field) => field.tokens.map((t) => t.norm)));
    const nameNumbers = (fields[0]?.tokens ?? []).flatMap((t, i) => (t.numeric && t.weight > 0 ? [i] : []));
    entities.push({ kind: e.kind, index: e.index, name: e.name, fields, group, words, nameNumbers });
    fields.forEach((field, f) => {
      // A category shared by many materials can only ever be a tie; it is not worth looking up.
      if (e.specs[f]!.slot === 'category' && (df.get(`${e.kind}:category:${field.tokens[0]?.norm}`) ?? 0) > MAX_CATEGORY_SIZE) return;
      field.tokens.forEach((t, i) => {
        const share = (w: number, anchor: boolean) => ({
          coverage: (0.5 * w * field.factor) / field.total,
          distinct: (0.5 * w * field.factor) / field.maxWeight,
          anchor,
        });
        if (t.weight > 0) post(t.norm, { entity, field: f, tokens: [i], ...share(t.weight, !t.needsNeighbour) });
        const next = field.tokens[i + 1];
        // Compounds: `Elbebau` for `Elbe Bau`, `Recyclingschotter` for `Recycling-Schotter`.
        if (next && !t.numeric && !next.numeric && t.weight > 0 && next.weight > 0) post(t.norm + next.norm, { entity, field: f, tokens: [i, i + 1], ...share(t.weight + next.weight, true) });
      });
      const last = field.tokens[field.tokens.length - 1];
      const beforeLast = field.tokens[field.tokens.length - 2];
      // A legal form (`Bau AG`) reads as no count or time: only names that end in a telling short token.
      if (f === 0 && last && beforeLast && last.norm.length <= 2 && last.weight > 0 && beforeLast.weight > 0 && !beforeLast.numeric) shortEndedNames.add(`${beforeLast.norm} ${last.norm}`);
    });
  });

  const vocab = [...postings.keys()].sort();
  // Fuzzy candidates by first letter and length: a word of 9 letters is compared with those of 7 to 11 only.
  const byFirstAndLength = new Map<string, string[]>();
  for (const word of vocab) {
    if (word.length < MIN_FUZZY_NAME || !/^[a-z]+$/.test(word)) continue;
    const key = `${word[0]}${word.length}`;
    const list = byFirstAndLength.get(key);
    if (list) list.push(word);
    else byFirstAndLength.set(key, [word]);
  }

  const kinds = entities.map((e) => e.kind);
  const caches = { word: new Map<string, VocabHit[]>(), exact: new Map<string, VocabHit[]>() };
  /**
   * Glued pairs by their first word, then their second: the words' hashes are known from their own
   * lookups, while a key glued anew for every pair must be joined and hashed each time.
   */
  let pairs = new Map<string, Map<string, VocabHit[]>>();
  let pairCount = 0;

  function prefixed(norm: string): string[] {
    let lo = 0;
    let hi = vocab.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (vocab[mid]! < norm) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < vocab.length && vocab[i]!.startsWith(norm); i++) if (vocab[i] !== norm) out.push(vocab[i]!);
    return out;
  }

  /**
   * Vocabulary words like `norm`. An exact hit ends the search: `bremer` (Bremer Bauunion) is not
   * also a typo of `bremen`, nor `zement` (the category) the start of `zementwerk`. A prefix stands
   * for a single name token, never for a glued compound.
   */
  function computeLookup(norm: string, mode: 'word' | 'exact' | 'glued'): VocabHit[] {
    const exact = postings.get(norm);
    if (exact) return [vocabHit(exact, 1, kinds)];
    if (mode === 'exact') return [];
    const sims = new Map<string, { sim: number; singleOnly: boolean }>();
    const offer = (word: string, sim: number, singleOnly: boolean) => {
      if ((sims.get(word)?.sim ?? 0) < sim) sims.set(word, { sim, singleOnly });
    };
    if (mode === 'word') {
      if (norm.length >= MIN_PREFIX) for (const word of prefixed(norm)) offer(word, SIM_PREFIX_OF_NAME, true);
      for (let k = norm.length - 1; k >= Math.max(4, norm.length - 3); k--) {
        const stem = norm.slice(0, k);
        if (postings.has(stem) && /^[a-z]+$/.test(stem)) offer(stem, SIM_NAME_PLUS_ENDING, false);
      }
    }
    if (norm.length >= MIN_FUZZY) {
      for (let length = norm.length - 2; length <= norm.length + 2; length++) {
        const short = length < MIN_FUZZY;
        if (short && length !== norm.length - 1) continue;
        for (const word of byFirstAndLength.get(`${norm[0]}${length}`) ?? []) {
          const d = distance(word, norm);
          if (short && d !== 1) continue;
          if (d === 1 || (d === 2 && isTransposition(word, norm))) offer(word, SIM_ONE_EDIT, false);
          else if (d === 2 && Math.min(word.length, norm.length) >= 8) offer(word, SIM_TWO_EDITS, false);
        }
      }
    }
    const hits: VocabHit[] = [];
    for (const [word, { sim, singleOnly }] of sims) {
      const list = postings.get(word)!;
      const usable = singleOnly ? list.filter((p) => p.tokens.length === 1) : list;
      if (usable.length > 0) hits.push(vocabHit(usable, sim, kinds));
    }
    return hits.length === 0 && mode === 'word' && norm.length <= MAX_COMPOUND ? compoundHits(norm) : hits;
  }

  /**
   * A word glued from two words of one name, in either order (`Hafenterminal` for `Terminal
   * Hamburg-Hafen`), the second perhaps with a slip (`Hafentermnal`): one hit on both name tokens.
   */
  function compoundHits(norm: string): VocabHit[] {
    const hits: VocabHit[] = [];
    for (let cut = MIN_COMPOUND_PART; cut <= norm.length - MIN_COMPOUND_PART; cut++) {
      const heads = postings.get(norm.slice(0, cut));
      if (!heads) continue;
      for (const tail of computeLookup(norm.slice(cut), 'glued')) {
        const joined: Posting[] = [];
        for (const head of heads) {
          for (const other of tail.postings) {
            if (other.entity !== head.entity || other.field !== head.field || other.tokens.some((t) => head.tokens.includes(t))) continue;
            joined.push({
              entity: head.entity,
              field: head.field,
              tokens: [...head.tokens, ...other.tokens],
              coverage: head.coverage + other.coverage,
              distinct: head.distinct + other.distinct,
              anchor: head.anchor || other.anchor,
            });
          }
        }
        if (joined.length > 0) hits.push(vocabHit(joined, tail.sim, kinds));
      }
    }
    return hits;
  }

  const shortEndedFirstWords: ReadonlySet<string> = new Set([...shortEndedNames].map((name) => name.split(' ')[0]!));
  const firstWordsTyped = firstWordsPattern(shortEndedFirstWords);
  const firstOfKind = new Map<EntityKind, number>();
  entities.forEach((e, i) => {
    if (!firstOfKind.has(e.kind)) firstOfKind.set(e.kind, i);
  });

  return {
    entities,
    scoring: scoringTable(entities),
    kinds,
    indexes: Int32Array.from(entities, (e) => e.index),
    groups: Int32Array.from(entities, (e) => e.group),
    entityOf: (kind, index) => entities[(firstOfKind.get(kind) ?? Number.NaN) + index],
    shortEndedNames,
    shortEndedFirstWords,
    // A letter with an accent could be one fold drops: then no test.
    mayNameShortEnded: (lower) => firstWordsTyped === null || firstWordsTyped.test(lower) || ACCENTED.test(lower),
    records: catalogueRecords(catalogue),
    ...materialVocabulary(catalogue),
    lookupPair(first, second) {
      let seconds = pairs.get(first);
      let hits = seconds?.get(second);
      if (hits) return hits;
      if (pairCount >= LOOKUP_CACHE_LIMIT) {
        pairs = new Map();
        pairCount = 0;
        seconds = undefined;
      }
      if (!seconds) pairs.set(first, (seconds = new Map()));
      hits = computeLookup(first + second, 'glued');
      seconds.set(second, hits);
      pairCount++;
      return hits;
    },
    lookup(norm, mode) {
      const cache = caches[mode];
      let hits = cache.get(norm);
      if (!hits) {
        if (cache.size >= LOOKUP_CACHE_LIMIT) cache.clear();
        hits = computeLookup(norm, mode);
        cache.set(norm, hits);
      }
      return hits;
    },
  };
}

/** More first words than this are tested word by word after all. */
const MAX_FIRST_WORDS_PATTERN = 40;

/**
 * A pattern for the folded first words as a lower-case text without accents may write them (`ae` or
 * `ä`, `ss` or `ß`); null (no test) when there are too many or a word holds other letters.
 */
function firstWordsPattern(words: ReadonlySet<string>): RegExp | null {
  if (words.size > MAX_FIRST_WORDS_PATTERN || [...words].some((w) => !/^[a-z0-9]+$/.test(w))) return null;
  if (words.size === 0) return /(?!)/;
  const typed = [...words].map((w) => w.replace(/ae|oe|ue|ss/g, (c) => TYPED_AS[c] ?? c));
  return new RegExp(typed.join('|'));
}

/** Folded letters and the umlaut a text may have typed for them. */
const TYPED_AS: Record<string, string> = { ae: '(?:ae|ä)', oe: '(?:oe|ö)', ue: '(?:ue|ü)', ss: '(?:ss|ß)' };
/** Letters beyond ASCII other than the umlauts and ß (whose fold firstWordsPattern knows). */
const ACCENTED = /(?![äöüß])[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]/;

function materialVocabulary(catalogue: OrderTextCatalogue): Pick<PreparedCatalogue, 'grains' | 'materialWords'> {
  const grains = new Set<string>();
  const materialWords = new Set<string>();
  for (const { name } of catalogue.materials) {
    for (const m of name.matchAll(/(\d+)\s*\/\s*(\d+)/g)) grains.add(`${Number(m[1])}/${Number(m[2])}`);
    for (const word of name.match(/\p{L}+/gu) ?? []) materialWords.add(fold(word));
  }
  return { grains, materialWords };
}

const prepared = new WeakMap<OrderTextCatalogue, PreparedCatalogue>();

/** The prepared form of `catalogue`, built on first use. A changed catalogue must be a new object. */
export function preparedCatalogue(catalogue: OrderTextCatalogue): PreparedCatalogue {
  let p = prepared.get(catalogue);
  if (!p) {
    p = prepareCatalogue(catalogue);
    prepared.set(catalogue, p);
  }
  return p;
}
