import type { Entity, EntityKind, PreparedCatalogue } from './catalogue-index';
import { anyUsed, covers, type EntityMatch, scoreEntity } from './entity-score';
import { type Candidate, CandidateQueue } from './candidate-queue';
import { type CollectedHits, collectHits, type Hit, isPlantKind } from './hits';
import { looksLikeInitials } from './initials';
import type { Token } from './text';
import { LOWEST_THRESHOLD, THRESHOLDS } from './thresholds';
import type { OrderTextCatalogue } from './types';
import { ABBREVIATED_CUES, ABBREVIATIONS, CUE_SKIPPABLE, isContent, TITLES, CUSTOMER_CUES, DEPARTURE_CUES, DESTINATION_CUES, DESTINATION_OR_CUSTOMER_CUES } from './words';

export { THRESHOLDS } from './thresholds';

/** Two candidates closer than this are a tie: the parser asks instead of guessing. */
const TIE_MARGIN = 0.05;
const CUE_BONUS = 0.05;
const ROLE_CONFLICT_FACTOR = 0.6;
const OTHER_PLANTS_POINT_FACTOR = 0.5;
/** A loading point with no loading plant named must score this much (a partial name is no point). */
const POINT_ALONE_SCORE = 0.8;
/** Initials name their customer, but less surely than the name: worth a hint to check. */
const INITIALS_SCORE = 0.6;

type Role = 'loading' | 'delivery';
type Cue = Role | 'customer' | 'deliveryOrCustomer';

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
  /** Those of them that name the customer: who writes, not what to deliver (`Wann kommt der Kies? Nordbeton`). */
  customerWords: Set<number>;
}

interface Scored {
  candidate: Candidate;
  match: EntityMatch;
  score: number;
  roleConflict: boolean;
}

/**
 * A record's score changes only when a token it matched is taken: cached until then. An entry checks
 * its positions only when tokens were taken since it was made.
 */
interface CachedScore {
  match: EntityMatch | null;
  hits: readonly Hit[];
  usedSize: number;
}

const KIND_ORDER: Readonly<Record<EntityKind, number>> = { material: 0, customer: 1, plant: 2, loadingPoint: 3 };

function cueOf(word: string): Cue | null {
  if (DEPARTURE_CUES.has(word)) return 'loading';
  if (DESTINATION_CUES.has(word)) return 'delivery';
  if (DESTINATION_OR_CUSTOMER_CUES.has(word)) return 'deliveryOrCustomer';
  if (CUSTOMER_CUES.has(word)) return 'customer';
  return null;
}

/** The direction a cue gives a plant (`für` names the destination too). */
function roleOfCue(cue: Cue | null): Role | null {
  return cue === 'loading' ? 'loading' : cue === 'delivery' || cue === 'deliveryOrCustomer' ? 'delivery' : null;
}

/** `v. Moorburg`: the token at `q` is an abbreviated cue followed by its dot. */
function isDottedCue(tokens: readonly Token[], q: number): boolean {
  return tokens[q + 1]?.norm === '.' && ABBREVIATED_CUES.has(tokens[q]?.norm ?? '');
}

/**
 * Matches the text tokens with the catalogue. Greedy: the best-scoring record takes its tokens, then
 * the rest is scored again, so that `Wohnbau Lübeck … nach Lübeck` gives the customer one `Lübeck`
 * and the delivery plant the other.
 */
/** `text` is the note as written, the tokens' positions into it: its capitals tell initials (`SBH`) from words. */
export function matchEntities(
  text: string,
  tokens: readonly Token[],
  gapBefore: readonly boolean[],
  prepared: PreparedCatalogue,
  catalogue: OrderTextCatalogue,
): EntityMatches {
  return new EntityMatcher(text, tokens, gapBefore, prepared, catalogue).match();
}

/** The state of matching one sentence: what is taken, what is chosen, and the scores so far. */
class EntityMatcher {
  private readonly entities: readonly Entity[];
  private readonly collected: CollectedHits;
  private readonly used = new Set<number>();
  private readonly cachedScores = new Map<number, CachedScore>();
  private readonly hitCache = new Map<number, Hit[]>();
  private readonly closed = new Set<EntityKind>();
  private readonly pendingEither: Chosen[] = [];
  private readonly result: EntityMatches;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly gapBefore: readonly boolean[],
    private readonly prepared: PreparedCatalogue,
    private readonly catalogue: OrderTextCatalogue,
  ) {
    this.entities = prepared.entities;
    this.collected = collectHits(tokens, gapBefore, prepared);
    this.result = {
      material: null,
      customer: null,
      loadingPlant: null,
      deliveryPlant: null,
      loadingPoint: null,
      ambiguities: [],
      foreignLoadingPoint: null,
      used: this.used,
      customerWords: new Set(),
    };
  }

  match(): EntityMatches {
    const { result } = this;
    this.chooseGreedily();
    if (!result.customer && !this.closed.has('customer')) this.matchInitials();

    // `hier Jan von Nordbeton`: the contact person's first name belongs to the customer, not the notes,
    // unless a remark names them (`Lieferschein bitte an Frau Wolff`).
    if (result.customer) {
      const contact = this.prepared.records.contactWords[result.customer.index]!;
      this.tokens.forEach((t, p) => {
        if (t.kind === 'word' && contact.has(t.norm) && !this.namedInRemark(p)) {
          this.used.add(p);
          result.customerWords.add(p);
        }
      });
    }

    // A plant of role both named without cue takes the direction still open, departure first.
    for (const chosen of this.pendingEither) {
      if (!result.loadingPlant) result.loadingPlant = chosen;
      else if (!result.deliveryPlant) result.deliveryPlant = chosen;
    }

    this.matchLoadingPoint();
    return result;
  }

  /** A person's name after a title, with a word of a remark before it in the clause: `Lieferschein an Frau Wolff`. */
  private namedInRemark(p: number): boolean {
    const { tokens, gapBefore, used } = this;
    if (p < 2 || !TITLES.has(tokens[p - 1]!.norm)) return false;
    for (let q = p - 2; q >= 0 && !gapBefore[q + 1] && tokens[q]!.kind !== 'punct'; q--) {
      if (!used.has(q) && isContent(tokens[q]!)) return true;
    }
    return false;
  }

  /** No customer by name: one written by its initials (`Dirk hier von SBH`), in capitals. */
  private matchInitials(): void {
    const { customerByInitials } = this.prepared.records;
    if (customerByInitials.size === 0) return;
    for (let p = 0; p < this.tokens.length; p++) {
      const t = this.tokens[p]!;
      // Fillers and the trade's own abbreviations (`MFG`, `RC`) are no initials.
      if (t.kind !== 'word' || this.used.has(p) || !isContent(t) || ABBREVIATIONS.has(t.norm)) continue;
      const index = customerByInitials.get(t.norm);
      if (index === undefined || !looksLikeInitials(this.text.slice(t.start, t.end))) continue;
      this.result.customer = { index, score: INITIALS_SCORE, fuzzy: false, roleConflict: false, inferred: false, byName: true };
      this.used.add(p);
      this.result.customerWords.add(p);
      return;
    }
  }

  private cueBefore(position: number): Cue | null {
    const { tokens, gapBefore } = this;
    let p = position;
    for (let steps = 0; steps < 3 && p > 0 && !gapBefore[p]; steps++) {
      p--;
      const token = tokens[p]!;
      // `v. Moorburg`: the dot of an abbreviated cue is no break.
      if (token.kind === 'punct' && !(token.norm === '.' && p > 0 && !gapBefore[p] && isDottedCue(tokens, p - 1))) return null;
      if (token.kind === 'punct') {
        steps--;
        continue;
      }
      const cue = cueOf(isDottedCue(tokens, p) ? ABBREVIATED_CUES.get(token.norm)! : token.norm);
      if (cue) return cue;
      if (!CUE_SKIPPABLE.has(token.norm)) return null;
    }
    return null;
  }

  private hitsOf(entity: number): Hit[] {
    let hits = this.hitCache.get(entity);
    if (!hits) this.hitCache.set(entity, (hits = this.collected.hitsOf(entity)));
    return hits;
  }

  private isFresh(entry: CachedScore | undefined): entry is CachedScore {
    if (!entry) return false;
    if (entry.usedSize === this.used.size) return true;
    for (const h of entry.hits) if (anyUsed(h.positions, this.used)) return false;
    entry.usedSize = this.used.size;
    return true;
  }

  /** Records that read alike share their score (by score group). */
  private score(entity: number): EntityMatch | null {
    const group = this.prepared.groups[entity]!;
    const entry = this.cachedScores.get(group);
    if (this.isFresh(entry)) return entry.match;
    const hits = this.hitsOf(entity);
    const match = scoreEntity(this.prepared, entity, hits, this.used, this.tokens, this.gapBefore);
    this.cachedScores.set(group, { match, hits, usedSize: this.used.size });
    return match;
  }

  /** What the record can still score on free tokens (see CollectedHits.freeBound). */
  private freeBound(entity: number): number {
    return this.collected.freeBound(entity, this.used);
  }

  /** No token of the record was taken since `usedSize` tokens were. */
  private unchangedSince(entity: number, usedSize: number): boolean {
    if (this.used.size === usedSize) return true;
    for (const h of this.hitsOf(entity)) if (anyUsed(h.positions, this.used)) return false;
    return true;
  }

  private take(positions: Iterable<number>): void {
    for (const p of positions) this.used.add(p);
  }

  private kindOf(entity: number): EntityKind {
    return this.prepared.kinds[entity]!;
  }

  private plantSlotsFree(): number {
    return (this.result.loadingPlant ? 0 : 1) + (this.result.deliveryPlant ? 0 : 1) - this.pendingEither.length;
  }

  private slotFree(c: Candidate): boolean {
    const kind = this.kindOf(c.entity);
    if (kind === 'material') return !this.result.material && !this.closed.has('material');
    if (kind === 'customer') return !this.result.customer && !this.closed.has('customer');
    if (c.role === 'loading') return !this.result.loadingPlant && this.plantSlotsFree() > 0;
    if (c.role === 'delivery') return !this.result.deliveryPlant && this.plantSlotsFree() > 0;
    return this.plantSlotsFree() > 0;
  }

  /** A candidate whose slot is free (the greedy choice drops the others first). */
  private evaluate(c: Candidate): Scored | null {
    const match = this.score(c.entity);
    if (!match) return null;
    const kind = this.kindOf(c.entity);
    if (kind === 'material') return match.score >= THRESHOLDS.material ? { candidate: c, match, score: match.score, roleConflict: false } : null;
    if (kind === 'customer') {
      const ownWords = this.withoutCuedPlaceWords(c.entity, match);
      return (ownWords && this.customerScore(c, ownWords)) ?? this.customerScore(c, match);
    }
    const { canLoad, canDeliver } = this.prepared.records;
    const index = this.prepared.indexes[c.entity]!;
    const cueRole = roleOfCue(this.cueBefore(match.first));
    if (cueRole === null) {
      // Without a cue a plant of role both waits for the other plant to decide its direction.
      const both = canLoad[index]! && canDeliver[index]!;
      if (both !== (c.role === 'either')) return null;
      return match.score >= THRESHOLDS.location ? { candidate: c, match, score: match.score, roleConflict: false } : null;
    }
    if (c.role === 'either') return null;
    if (c.role !== cueRole) {
      // The same name may stand twice (`von Hamburg nach Hamburg`): try its other mention.
      const blocked = new Set([...this.used, ...match.positions]);
      const other = scoreEntity(this.prepared, c.entity, this.hitsOf(c.entity), blocked, this.tokens, this.gapBefore);
      const otherRole = other ? roleOfCue(this.cueBefore(other.first)) : null;
      if (other && otherRole === c.role && other.score >= THRESHOLDS.locationAfterCue) {
        return { candidate: c, match: other, score: other.score + CUE_BONUS, roleConflict: false };
      }
    }
    if (c.role === cueRole) {
      return match.score >= THRESHOLDS.locationAfterCue ? { candidate: c, match, score: match.score + CUE_BONUS, roleConflict: false } : null;
    }
    const mayTakeCuedRole = cueRole === 'loading' ? canLoad[index]! : canDeliver[index]!;
    if (mayTakeCuedRole) return null;
    const s = match.score * ROLE_CONFLICT_FACTOR;
    return s >= THRESHOLDS.location ? { candidate: c, match, score: s, roleConflict: true } : null;
  }

  private customerScore(c: Candidate, match: EntityMatch): Scored | null {
    const cue = this.cueBefore(match.first);
    const afterCue = cue === 'customer' || cue === 'deliveryOrCustomer';
    const threshold = afterCue ? THRESHOLDS.customerAfterCue : THRESHOLDS.customer;
    const s = match.score + (afterCue ? CUE_BONUS : 0);
    return match.score >= threshold ? { candidate: c, match, score: s, roleConflict: false } : null;
  }

  /**
   * `nach Lübeck, Donnerstag, Wohnbau`: a word of a name said apart from the rest of it, right after
   * a cue of a place, names the place. The match without such words, or null when there are none.
   */
  private withoutCuedPlaceWords(entity: number, match: EntityMatch): EntityMatch | null {
    const { positions } = match;
    // Most names are said in one piece: nothing to take apart.
    let pieces = 0;
    for (let i = 0; i < positions.length; i++) if (startsPiece(positions, i, this.gapBefore)) pieces++;
    if (pieces < 2) return null;
    const placeWords: number[] = [];
    let cued = false;
    for (let i = 0; i < positions.length; i++) {
      if (startsPiece(positions, i, this.gapBefore)) {
        const cue = this.cueBefore(positions[i]!);
        cued = cue === 'loading' || cue === 'delivery';
      }
      if (cued) placeWords.push(positions[i]!);
    }
    if (placeWords.length === 0 || placeWords.length === positions.length) return null;
    const blocked = new Set([...this.used, ...placeWords]);
    return scoreEntity(this.prepared, entity, this.hitsOf(entity), blocked, this.tokens, this.gapBefore);
  }

  private before(a: Scored, b: Scored): number {
    return b.score - a.score || KIND_ORDER[this.kindOf(a.candidate.entity)] - KIND_ORDER[this.kindOf(b.candidate.entity)] || a.candidate.entity - b.candidate.entity;
  }

  /** Material, customer and plants: rounds of choosing the best candidate until none is left. */
  private chooseGreedily(): void {
    const { entities, result, used } = this;
    // Best bound first: a round stops at the first record that cannot come near the best.
    const candidates = new CandidateQueue(this.collected, this.prepared);
    const { bound } = this.collected;
    // A candidate found wanting stays out (scores only fall as tokens are taken, slots only close):
    // its `lastUsedSize` is DROPPED. Grown as candidates are made (unset: not yet looked at).
    const last: (Scored | null)[] = [];
    const lastUsedSize: number[] = [];
    for (;;) {
      let best: Scored | null = null;
      const scored: Scored[] = [];
      for (let i = 0; ; i++) {
        const c = candidates.at(i);
        if (!c) break;
        if (i === last.length) {
          last.push(null);
          lastUsedSize.push(-1);
        }
        if (lastUsedSize[i] === DROPPED) continue;
        // Sorted by bound: no later candidate can beat the best or tie with it.
        if (best && bound[c.entity]! + CUE_BONUS < best.score - TIE_MARGIN) break;
        // Its slot filled (slots only close): out for good, before its hits are looked at again.
        if (!this.slotFree(c)) {
          lastUsedSize[i] = DROPPED;
          last[i] = null;
          continue;
        }
        const previous = last[i];
        // Each candidate's own result is reused only while none of its record's tokens were taken.
        const reused = previous && this.unchangedSince(c.entity, lastUsedSize[i]!);
        if (!reused && used.size > 0) {
          // Tokens were taken: what the record can still score, from its hits on free tokens. Nothing
          // left, or not enough to come near the best: not scored (scores only fall as tokens are taken).
          const free = this.freeBound(c.entity) + CUE_BONUS;
          if (free < LOWEST_THRESHOLD[this.kindOf(c.entity)]) {
            lastUsedSize[i] = DROPPED;
            last[i] = null;
            continue;
          }
          if (best && free < best.score - TIE_MARGIN) {
            last[i] = null;
            continue;
          }
        }
        const s = reused ? previous : this.evaluate(c);
        last[i] = s;
        lastUsedSize[i] = s ? used.size : DROPPED;
        if (!s) continue;
        scored.push(s);
        if (!best || this.before(s, best) < 0) best = s;
      }
      if (!best) break;
      // Every round takes tokens or closes a slot; a match on taken tokens would repeat for ever.
      if (allUsed(best.match.positions, used)) {
        lastUsedSize[candidates.indexOf(best.candidate)] = DROPPED;
        continue;
      }
      const kind = this.kindOf(best.candidate.entity);
      // `Kies 16/32 gewaschen` names `Kies 16/32 gewaschen`, not `Kies 16/32`: of two close matches the
      // one that covers the other's words and more wins, and the covered one is no rival.
      for (const s of scored) {
        if (this.kindOf(s.candidate.entity) === kind && s.score >= best.score - TIE_MARGIN && covers(s.match.positions, best.match.positions)) best = s;
      }
      const chosenBest = best;
      const rivals = scored.filter(
        (s) =>
          s.candidate.entity !== chosenBest.candidate.entity &&
          this.kindOf(s.candidate.entity) === kind &&
          s.score >= chosenBest.score - TIE_MARGIN &&
          s.match.positions.some((p) => chosenBest.match.positions.includes(p)) &&
          !covers(chosenBest.match.positions, s.match.positions),
      );
      const rest = rivals.length === 0 ? nameRest(entities[best.candidate.entity]!, best.match.positions, this.tokens, this.gapBefore, used) : [];
      this.take(best.match.positions);
      this.take(rest);
      if (kind === 'customer' && rivals.length === 0) for (const p of [...best.match.positions, ...rest]) result.customerWords.add(p);
      if (rivals.length > 0) {
        result.ambiguities.push({ kind, names: distinctNames([best, ...rivals], entities) });
        if (kind === 'material' || kind === 'customer') this.closed.add(kind);
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
      else this.pendingEither.push(chosen);
    }
  }

  private plantId(chosen: Chosen | null): string | null {
    return chosen ? this.catalogue.plants[chosen.index]!.id : null;
  }

  /**
   * The loading point after the plants: a name like `Silo 1` may exist at several plants, and the
   * named loading plant decides. A loading point alone names its plant.
   */
  private matchLoadingPoint(): void {
    const { entities, result, catalogue } = this;
    const { plantIndexById, pointsByPlant, canLoad, plantOfPoint } = this.prepared.records;
    const loadingPlantId = this.plantId(result.loadingPlant);
    // The loading plant as plantOfPoint names plants: a point's plant is told by numbers, not objects.
    const loadingPlant = loadingPlantId === null ? -1 : plantIndexById.get(loadingPlantId)!;
    const { indexes } = this.prepared;
    const scored: { entity: number; match: EntityMatch; score: number }[] = [];
    const { bound, ranked } = this.collected;
    const points = ranked.loadingPoint;
    let top = 0;
    for (const entity of points) {
      // `Silo 1` at many plants: the ones that cannot come near the best need no scoring.
      if (bound[entity]! * (1 + CUE_BONUS) < top - TIE_MARGIN) break;
      // Its words taken by a plant (`Halde Nord` of `Kieswerk Flensburg-Nord`): not scored.
      if (this.used.size > 0 && this.freeBound(entity) < THRESHOLDS.loadingPoint) continue;
      const match = this.score(entity);
      if (!match) continue;
      const factor = loadingPlantId === null ? 1 : plantOfPoint[indexes[entity]!] === loadingPlant ? 1 + CUE_BONUS : OTHER_PLANTS_POINT_FACTOR;
      // Another plant's point must be named clearly: `Kaltenkirchen, Abladen hinter Halle 4` names no `Halde`.
      if (match.score * Math.min(1, factor) < THRESHOLDS.loadingPoint) continue;
      // Alone, a point names its plant only when named clearly: `Einfahrt Nord` names no `Halde Nord`.
      if (loadingPlantId === null && match.score < POINT_ALONE_SCORE) continue;
      scored.push({ entity, match, score: match.score * factor });
      top = Math.max(top, match.score * factor);
    }
    scored.sort((a, b) => b.score - a.score || a.entity - b.entity);
    const best = scored[0];

    if (best) {
      this.take(best.match.positions);
      const lp = catalogue.loadingPoints[entities[best.entity]!.index]!;
      const rivals = scored.filter((s) => s.entity !== best.entity && s.score >= best.score - TIE_MARGIN);
      if (rivals.length > 0) {
        const names = [best, ...rivals].slice(0, 8).map((s) => {
          const point = catalogue.loadingPoints[entities[s.entity]!.index]!;
          const plantIndex = plantIndexById.get(point.plantId);
          const plant = plantIndex === undefined ? undefined : catalogue.plants[plantIndex];
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
        const plantIndex = plantIndexById.get(lp.plantId);
        const isDelivery = this.plantId(result.deliveryPlant) === lp.plantId;
        if (plantIndex !== undefined && canLoad[plantIndex] && !isDelivery) {
          result.loadingPlant = { index: plantIndex, score: best.match.score, fuzzy: best.match.fuzzy, roleConflict: false, inferred: true, byName: false };
        }
      }
      return;
    }

    // The plant's only loading point needs no naming.
    if (loadingPlantId !== null) {
      const points = pointsByPlant.get(loadingPlantId) ?? [];
      if (points.length === 1) result.loadingPoint = { index: points[0]!, score: 1, fuzzy: false, roleConflict: false, inferred: true, byName: false };
    }
  }
}

/** How many of a tie's names a hint lists. */
const NAMES_IN_HINT = 4;

/** The first few different names of the tied records, in their order (a loop: most ties are two or three). */
function distinctNames(tied: readonly Scored[], entities: readonly Entity[]): string[] {
  const names: string[] = [];
  for (let i = 0; i < tied.length && names.length < NAMES_IN_HINT; i++) {
    const name = entities[tied[i]!.candidate.entity]!.name;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** Marks a candidate of the greedy choice that is out for good. */
const DROPPED = -2;

function allUsed(positions: readonly number[], used: ReadonlySet<number>): boolean {
  for (let i = 0; i < positions.length; i++) if (!used.has(positions[i]!)) return false;
  return true;
}

/** The `i`th of a match's ascending positions starts a piece of it: not right after the one before. */
function startsPiece(positions: readonly number[], i: number, gapBefore: readonly boolean[]): boolean {
  return i === 0 || positions[i - 1] !== positions[i]! - 1 || gapBefore[positions[i]!] === true;
}

/**
 * Words around a recognised name that belong to it without telling anything new: the legal form
 * after the company (`GmbH & Co. KG`), the category before the material (`Zement CEM I`), the city
 * after the plant. They are part of the name, not of the notes.
 */
function nameRest(entity: Entity, positions: readonly number[], tokens: readonly Token[], gapBefore: readonly boolean[], used: ReadonlySet<number>): number[] {
  const rest: number[] = [];
  // Positions ascend (sortedAscending in entity-score.ts).
  let first = positions[0]!;
  let last = positions[positions.length - 1]!;
  // Not across a gap: `Lübeck Fr 13 Uhr Wohnbau Lübeck` says Lübeck twice, the first for the plant.
  while (!gapBefore[last + 1] && isRest(entity, tokens, used, positions, last + 1)) rest.push(++last);
  while (!gapBefore[first] && ((isRest(entity, tokens, used, positions, first - 1) && tokens[first - 1]!.kind !== 'punct') || isFreePlantKindWord(entity, tokens, used, first - 1))) {
    rest.push(--first);
  }
  return rest;
}

/**
 * The token at `p` belongs to the name and is not one of its words said already. A function of its
 * own, not a closure: the runtime (tsx) names every named closure as it is made, which costs more
 * than the call.
 */
function isRest(entity: Entity, tokens: readonly Token[], used: ReadonlySet<number>, positions: readonly number[], p: number): boolean {
  return belongsToName(entity, tokens, used, p) && !(tokens[p]!.kind === 'word' && isSaid(tokens, positions, tokens[p]!.norm));
}

/** A word the match holds already is no rest of it: `Silo A CEM III/A` names the cement's `A` once. */
function isSaid(tokens: readonly Token[], positions: readonly number[], norm: string): boolean {
  for (let i = 0; i < positions.length; i++) if (tokens[positions[i]!]!.norm === norm) return true;
  return false;
}

/** Signs inside a name: `GmbH & Co. KG`, `Kies + Sand`. */
const NAME_JOINERS = new Set(['&', '.', '+']);

function belongsToName(entity: Entity, tokens: readonly Token[], used: ReadonlySet<number>, p: number): boolean {
  const t = tokens[p];
  return t !== undefined && !used.has(p) && (entity.words.has(t.norm) || (t.kind === 'punct' && NAME_JOINERS.has(t.norm)));
}

/** The kind of plant before its name, even when it is not the catalogue's (`Betonwerk Rostock` for the Fertigteilwerk). */
function isFreePlantKindWord(entity: Entity, tokens: readonly Token[], used: ReadonlySet<number>, p: number): boolean {
  return entity.kind === 'plant' && tokens[p] !== undefined && !used.has(p) && isPlantKind(tokens[p]!.norm);
}
