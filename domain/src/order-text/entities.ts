import { canBeDeliveryPlant, canBeLoadingPlant } from '../plant/plant-eligibility';
import type { Entity, EntityKind, Field, Posting, PreparedCatalogue, VocabHit } from './catalogue-index';
import { type Token, tokenize } from './text';
import type { OrderTextCatalogue } from './types';
import { ABBREVIATED_CUES, ABBREVIATIONS, CUE_SKIPPABLE, CUSTOMER_CUES, DEPARTURE_CUES, DESTINATION_CUES, DESTINATION_OR_CUSTOMER_CUES, FILLERS } from './words';

/** §5.4 match thresholds. Locations: 0.25 after a cue (`von`, `nach`), 0.4 without. */
export const THRESHOLDS = {
  material: 0.3,
  customer: 0.5,
  customerAfterCue: 0.4,
  loadingPoint: 0.4,
  location: 0.4,
  locationAfterCue: 0.25,
} as const;

/** Two candidates closer than this are a tie: the parser asks instead of guessing. */
const TIE_MARGIN = 0.05;
const CUE_BONUS = 0.05;
const ROLE_CONFLICT_FACTOR = 0.6;
const NUMBER_CONFLICT_FACTOR = 0.3;
const SPREAD_FACTOR = 0.8;
const OTHER_PLANTS_POINT_FACTOR = 0.5;

type Role = 'loading' | 'delivery';
type Cue = Role | 'customer' | 'deliveryOrCustomer';

interface Hit {
  field: number;
  entityTokens: number[];
  positions: number[];
  sim: number;
}

export interface EntityMatch {
  score: number;
  positions: number[];
  first: number;
  /** Some token matched only approximately (typo, prefix). */
  fuzzy: boolean;
  /** Matched on the name (not on the city, category, code or contact person). */
  byName: boolean;
}

/** A recognised record: its index in the catalogue list of its kind. */
export interface Chosen {
  index: number;
  score: number;
  fuzzy: boolean;
  /** Named after a cue of the other direction (`nach Moorburg`, a loading-only plant). */
  roleConflict: boolean;
  /** Not named, but the only possibility (the plant of a named loading point, a plant's only loading point). */
  inferred: boolean;
  /** Named by its name, not only by its city or contact person (`Frau Wolff`). */
  byName: boolean;
}

export interface Ambiguity {
  kind: EntityKind;
  names: string[];
}

export interface EntityMatches {
  material: Chosen | null;
  customer: Chosen | null;
  loadingPlant: Chosen | null;
  deliveryPlant: Chosen | null;
  loadingPoint: Chosen | null;
  ambiguities: Ambiguity[];
  /** A named loading point that belongs to another plant than the named loading plant. */
  foreignLoadingPoint: string | null;
  /** Token positions the records were recognised in (left out of the notes). */
  used: Set<number>;
}

interface Candidate {
  entity: number;
  /** For plants: the role this candidate stands for; `either` for a plant of role both named without cue. */
  role: Role | 'either' | null;
}

interface Scored {
  candidate: Candidate;
  match: EntityMatch;
  score: number;
  roleConflict: boolean;
}

function cueOf(word: string): Cue | null {
  if (DEPARTURE_CUES.has(word)) return 'loading';
  if (DESTINATION_CUES.has(word)) return 'delivery';
  if (DESTINATION_OR_CUSTOMER_CUES.has(word)) return 'deliveryOrCustomer';
  if (CUSTOMER_CUES.has(word)) return 'customer';
  return null;
}

/**
 * Matches the text tokens with the catalogue. Greedy: the best-scoring record takes its tokens, then
 * the rest is scored again, so that `Wohnbau Lübeck … nach Lübeck` gives the customer one `Lübeck`
 * and the delivery plant the other.
 */
export function matchEntities(tokens: readonly Token[], gapBefore: readonly boolean[], prepared: PreparedCatalogue, catalogue: OrderTextCatalogue): EntityMatches {
  const { entities } = prepared;
  const collected = collectHits(tokens, gapBefore, prepared);
  const { bound } = collected;
  const used = new Set<number>();

  const cueBefore = (position: number): Cue | null => {
    let p = position;
    for (let steps = 0; steps < 3 && p > 0 && !gapBefore[p]; steps++) {
      p--;
      const token = tokens[p]!;
      // `v. Moorburg`: the dot of an abbreviated cue is no break.
      const dotted = (q: number) => tokens[q + 1]?.norm === '.' && ABBREVIATED_CUES[tokens[q]?.norm ?? ''] !== undefined;
      if (token.kind === 'punct' && !(token.norm === '.' && p > 0 && !gapBefore[p] && dotted(p - 1))) return null;
      if (token.kind === 'punct') {
        steps--;
        continue;
      }
      const cue = cueOf(dotted(p) ? ABBREVIATED_CUES[token.norm]! : token.norm);
      if (cue) return cue;
      if (!CUE_SKIPPABLE.has(token.norm)) return null;
    }
    return null;
  };

  // A record's score changes only when a token it matched is taken: cached until then, by score
  // group (records that read alike share their score). An entry checks its positions only when
  // tokens were taken since it was made.
  interface Cached {
    match: EntityMatch | null;
    hits: readonly Hit[];
    usedSize: number;
  }
  const cachedScores = new Map<number, Cached>();
  const hitCache = new Map<number, Hit[]>();
  const hitsOf = (entity: number): Hit[] => {
    let hits = hitCache.get(entity);
    if (!hits) hitCache.set(entity, (hits = collected.hitsOf(entity)));
    return hits;
  };
  const fresh = (entry: Cached | undefined): entry is Cached => {
    if (!entry) return false;
    if (entry.usedSize === used.size) return true;
    for (const h of entry.hits) if (anyUsed(h.positions, used)) return false;
    entry.usedSize = used.size;
    return true;
  };
  const score = (entity: number): EntityMatch | null => {
    const group = entities[entity]!.group;
    const entry = cachedScores.get(group);
    if (fresh(entry)) return entry.match;
    const hits = hitsOf(entity);
    const match = scoreEntity(entities[entity]!, hits, used, tokens, gapBefore);
    cachedScores.set(group, { match, hits, usedSize: used.size });
    return match;
  };
  /** No token of the record was taken since `usedSize` tokens were. */
  const unchangedSince = (entity: number, usedSize: number): boolean => {
    if (used.size === usedSize) return true;
    for (const h of hitsOf(entity)) if (anyUsed(h.positions, used)) return false;
    return true;
  };
  const take = (positions: Iterable<number>) => {
    for (const p of positions) used.add(p);
  };

  const result: EntityMatches = {
    material: null,
    customer: null,
    loadingPlant: null,
    deliveryPlant: null,
    loadingPoint: null,
    ambiguities: [],
    foreignLoadingPoint: null,
    used,
  };
  const closed = new Set<string>();
  const pendingEither: Chosen[] = [];

  // Best bound first: a round of the greedy choice stops at the first record that cannot come near the
  // best. At most MAX_CANDIDATES_PER_KIND per kind: more records that read all but alike are a tie
  // (a pasted price list), and scoring them all would make such a text slow.
  const candidates: Candidate[] = [];
  const perKind = new Map<EntityKind, number>();
  for (const entity of byBound(collected.reachable, bound)) {
    const e = entities[entity]!;
    const count = (perKind.get(e.kind) ?? 0) + 1;
    perKind.set(e.kind, count);
    if (count > MAX_CANDIDATES_PER_KIND) continue;
    if (e.kind === 'material' || e.kind === 'customer') candidates.push({ entity, role: null });
    else if (e.kind === 'plant') {
      const plant = catalogue.plants[e.index]!;
      const loading = canBeLoadingPlant(plant);
      const delivery = canBeDeliveryPlant(plant);
      if (loading) candidates.push({ entity, role: 'loading' });
      if (delivery) candidates.push({ entity, role: 'delivery' });
      if (loading && delivery) candidates.push({ entity, role: 'either' });
    }
  }

  const plantSlotsFree = () => (result.loadingPlant ? 0 : 1) + (result.deliveryPlant ? 0 : 1) - pendingEither.length;
  const slotFree = (c: Candidate): boolean => {
    const kind = entities[c.entity]!.kind;
    if (kind === 'material') return !result.material && !closed.has('material');
    if (kind === 'customer') return !result.customer && !closed.has('customer');
    if (c.role === 'loading') return !result.loadingPlant && plantSlotsFree() > 0;
    if (c.role === 'delivery') return !result.deliveryPlant && plantSlotsFree() > 0;
    return plantSlotsFree() > 0;
  };

  const evaluate = (c: Candidate): Scored | null => {
    if (!slotFree(c)) return null;
    const match = score(c.entity);
    if (!match) return null;
    const e = entities[c.entity]!;
    const cue = cueBefore(match.first);
    if (e.kind === 'material') return match.score >= THRESHOLDS.material ? { candidate: c, match, score: match.score, roleConflict: false } : null;
    if (e.kind === 'customer') {
      const afterCue = cue === 'customer' || cue === 'deliveryOrCustomer';
      const threshold = afterCue ? THRESHOLDS.customerAfterCue : THRESHOLDS.customer;
      const s = match.score + (afterCue ? CUE_BONUS : 0);
      return match.score >= threshold ? { candidate: c, match, score: s, roleConflict: false } : null;
    }
    const plant = catalogue.plants[e.index]!;
    const cueRole: Role | null = cue === 'loading' ? 'loading' : cue === 'delivery' || cue === 'deliveryOrCustomer' ? 'delivery' : null;
    if (cueRole === null) {
      // Without a cue a plant of role both waits for the other plant to decide its direction.
      const both = canBeLoadingPlant(plant) && canBeDeliveryPlant(plant);
      if (both !== (c.role === 'either')) return null;
      return match.score >= THRESHOLDS.location ? { candidate: c, match, score: match.score, roleConflict: false } : null;
    }
    if (c.role === 'either') return null;
    if (c.role !== cueRole) {
      // The same name may stand twice (`von Hamburg nach Hamburg`): try its other mention.
      const blocked = new Set([...used, ...match.positions]);
      const other = scoreEntity(e, hitsOf(c.entity), blocked, tokens, gapBefore);
      const otherCue = other ? cueBefore(other.first) : null;
      const otherRole = otherCue === 'loading' ? 'loading' : otherCue === 'delivery' || otherCue === 'deliveryOrCustomer' ? 'delivery' : null;
      if (other && otherRole === c.role && other.score >= THRESHOLDS.locationAfterCue) {
        return { candidate: c, match: other, score: other.score + CUE_BONUS, roleConflict: false };
      }
    }
    if (c.role === cueRole) {
      return match.score >= THRESHOLDS.locationAfterCue ? { candidate: c, match, score: match.score + CUE_BONUS, roleConflict: false } : null;
    }
    const mayTakeCuedRole = cueRole === 'loading' ? canBeLoadingPlant(plant) : canBeDeliveryPlant(plant);
    if (mayTakeCuedRole) return null;
    const s = match.score * ROLE_CONFLICT_FACTOR;
    return s >= THRESHOLDS.location ? { candidate: c, match, score: s, roleConflict: true } : null;
  };

  const group = (entity: number) => entities[entity]!.kind;
  const before = (a: Scored, b: Scored) =>
    b.score - a.score || kindOrder(group(a.candidate.entity)) - kindOrder(group(b.candidate.entity)) || a.candidate.entity - b.candidate.entity;
  // A candidate found wanting stays out (scores only fall as tokens are taken, slots only close).
  const boundOf = candidates.map((c) => bound[c.entity]! + CUE_BONUS);
  const dropped = new Uint8Array(candidates.length);
  const last: (Scored | null)[] = new Array<Scored | null>(candidates.length).fill(null);
  const lastUsedSize = new Array<number>(candidates.length).fill(-1);
  for (;;) {
    let best: Scored | null = null;
    const scored: Scored[] = [];
    for (let i = 0; i < candidates.length; i++) {
      if (dropped[i]) continue;
      const c = candidates[i]!;
      // Sorted by bound: no later candidate can beat the best or tie with it.
      if (best && boundOf[i]! < best.score - TIE_MARGIN) break;
      const previous = last[i];
      // Each candidate's own result is reused only while none of its record's tokens were taken.
      const s = previous && unchangedSince(c.entity, lastUsedSize[i]!) && slotFree(c) ? previous : evaluate(c);
      last[i] = s;
      lastUsedSize[i] = used.size;
      if (!s) {
        dropped[i] = 1;
        continue;
      }
      scored.push(s);
      if (!best || before(s, best) < 0) best = s;
    }
    if (!best) break;
    // Every round takes tokens or closes a slot; a match on taken tokens would repeat for ever.
    if (best.match.positions.every((p) => used.has(p))) {
      dropped[candidates.indexOf(best.candidate)] = 1;
      continue;
    }
    const kind = group(best.candidate.entity);
    // `Kies 16/32 gewaschen` names `Kies 16/32 gewaschen`, not `Kies 16/32`: of two close matches the
    // one that covers the other's words and more wins, and the covered one is no rival.
    for (const s of scored) {
      if (group(s.candidate.entity) === kind && s.score >= best.score - TIE_MARGIN && covers(s.match.positions, best.match.positions)) best = s;
    }
    const chosenBest = best;
    const rivals = scored.filter(
      (s) =>
        s.candidate.entity !== chosenBest.candidate.entity &&
        group(s.candidate.entity) === kind &&
        s.score >= chosenBest.score - TIE_MARGIN &&
        s.match.positions.some((p) => chosenBest.match.positions.includes(p)) &&
        !covers(chosenBest.match.positions, s.match.positions),
    );
    take(best.match.positions);
    if (rivals.length === 0) take(nameRest(entities[best.candidate.entity]!, best.match.positions, tokens, used));
    if (rivals.length > 0) {
      const names = [...new Set([best, ...rivals].map((s) => entities[s.candidate.entity]!.name))];
      result.ambiguities.push({ kind, names: names.slice(0, 4) });
      if (kind === 'material' || kind === 'customer') closed.add(kind);
      continue;
    }
    const chosen: Chosen = {
      index: entities[best.candidate.entity]!.index,
      score: best.match.score,
      fuzzy: best.match.fuzzy,
      roleConflict: best.roleConflict,
      inferred: false,
      byName: best.match.byName,
    };
    if (kind === 'material') result.material = chosen;
    else if (kind === 'customer') result.customer = chosen;
    else if (best.candidate.role === 'loading') result.loadingPlant = chosen;
    else if (best.candidate.role === 'delivery') result.deliveryPlant = chosen;
    else pendingEither.push(chosen);
  }

  // `hier Jan von Nordbeton`: the contact person's first name belongs to the customer, not the notes.
  if (result.customer) {
    const contact = new Set(tokenize(catalogue.customers[result.customer.index]!.contactPerson ?? '').map((t) => t.norm));
    take(tokens.flatMap((t, p) => (t.kind === 'word' && contact.has(t.norm) ? [p] : [])));
  }

  // A plant of role both named without cue takes the direction still open, departure first.
  for (const chosen of pendingEither) {
    if (!result.loadingPlant) result.loadingPlant = chosen;
    else if (!result.deliveryPlant) result.deliveryPlant = chosen;
  }

  matchLoadingPoint(result, entities, collected, score, take, catalogue);
  return result;
}

/**
 * Words around a recognised name that belong to it without telling anything new: the legal form
 * after the company (`GmbH & Co. KG`), the category before the material (`Zement CEM I`), the city
 * after the plant. They are part of the name, not of the notes.
 */
function nameRest(entity: Entity, positions: readonly number[], tokens: readonly Token[], used: ReadonlySet<number>): number[] {
  const words = entity.words;
  const belongs = (p: number) => {
    const t = tokens[p];
    return t !== undefined && !used.has(p) && (words.has(t.norm) || (t.kind === 'punct' && ['&', '.', '+'].includes(t.norm)));
  };
  // The kind of plant before its name, even when it is not the catalogue's (`Betonwerk Rostock` for the Fertigteilwerk).
  const kindWord = (p: number) => entity.kind === 'plant' && tokens[p] !== undefined && !used.has(p) && isPlantKindWord(tokens[p]!.norm);
  const rest: number[] = [];
  let last = Math.max(...positions);
  while (belongs(last + 1)) rest.push(++last);
  let first = Math.min(...positions);
  while ((belongs(first - 1) && tokens[first - 1]!.kind !== 'punct') || kindWord(first - 1)) rest.push(--first);
  return rest;
}

/** `Betonwerk`, `Werk`, `BW`: words that say what kind of plant follows. */
function isPlantKindWord(norm: string): boolean {
  return /werke?$/.test(ABBREVIATIONS[norm] ?? norm);
}

const MIN_THRESHOLD: Record<EntityKind, number> = {
  material: THRESHOLDS.material,
  customer: THRESHOLDS.customerAfterCue,
  plant: THRESHOLDS.locationAfterCue,
  loadingPoint: THRESHOLDS.loadingPoint,
};

const minScores = new WeakMap<PreparedCatalogue, Float64Array>();

/** Per record the lowest threshold of its kind (looked up once per catalogue, not per hit). */
function minScoreOf(prepared: PreparedCatalogue): Float64Array {
  let scores = minScores.get(prepared);
  if (!scores) {
    scores = Float64Array.from(prepared.entities, (e) => MIN_THRESHOLD[e.kind]);
    minScores.set(prepared, scores);
  }
  return scores;
}

function kindOrder(kind: EntityKind): number {
  return ['material', 'customer', 'plant', 'loadingPoint'].indexOf(kind);
}

/**
 * The loading point after the plants: a name like `Silo 1` may exist at several plants, and the
 * named loading plant decides. A loading point alone names its plant.
 */
function matchLoadingPoint(
  result: EntityMatches,
  entities: readonly Entity[],
  collected: CollectedHits,
  score: (entity: number) => EntityMatch | null,
  take: (positions: Iterable<number>) => void,
  catalogue: OrderTextCatalogue,
): void {
  const plantId = (chosen: Chosen | null) => (chosen ? catalogue.plants[chosen.index]!.id : null);
  const loadingPlantId = plantId(result.loadingPlant);
  const scored: { entity: number; match: EntityMatch; score: number }[] = [];
  const { bound } = collected;
  const points = byBound(
    collected.reachable.filter((entity) => entities[entity]!.kind === 'loadingPoint'),
    bound,
  ).slice(0, MAX_CANDIDATES_PER_KIND * 4);
  let top = 0;
  for (const entity of points) {
    // `Silo 1` at many plants: the ones that cannot come near the best need no scoring.
    if (bound[entity]! * (1 + CUE_BONUS) < top - TIE_MARGIN) break;
    const e = entities[entity]!;
    const match = score(entity);
    if (!match || match.score < THRESHOLDS.loadingPoint) continue;
    const lp = catalogue.loadingPoints[e.index]!;
    const factor = loadingPlantId === null ? 1 : lp.plantId === loadingPlantId ? 1 + CUE_BONUS : OTHER_PLANTS_POINT_FACTOR;
    scored.push({ entity, match, score: match.score * factor });
    top = Math.max(top, match.score * factor);
  }
  scored.sort((a, b) => b.score - a.score || a.entity - b.entity);
  const best = scored[0];

  if (best) {
    take(best.match.positions);
    const lp = catalogue.loadingPoints[entities[best.entity]!.index]!;
    const rivals = scored.filter((s) => s.entity !== best.entity && s.score >= best.score - TIE_MARGIN);
    if (rivals.length > 0) {
      const names = [best, ...rivals].slice(0, 8).map((s) => {
        const point = catalogue.loadingPoints[entities[s.entity]!.index]!;
        const plant = catalogue.plants.find((p) => p.id === point.plantId);
        return plant ? `${plant.name} ${point.name}` : point.name;
      });
      result.ambiguities.push({ kind: 'loadingPoint', names: [...new Set(names)].slice(0, 4) });
      return;
    }
    if (loadingPlantId !== null && lp.plantId !== loadingPlantId) {
      result.foreignLoadingPoint = lp.name;
      return;
    }
    const chosen: Chosen = {
      index: entities[best.entity]!.index,
      score: best.match.score,
      fuzzy: best.match.fuzzy,
      roleConflict: false,
      inferred: false,
      byName: best.match.byName,
    };
    result.loadingPoint = chosen;
    if (loadingPlantId === null) {
      const plantIndex = catalogue.plants.findIndex((p) => p.id === lp.plantId);
      const plant = catalogue.plants[plantIndex];
      const isDelivery = plantId(result.deliveryPlant) === lp.plantId;
      if (plant && canBeLoadingPlant(plant) && !isDelivery) {
        result.loadingPlant = { index: plantIndex, score: best.match.score, fuzzy: best.match.fuzzy, roleConflict: false, inferred: true, byName: false };
      }
    }
    return;
  }

  // The plant's only loading point needs no naming.
  if (loadingPlantId !== null) {
    const points = catalogue.loadingPoints.map((lp, index) => ({ lp, index })).filter(({ lp }) => lp.plantId === loadingPlantId);
    if (points.length === 1) result.loadingPoint = { index: points[0]!.index, score: 1, fuzzy: false, roleConflict: false, inferred: true, byName: false };
  }
}

interface CollectedHits {
  /** The records that may reach their kind's lowest threshold. */
  reachable: number[];
  /** The most each record can score (before cue bonuses), by record: taking tokens only lowers scores. */
  bound: Float64Array;
  /** The hits of a record, built when the record is first scored (most never are). */
  hitsOf(entity: number): Hit[];
}

/**
 * Every catalogue token the text's tokens (and glued neighbours) resemble, by record. Records that
 * could not reach their kind's lowest threshold even if every hit counted are left out: a common
 * word (`Bau`) touches hundreds of customers in a large catalogue. The bound adds each hit's most
 * possible share (a sum is never below the max of the score), capped at what a field can score.
 */
function collectHits(tokens: readonly Token[], gapBefore: readonly boolean[], prepared: PreparedCatalogue): CollectedHits {
  const n = prepared.entities.length;
  const coverage = new Float64Array(n);
  const distinct = new Float64Array(n);
  const anchored = new Uint8Array(n);
  // Per record a chain of its hits (most recent first), as plain arrays: no object per hit yet.
  const head = new Int32Array(n).fill(-1);
  const next: number[] = [];
  const hitPosting: Posting[] = [];
  const hitPositions: number[][] = [];
  const hitSim: number[] = [];
  const touched: number[] = [];
  // A word said again adds its positions, not to the bounds; said more than MAX_MENTIONS times, nothing.
  const mentions = new Map<readonly VocabHit[], number>();

  for (let p = 0; p < tokens.length; p++) {
    const t = tokens[p]!;
    // A code typed as one word or with hyphens (`K-0816`, `k0816`, `Z-1425R`): its tokens share a group.
    if (t.kind !== 'punct' && t.group !== tokens[p - 1]?.group) {
      let q = p;
      while (tokens[q + 1]?.group === t.group) q++;
      if (q > p) addHits(prepared.lookup(tokens.slice(p, q + 1).map((x) => x.norm).join(''), 'exact'), range(p, q));
    }
    if (!isContent(t)) continue;
    addHits(prepared.lookup(ABBREVIATIONS[t.norm] ?? t.norm, t.kind === 'word' ? 'word' : 'exact'), [p]);
    const following = tokens[p + 1];
    if (t.kind === 'word' && following && isContent(following) && following.kind === 'word' && !gapBefore[p + 1]) {
      addHits(prepared.lookup(t.norm + following.norm, 'glued'), [p, p + 1]);
    }
  }

  function addHits(hits: readonly VocabHit[], positions: number[]): void {
    if (hits.length === 0) return;
    const mention = (mentions.get(hits) ?? 0) + 1;
    mentions.set(hits, mention);
    if (mention > MAX_MENTIONS) return;
    for (const { postings, sim } of hits) {
      for (const posting of postings) {
        const e = posting.entity;
        if (mention === 1) {
          coverage[e]! += posting.coverage * sim;
          const d = posting.distinct * sim;
          if (d > distinct[e]!) distinct[e] = d;
          if (posting.anchor) anchored[e] = 1;
        }
        if (head[e] === -1) touched.push(e);
        next.push(head[e]!);
        head[e] = hitSim.length;
        hitPosting.push(posting);
        hitPositions.push(positions);
        hitSim.push(sim);
      }
    }
  }

  const bound = new Float64Array(n);
  const reachable: number[] = [];
  for (const e of touched) {
    // No field scores above its factor (at most 1): half from coverage, half from distinctness.
    const b = Math.min(0.5, coverage[e]!) + Math.min(0.5, distinct[e]!);
    if (anchored[e] !== 1 || coverage[e]! + distinct[e]! < minScoreOf(prepared)[e]!) continue;
    bound[e] = b;
    reachable.push(e);
  }
  return {
    reachable,
    bound,
    hitsOf(entity) {
      const hits: Hit[] = [];
      for (let h = head[entity]!; h !== -1; h = next[h]!) {
        const posting = hitPosting[h]!;
        hits.push({ field: posting.field, entityTokens: posting.tokens, positions: hitPositions[h]!, sim: hitSim[h]! });
      }
      // In the order the text names them; a name token said more often than a few times (`Kies 8/16`
      // pasted two hundred times) adds nothing but work: only its first mentions count.
      hits.reverse();
      if (hits.length <= MAX_MENTIONS) return hits;
      const mentions = new Map<string, number>();
      return hits.filter((hit) => {
        const key = `${hit.field}:${hit.entityTokens.join(',')}`;
        const seen = (mentions.get(key) ?? 0) + 1;
        mentions.set(key, seen);
        return seen <= MAX_MENTIONS;
      });
    },
  };
}

const ENTITY_BITS = 2 ** 22;
/** How many mentions of one name token are looked at. */
const MAX_MENTIONS = 4;
/** How many records of one kind are scored, best bound first. */
const MAX_CANDIDATES_PER_KIND = 24;

/** `entities` by bound, highest first, ties by index: a numeric sort of packed keys (no comparator). */
function byBound(entities: readonly number[], bound: Float64Array): number[] {
  const keys = new Float64Array(entities.length);
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i]!;
    keys[i] = Math.round((2 - bound[e]!) * 1e6) * ENTITY_BITS + e;
  }
  keys.sort();
  const out = new Array<number>(keys.length);
  for (let i = 0; i < keys.length; i++) out[i] = keys[i]! % ENTITY_BITS;
  return out;
}

function isContent(t: Token): boolean {
  return t.kind !== 'punct' && !FILLERS.has(t.norm);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * How well the free text tokens name `entity`, 0..1: half the share of the name's weight that is
 * matched, half how distinctive the best matched token is, times the field's factor (the city of a
 * plant counts half). Numbers next to the match that contradict the name (`Kies 4/8` for `Kies 2/8`)
 * and matches scattered over the sentence lower it. Plain loops and no closures: this runs for many
 * candidate records of every sentence.
 */
function scoreEntity(entity: Entity, hits: readonly Hit[], used: ReadonlySet<number>, tokens: readonly Token[], gapBefore: readonly boolean[]): EntityMatch | null {
  let best: EntityMatch | null = null;
  for (let f = 0; f < entity.fields.length; f++) {
    const field = entity.fields[f]!;
    if (field.total <= 0) continue;
    let usable: Hit[] | null = null;
    for (let i = 0; i < hits.length; i++) {
      const h = hits[i]!;
      if (h.field === f && !anyUsed(h.positions, used)) (usable ??= []).push(h);
    }
    if (usable === null) continue;
    const n = field.tokens.length;
    const sims = new Array<number>(n).fill(0);
    const at = new Array<readonly number[] | null>(n).fill(null);
    placeHits(usable, sims, at);
    dropLonelyShortTokens(field, at);

    let matched = 0;
    let strongest = 0;
    let fuzzy = false;
    let first = Infinity;
    let last = -Infinity;
    const positions: number[] = [];
    for (let t = 0; t < n; t++) {
      const mine = at[t];
      if (mine === null || mine === undefined) continue;
      const w = field.tokens[t]!.weight * sims[t]!;
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
    let s = (0.5 * (matched / field.total) + 0.5 * (strongest / field.maxWeight)) * field.factor;

    // The name's numbers decide even when the category matched (`Kies 4/8` is none of the Kies).
    if (numbersMissing(entity, f, at) && (contradicts(tokens, gapBefore, first - 1, first, true) || contradicts(tokens, gapBefore, last + 1, last + 1, false))) {
      s *= NUMBER_CONFLICT_FACTOR;
    }
    if (last - first > positions.length + 2) s *= SPREAD_FACTOR;

    if (!best || s > best.score) best = { score: s, positions: positions.sort((a, b) => a - b), first, fuzzy, byName: f === 0 };
  }
  return best;
}

/** `outer` holds every position of `inner` and more. */
function covers(outer: readonly number[], inner: readonly number[]): boolean {
  return outer.length > inner.length && inner.every((p) => outer.includes(p));
}

function anyUsed(positions: readonly number[], used: ReadonlySet<number>): boolean {
  for (const p of positions) if (used.has(p)) return true;
  return false;
}

/**
 * Gives each name token the text position that matches it best. A word said twice (`nach Lübeck,
 * Wohnbau Lübeck`): the name takes the mention beside its other words, so the first one stays free
 * for the plant; hits without a rival are placed first.
 */
function placeHits(usable: Hit[], sims: number[], at: (readonly number[] | null)[]): void {
  if (usable.length === 1) {
    const h = usable[0]!;
    for (const t of h.entityTokens) {
      sims[t] = h.sim;
      at[t] = h.positions;
    }
    return;
  }
  const rivals = new Map<Hit, number>();
  for (const h of usable) rivals.set(h, rivalCount(h, usable));
  usable.sort((a, b) => b.sim - a.sim || rivals.get(a)! - rivals.get(b)! || a.positions[0]! - b.positions[0]!);
  const taken: number[] = [];
  for (let h of usable) {
    if (isBlocked(h, at, taken)) continue;
    if (taken.length > 0) {
      for (const o of usable) {
        if (o !== h && o.sim === h.sim && sameTokens(o, h) && !isBlocked(o, at, taken) && distanceTo(o, taken) < distanceTo(h, taken)) h = o;
      }
    }
    for (const t of h.entityTokens) {
      sims[t] = h.sim;
      at[t] = h.positions;
    }
    taken.push(...h.positions);
  }
}

function rivalCount(h: Hit, usable: readonly Hit[]): number {
  let count = 0;
  for (const o of usable) {
    if (o === h || o.sim !== h.sim) continue;
    for (const t of o.entityTokens) {
      if (h.entityTokens.includes(t)) {
        count++;
        break;
      }
    }
  }
  return count;
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

function distanceTo(h: Hit, taken: readonly number[]): number {
  let min = Infinity;
  for (const p of h.positions) for (const q of taken) min = Math.min(min, Math.abs(p - q));
  return min;
}

/** Short tokens (`2` of `Silo 2`) count only beside another matched token of the name. */
function dropLonelyShortTokens(field: Field, at: (readonly number[] | null)[]): void {
  if (!field.hasShortTokens) return;
  for (let t = 0; t < at.length; t++) {
    const mine = at[t];
    if (mine === null || mine === undefined || !field.tokens[t]!.needsNeighbour) continue;
    let near = false;
    for (let o = 0; o < at.length && !near; o++) {
      const other = at[o];
      if (o === t || !other) continue;
      for (const p of other) for (const q of mine) if (Math.abs(p - q) <= 2) near = true;
    }
    if (!near) at[t] = null;
  }
}

/** A number of the name (`8/16`, `42,5`) that the text does not match. */
function numbersMissing(entity: Entity, field: number, at: readonly (readonly number[] | null)[]): boolean {
  const numbers = entity.nameNumbers;
  if (numbers.length === 0) return false;
  if (field !== 0) return true;
  for (const i of numbers) if (at[i] === null) return true;
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
