import { FIELD_STRIDE, type PreparedCatalogue, type ScoringTable, TOKEN_STRIDE } from './catalogue-index';
import type { Hit } from './hits';
import type { Token } from './text';

/** How well the text names one catalogue record, from the record's hits (hits.ts). */

const NUMBER_CONFLICT_FACTOR = 0.3;
const SPREAD_FACTOR = 0.8;

export interface EntityMatch {
  score: number;
  positions: number[];
  first: number;
  /** Some token matched only approximately (typo, prefix). */
  fuzzy: boolean;
  /** Matched on the name (not on the city, category, code or contact person). */
  byName: boolean;
}

/**
 * How well the free text tokens name `entity`, 0..1: half the share of the name's weight that is
 * matched, half how distinctive the best matched token is, times the field's factor (the city of a
 * plant counts half). Numbers next to the match that contradict the name (`Kies 4/8` for `Kies 2/8`)
 * and matches scattered over the sentence lower it. Plain loops and no closures: this runs for many
 * candidate records of every sentence.
 */
export function scoreEntity(
  prepared: PreparedCatalogue,
  entity: number,
  hits: readonly Hit[],
  used: ReadonlySet<number>,
  tokens: readonly Token[],
  gapBefore: readonly boolean[],
): EntityMatch | null {
  let best: EntityMatch | null = null;
  // The record's fields and tokens as numbers (catalogue-index.ts ScoringTable), not as objects.
  const table = prepared.scoring;
  const fieldCount = table.fieldCount[entity]!;
  for (let f = 0; f < fieldCount; f++) {
    // The hits first: most fields have none, and the field itself need not be read then.
    let count = 0;
    for (let i = 0; i < hits.length; i++) {
      const h = hits[i]!;
      if (h.field === f && !anyUsed(h.positions, used)) usable[count++] = h;
    }
    if (count === 0) continue;
    const field = (table.firstField[entity]! + f) * FIELD_STRIDE;
    const total = table.fields[field]!;
    if (total <= 0) continue;
    const firstToken = table.fields[field + 4]!;
    const n = table.fields[field + 5]!;
    const { sims, at } = placement(n);
    placeHits(count, sims, at, gapBefore, n);
    if (table.fields[field + 3] === 1) dropLonelyShortTokens(table, firstToken, at, n);

    let matched = 0;
    let strongest = 0;
    let fuzzy = false;
    let first = Infinity;
    let last = -Infinity;
    const positions: number[] = [];
    for (let t = 0; t < n; t++) {
      const mine = at[t];
      if (mine === null || mine === undefined) continue;
      const w = table.tokens[(firstToken + t) * TOKEN_STRIDE]! * sims[t]!;
      matched += w;
      if (w > strongest) strongest = w;
      if (sims[t]! < 1) fuzzy = true;
      for (const p of mine) {
        if (positions.includes(p)) continue;
        positions.push(p);
        if (p < first) first = p;
        if (p > last) last = p;
      }
    }
    if (matched <= 0) continue;
    let s = (0.5 * (matched / total) + 0.5 * (strongest / table.fields[field + 1]!)) * table.fields[field + 2]!;

    // The name's numbers decide even when the category matched (`Kies 4/8` is none of the Kies).
    if (numbersMissing(table, entity, f, at) && (contradicts(tokens, gapBefore, first - 1, first, true) || contradicts(tokens, gapBefore, last + 1, last + 1, false))) {
      s *= NUMBER_CONFLICT_FACTOR;
    }
    if (last - first > positions.length + 2) s *= SPREAD_FACTOR;

    if (!best || s > best.score) best = { score: s, positions: sortedAscending(positions), first, fuzzy, byName: f === 0 };
  }
  return best;
}

/** The field's hits on free tokens, the first `count` of it (reused like `placed`). */
const usable: Hit[] = [];

/**
 * Per name token the similarity and text positions of the hit placed on it, for the field being
 * scored: one pair of arrays reused for every field (scoring never nests), cleared up to `n`.
 */
const placed = { sims: [] as number[], at: [] as (readonly number[] | null)[] };

function placement(n: number): typeof placed {
  for (let t = 0; t < n; t++) {
    placed.sims[t] = 0;
    placed.at[t] = null;
  }
  return placed;
}

/** A few positions in ascending order (an insertion sort: no comparator call for one or two). */
function sortedAscending(positions: number[]): number[] {
  for (let i = 1; i < positions.length; i++) {
    const p = positions[i]!;
    let j = i;
    for (; j > 0 && positions[j - 1]! > p; j--) positions[j] = positions[j - 1]!;
    positions[j] = p;
  }
  return positions;
}

/** `outer` holds every position of `inner` and more. */
export function covers(outer: readonly number[], inner: readonly number[]): boolean {
  if (outer.length <= inner.length) return false;
  for (let i = 0; i < inner.length; i++) if (!outer.includes(inner[i]!)) return false;
  return true;
}

export function anyUsed(positions: readonly number[], used: ReadonlySet<number>): boolean {
  if (used.size === 0) return false;
  for (let i = 0; i < positions.length; i++) if (used.has(positions[i]!)) return true;
  return false;
}

/**
 * Gives each name token the text position that matches it best. A word said twice (`nach Lübeck,
 * Wohnbau Lübeck`): the name takes the mention in the name's word order (`Silo A CEM III/A`: the
 * cement's `A` is the one after `III`), else the one beside its other words, so the first one stays
 * free for the plant; hits without a rival are placed first.
 */
function placeHits(count: number, sims: number[], at: (readonly number[] | null)[], gapBefore: readonly boolean[], n: number): void {
  if (count === 1) {
    const h = usable[0]!;
    for (const t of h.entityTokens) {
      sims[t] = h.sim;
      at[t] = h.positions;
    }
    return;
  }
  // Best similarity first, then the hits with fewer rivals for their name tokens, then the earlier:
  // an insertion sort (stable, as the sort it replaces), since there are seldom more than a few.
  const rivals: number[] = [];
  for (let i = 0; i < count; i++) rivals.push(rivalCount(usable[i]!, count));
  for (let i = 1; i < count; i++) {
    const hit = usable[i]!;
    const r = rivals[i]!;
    let j = i;
    for (; j > 0 && ranksBefore(hit, r, usable[j - 1]!, rivals[j - 1]!); j--) {
      usable[j] = usable[j - 1]!;
      rivals[j] = rivals[j - 1]!;
    }
    usable[j] = hit;
    rivals[j] = r;
  }
  const taken: number[] = [];
  for (let k = 0; k < count; k++) {
    let h = usable[k]!;
    if (isBlocked(h, at, taken)) continue;
    if (taken.length > 0) {
      for (let q = 0; q < count; q++) {
        const o = usable[q]!;
        if (o !== h && o.sim === h.sim && sameTokens(o, h) && !isBlocked(o, at, taken) && placesBetter(o, h, at, n, taken, gapBefore)) h = o;
      }
    }
    for (const t of h.entityTokens) {
      sims[t] = h.sim;
      at[t] = h.positions;
    }
    taken.push(...h.positions);
  }
}

/** Hit `a` with `ra` rivals goes before hit `b` with `rb`: better similarity, fewer rivals, said earlier. */
function ranksBefore(a: Hit, ra: number, b: Hit, rb: number): boolean {
  if (a.sim !== b.sim) return a.sim > b.sim;
  if (ra !== rb) return ra < rb;
  return a.positions[0]! < b.positions[0]!;
}

/** Of two mentions of the same name tokens, the one in the name's word order, then the nearer one. */
function placesBetter(o: Hit, h: Hit, at: readonly (readonly number[] | null)[], n: number, taken: readonly number[], gapBefore: readonly boolean[]): boolean {
  const breaks = orderBreaks(o, at, n) - orderBreaks(h, at, n);
  return breaks < 0 || (breaks === 0 && distanceTo(o, taken, gapBefore) < distanceTo(h, taken, gapBefore));
}

/** How many name tokens placed so far stand on the wrong side of the hit, against the name's word order. */
function orderBreaks(h: Hit, at: readonly (readonly number[] | null)[], n: number): number {
  const p = h.positions[0]!;
  let breaks = 0;
  for (const t of h.entityTokens) {
    for (let o = 0; o < n; o++) {
      const q = at[o];
      if (q && o !== t && (o < t) !== (q[0]! < p)) breaks++;
    }
  }
  return breaks;
}

/** How many other of the first `count` usable hits share a name token with `h` at its similarity. */
function rivalCount(h: Hit, count: number): number {
  let rivals = 0;
  for (let k = 0; k < count; k++) {
    const o = usable[k]!;
    if (o === h || o.sim !== h.sim) continue;
    for (const t of o.entityTokens) {
      if (h.entityTokens.includes(t)) {
        rivals++;
        break;
      }
    }
  }
  return rivals;
}

function isBlocked(h: Hit, at: readonly (readonly number[] | null)[], taken: readonly number[]): boolean {
  for (const t of h.entityTokens) if (at[t] !== null) return true;
  for (const p of h.positions) if (taken.includes(p)) return true;
  return false;
}

function sameTokens(a: Hit, b: Hit): boolean {
  if (a.entityTokens.length !== b.entityTokens.length) return false;
  for (let i = 0; i < a.entityTokens.length; i++) if (a.entityTokens[i] !== b.entityTokens[i]) return false;
  return true;
}

function distanceTo(h: Hit, taken: readonly number[], gapBefore: readonly boolean[]): number {
  let min = Infinity;
  for (const p of h.positions) for (const q of taken) min = Math.min(min, tokensApart(p, q, gapBefore));
  return min;
}

/** Positions apart, a gap (text another recogniser took, like `Fr 13 Uhr`) counting as one more. */
function tokensApart(p: number, q: number, gapBefore: readonly boolean[]): number {
  let apart = Math.abs(p - q);
  for (let i = Math.min(p, q) + 1; i <= Math.max(p, q); i++) if (gapBefore[i]) apart++;
  return apart;
}

/** Short tokens (`2` of `Silo 2`) count only beside another matched token of the name. */
function dropLonelyShortTokens(table: ScoringTable, firstToken: number, at: (readonly number[] | null)[], n: number): void {
  for (let t = 0; t < n; t++) {
    const mine = at[t];
    if (mine === null || mine === undefined || table.tokens[(firstToken + t) * TOKEN_STRIDE + 1] !== 1) continue;
    let near = false;
    for (let o = 0; o < n && !near; o++) {
      const other = at[o];
      if (o === t || !other) continue;
      for (const p of other) for (const q of mine) if (Math.abs(p - q) <= 2) near = true;
    }
    if (!near) at[t] = null;
  }
}

/** A number of the name (`8/16`, `42,5`) that the text does not match. */
function numbersMissing(table: ScoringTable, entity: number, field: number, at: readonly (readonly number[] | null)[]): boolean {
  const count = table.nameNumberCount[entity]!;
  if (count === 0) return false;
  if (field !== 0) return true;
  const first = table.firstNameNumber[entity]!;
  for (let k = first; k < first + count; k++) if (at[table.nameNumbers[k]!] === null) return true;
  return false;
}

/**
 * A number or grain size at `p`, directly beside the match (no gap at `boundary`). Before a name only
 * a grain size counts (`4/8er Kies`): a plain number there mostly ends another name (`Silo 1 CEM I`).
 */
function contradicts(tokens: readonly Token[], gapBefore: readonly boolean[], p: number, boundary: number, before: boolean): boolean {
  const t = tokens[p];
  return t !== undefined && (t.kind === 'grain' || (!before && t.kind === 'number')) && !gapBefore[boundary];
}
