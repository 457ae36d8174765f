import type { EntityKind, PreparedCatalogue, VocabHit } from './catalogue-index';
import type { Token } from './text';
import { boundOf, boundOrder, ENTITY_SPAN, entityOfKey, KINDS, RANKED_PER_KIND } from './rank-key';
import { LOWEST_THRESHOLD } from './thresholds';
import { ABBREVIATIONS, isContent } from './words';

/**
 * The first step of matching: which catalogue records the text's tokens touch, and the most each of
 * them could score. Only the few best of these are scored in full (entities.ts).
 */

/** A text token (or glued pair, or hyphenated code) that resembles tokens of a record's field. */
export interface Hit {
  field: number;
  entityTokens: readonly number[];
  positions: number[];
  sim: number;
}

export interface CollectedHits {
  /**
   * By kind, the records that may reach their kind's lowest threshold, highest bound first (ties by
   * index), at most RANKED_PER_KIND of them: more records that read all but alike are a tie (a
   * pasted price list), and scoring them all would make such a text slow.
   */
  ranked: Readonly<Record<EntityKind, readonly number[]>>;
  /** The most each record can score (before cue bonuses), by record (of those ranked): taking tokens only lowers scores. */
  bound: Float64Array;
  /** By record (of those ranked), its bound as a rank: lower is better. */
  order: Int32Array;
  /** The hits of a record, built when the record is first scored (most never are). */
  hitsOf(entity: number): Hit[];
  /**
   * The most the record can still score with the tokens in `used` taken (before cue bonuses), from
   * its hits on free tokens only: 0 when none is left. No hit objects are built for it. Worked out
   * once per score group and size of `used` (a parse only ever adds to it).
   */
  freeBound(entity: number, used: ReadonlySet<number>): number;
}

/** How many mentions of one name token are looked at. */
export const MAX_MENTIONS = 4;

/**
 * The per-record working arrays of one catalogue. A sentence touches a few hundred of its thousands
 * of records: the arrays are allocated once and only the touched entries are reset, by the next
 * sentence (a parse runs to its end before the next one starts, so one set per catalogue suffices).
 */
export class HitCollector implements CollectedHits {
  /**
   * By record, its summed coverage and its best distinctness side by side (`2 * e`, `2 * e + 1`):
   * one cache line for both, read and written together.
   */
  private readonly shares: Float64Array;
  private readonly anchored: Uint8Array;
  readonly bound: Float64Array;
  /** The bound as a rank: see boundOrder. */
  readonly order: Int32Array;
  private readonly kindOf: Uint8Array;
  /** By kind (as kindOf numbers it), its lowest threshold. */
  private readonly minScore: Float64Array;
  /** The records touched this sentence, the first `touchedCount` of them: no array grown anew per sentence. */
  private readonly touched: Int32Array;
  private touchedCount = 0;
  /** Per kind, room for the rank keys of its best records. */
  private readonly windows = KINDS.map((kind) => new Float64Array(RANKED_PER_KIND[kind]));
  ranked: Record<EntityKind, number[]> = emptyByKind();
  /**
   * Per record a chain of its hits, most recent first: the head link by record, then per link the
   * next one, its source and the posting's place in the source's list. Numbers only, no object per hit.
   */
  private readonly head: Int32Array;
  private links = new Int32Array(3 * 1024);
  private linkCount = 0;
  /** The looked-up words of this sentence, the first `sourceCount`: kept from sentence to sentence, overwritten. */
  private readonly sourceHits: VocabHit[] = [];
  private readonly sourcePositions: number[][] = [];
  private sourceCount = 0;
  /** A word said again adds its positions, not to the bounds; said more than MAX_MENTIONS times, nothing. */
  private mentions = new Map<readonly VocabHit[], number>();
  /**
   * freeBound's answers by score group: valid for the sentence `sentence` and that many tokens taken.
   * Numbers in arrays, not an object per answer: the matcher asks some seventy times a sentence.
   */
  private sentence = 0;
  private readonly freeBoundSentence: Int32Array;
  private readonly freeBoundUsed: Int32Array;
  private readonly freeBoundValue: Float64Array;
  /**
   * The hits of the sentence with trailing postings (VocabHit.trailing), the first `trailingCount`,
   * with their source and mention: added once every other posting is in (see addTrailing).
   */
  private readonly trailingHits: VocabHit[] = [];
  private readonly trailingSources: number[] = [];
  private readonly trailingMentions: number[] = [];
  private trailingCount = 0;
  /** By record, how many postings touch it, counted by addTrailing; valid where `touchSentence` is the sentence. */
  private readonly touches: Int32Array;
  private readonly touchSentence: Int32Array;

  /**
   * `passOver: false` adds every posting, trailing or not: what the ranking must equal (the
   * collector's test compares the two).
   */
  constructor(
    private readonly prepared: PreparedCatalogue,
    private readonly options: { passOver: boolean } = { passOver: true },
  ) {
    const n = prepared.entities.length;
    this.shares = new Float64Array(2 * n);
    this.anchored = new Uint8Array(n);
    this.bound = new Float64Array(n);
    this.touched = new Int32Array(n);
    this.order = new Int32Array(n);
    this.head = new Int32Array(n).fill(-1);
    this.kindOf = Uint8Array.from(prepared.entities, (e) => KINDS.indexOf(e.kind));
    this.minScore = Float64Array.from(KINDS, (kind) => LOWEST_THRESHOLD[kind]);
    this.freeBoundSentence = new Int32Array(n);
    this.freeBoundUsed = new Int32Array(n);
    this.freeBoundValue = new Float64Array(n);
    this.touches = new Int32Array(n);
    this.touchSentence = new Int32Array(n);
  }

  collect(tokens: readonly Token[], gapBefore: readonly boolean[]): this {
    this.reset();
    const { prepared } = this;
    for (let p = 0; p < tokens.length; p++) {
      const t = tokens[p]!;
      // A code typed as one word or with hyphens (`K-0816`, `k0816`, `Z-1425R`): its tokens share a group.
      if (t.kind !== 'punct' && t.group !== tokens[p - 1]?.group) {
        let q = p;
        while (tokens[q + 1]?.group === t.group) q++;
        if (q > p) this.add(prepared.lookup(tokens.slice(p, q + 1).map((x) => x.norm).join(''), 'exact'), range(p, q));
      }
      if (!isContent(t)) continue;
      this.add(prepared.lookup(ABBREVIATIONS.get(t.norm) ?? t.norm, t.kind === 'word' ? 'word' : 'exact'), [p]);
      const following = tokens[p + 1];
      if (t.kind === 'word' && following && isContent(following) && following.kind === 'word' && !gapBefore[p + 1]) {
        this.add(prepared.lookupPair(t.norm, following.norm), [p, p + 1]);
      }
      // `Bremer Werk`, `Celler Kieswerk`: a town's adjective before the kind of plant names the town.
      if (t.kind === 'word' && following && following.kind === 'word' && !gapBefore[p + 1] && t.norm.endsWith('er') && isPlantKind(following.norm)) {
        for (const town of townsOfAdjective(t.norm)) this.add(prepared.lookup(town, 'exact'), [p]);
      }
    }
    this.addTrailing();
    this.rank();
    return this;
  }

  hitsOf(entity: number): Hit[] {
    const { links, sourceHits, sourcePositions } = this;
    // In the order the text names them (by source, then posting): the chain holds them latest first,
    // but for the trailing postings added last (addTrailing).
    let length = 0;
    for (let h = this.head[entity]!; h !== -1; h = links[3 * h]!) length++;
    if (chain.length < length) chain = new Int32Array(2 * length);
    let at = length;
    for (let h = this.head[entity]!; h !== -1; h = links[3 * h]!) chain[--at] = h;
    for (let k = 1; k < length; k++) {
      const h = chain[k]!;
      let j = k;
      for (; j > 0 && linkAfter(links, chain[j - 1]!, h); j--) chain[j] = chain[j - 1]!;
      chain[j] = h;
    }
    const hits: Hit[] = [];
    for (let k = 0; k < length; k++) {
      const h = chain[k]!;
      const hit = sourceHits[links[3 * h + 1]!]!;
      const positions = sourcePositions[links[3 * h + 1]!]!;
      const i = links[3 * h + 2]!;
      hits.push({ field: hit.fields[i]!, entityTokens: hit.tokens[i]!, positions, sim: hit.sim });
    }
    // A name token said more often than a few times (`Kies 8/16` pasted two hundred times) adds
    // nothing but work: only its first mentions count.
    if (hits.length <= MAX_MENTIONS) return hits;
    const mentions = new Map<number | string, number>();
    return hits.filter((hit) => {
      const key = mentionKey(hit);
      const seen = (mentions.get(key) ?? 0) + 1;
      mentions.set(key, seen);
      return seen <= MAX_MENTIONS;
    });
  }

  freeBound(entity: number, used: ReadonlySet<number>): number {
    const group = this.prepared.groups[entity]!;
    if (this.freeBoundSentence[group] === this.sentence && this.freeBoundUsed[group] === used.size) return this.freeBoundValue[group]!;
    const bound = this.freeBoundOf(entity, used);
    this.freeBoundSentence[group] = this.sentence;
    this.freeBoundUsed[group] = used.size;
    this.freeBoundValue[group] = bound;
    return bound;
  }

  private freeBoundOf(entity: number, used: ReadonlySet<number>): number {
    const { links, sourceHits, sourcePositions } = this;
    let coverage = 0;
    let distinct = 0;
    for (let h = this.head[entity]!; h !== -1; h = links[3 * h]!) {
      const hit = sourceHits[links[3 * h + 1]!]!;
      const positions = sourcePositions[links[3 * h + 1]!]!;
      let free = true;
      for (let k = 0; k < positions.length; k++) {
        if (used.has(positions[k]!)) {
          free = false;
          break;
        }
      }
      if (!free) continue;
      const i = links[3 * h + 2]!;
      coverage += hit.coverage[i]!;
      if (hit.distinct[i]! > distinct) distinct = hit.distinct[i]!;
    }
    return boundOf(coverage, distinct);
  }

  private reset(): void {
    for (let k = 0; k < this.touchedCount; k++) {
      const e = this.touched[k]!;
      this.shares[2 * e] = 0;
      this.shares[2 * e + 1] = 0;
      this.anchored[e] = 0;
      this.head[e] = -1;
      this.bound[e] = 0;
    }
    this.touchedCount = 0;
    // Stamps start again before they would overflow; no answer is older than the sentence before.
    if (this.sentence === 0x7fffffff) {
      this.sentence = 0;
      this.freeBoundSentence.fill(0);
      this.touchSentence.fill(0);
    }
    this.sentence++;
    this.linkCount = 0;
    this.sourceCount = 0;
    this.trailingCount = 0;
    this.mentions = new Map();
  }

  /**
   * Adds each hit's most possible share to its record's bound (a sum is never below the max of the
   * score). Postings that trail their hit wait for addTrailing.
   */
  private add(hits: readonly VocabHit[], positions: number[]): void {
    if (hits.length === 0) return;
    const mention = (this.mentions.get(hits) ?? 0) + 1;
    this.mentions.set(hits, mention);
    if (mention > MAX_MENTIONS) return;
    for (const hit of hits) {
      const source = this.sourceCount++;
      this.sourceHits[source] = hit;
      this.sourcePositions[source] = positions;
      const entities = hit.entities;
      if (3 * (this.linkCount + entities.length) > this.links.length) this.growLinks(this.linkCount + entities.length);
      const { leading, trailing } = hit;
      if (trailing.length === 0 || !this.options.passOver) {
        for (let i = 0; i < entities.length; i++) this.link(hit, i, source, mention);
        continue;
      }
      for (let j = 0; j < leading.length; j++) this.link(hit, leading[j]!, source, mention);
      this.trailingHits[this.trailingCount] = hit;
      this.trailingSources[this.trailingCount] = source;
      this.trailingMentions[this.trailingCount] = mention;
      this.trailingCount++;
    }
  }

  /**
   * The trailing postings, once every other posting is in: a record that only one posting touches
   * and that trails its hit is passed over, since at least RANKED_PER_KIND records of its kind rank
   * before it (VocabHit.trailing) and it is never ranked. A record's postings in a hit all lead or
   * all trail; those added here come after the record's later hits, which hitsOf puts back in order.
   */
  private addTrailing(): void {
    const { touches, touchSentence, sentence, head } = this;
    for (let k = 0; k < this.trailingCount; k++) {
      const { entities, trailing } = this.trailingHits[k]!;
      for (let j = 0; j < trailing.length; j++) {
        const e = entities[trailing[j]!]!;
        if (touchSentence[e] === sentence) touches[e]!++;
        else {
          touchSentence[e] = sentence;
          touches[e] = head[e] === -1 ? 1 : 2;
        }
      }
    }
    for (let k = 0; k < this.trailingCount; k++) {
      const hit = this.trailingHits[k]!;
      const { entities, trailing } = hit;
      if (3 * (this.linkCount + trailing.length) > this.links.length) this.growLinks(this.linkCount + trailing.length);
      for (let j = 0; j < trailing.length; j++) {
        const i = trailing[j]!;
        if (touches[entities[i]!]! > 1) this.link(hit, i, this.trailingSources[k]!, this.trailingMentions[k]!);
      }
    }
  }

  /** Posting `i` of `hit` added to its record, and chained to it as the record's latest hit. */
  private link(hit: VocabHit, i: number, source: number, mention: number): void {
    const e = hit.entities[i]!;
    const { head } = this;
    if (mention === 1) {
      const { shares } = this;
      shares[2 * e]! += hit.coverage[i]!;
      const d = hit.distinct[i]!;
      if (d > shares[2 * e + 1]!) shares[2 * e + 1] = d;
      if (hit.anchors[i] === 1) this.anchored[e] = 1;
    }
    if (head[e] === -1) this.touched[this.touchedCount++] = e;
    const link = this.linkCount++;
    const links = this.links;
    links[3 * link] = head[e]!;
    links[3 * link + 1] = source;
    links[3 * link + 2] = i;
    head[e] = link;
  }

  private growLinks(count: number): void {
    const links = new Int32Array(Math.max(2 * this.links.length, 3 * count));
    links.set(this.links);
    this.links = links;
  }

  /**
   * Records that could not reach their kind's lowest threshold even if every hit counted are left
   * out: a common word (`Bau`) touches hundreds of customers in a large catalogue. No field scores
   * above its factor (at most 1): half from coverage, half from distinctness. Of the rest, the best
   * bounds of each kind are kept, in order.
   */
  private rank(): void {
    const { shares, anchored, minScore, kindOf, bound, order, windows } = this;
    const sizes = [0, 0, 0, 0];
    for (let k = 0; k < this.touchedCount; k++) {
      const e = this.touched[k]!;
      if (anchored[e] !== 1) continue;
      const coverage = shares[2 * e]!;
      const distinct = shares[2 * e + 1]!;
      const kind = kindOf[e]!;
      if (coverage + distinct < minScore[kind]!) continue;
      const b = boundOf(coverage, distinct);
      const o = boundOrder(b);
      // The key put into its kind's window here, not by a call: a number passed to a call that is
      // not inlined is boxed, one allocation per record.
      const key = o * ENTITY_SPAN + e;
      const keys = windows[kind]!;
      const size = sizes[kind]!;
      const limit = keys.length;
      // Most keys fall behind the last of a full window and are passed over (their bound is never read).
      if (size === limit && key >= keys[limit - 1]!) continue;
      bound[e] = b;
      order[e] = o;
      let i = size < limit ? size : limit - 1;
      while (i > 0 && keys[i - 1]! > key) {
        keys[i] = keys[i - 1]!;
        i--;
      }
      keys[i] = key;
      sizes[kind] = size < limit ? size + 1 : size;
    }
    for (let k = 0; k < KINDS.length; k++) {
      const window = windows[k]!;
      const list: number[] = [];
      for (let i = 0; i < sizes[k]!; i++) list.push(entityOfKey(window[i]!));
      this.ranked[KINDS[k]!] = list;
    }
  }
}

/** hitsOf's links of one record, reused (numbers only: no garbage, no old-to-new pointers). */
let chain = new Int32Array(64);

/** Link `a` comes after link `b` in the text: by source, then by posting. */
function linkAfter(links: Int32Array, a: number, b: number): boolean {
  return links[3 * a + 1]! > links[3 * b + 1]! || (links[3 * a + 1] === links[3 * b + 1] && links[3 * a + 2]! > links[3 * b + 2]!);
}

function emptyByKind(): Record<EntityKind, number[]> {
  return { material: [], customer: [], plant: [], loadingPoint: [] };
}

const collectors = new WeakMap<PreparedCatalogue, HitCollector>();

/** Every catalogue token the text's tokens (and glued neighbours) resemble, by record. */
export function collectHits(tokens: readonly Token[], gapBefore: readonly boolean[], prepared: PreparedCatalogue): CollectedHits {
  let collector = collectors.get(prepared);
  if (!collector) collectors.set(prepared, (collector = new HitCollector(prepared)));
  return collector.collect(tokens, gapBefore);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Record `a` comes before `b` by bound, ties by index: the rank key's order, compared in small integers. */
export function ranksBefore(order: Int32Array, a: number, b: number): boolean {
  return order[a]! < order[b]! || (order[a] === order[b] && a < b);
}

/** `Betonwerk`, `Werk`, `BW`: words that say what kind of plant follows. */
export function isPlantKind(norm: string): boolean {
  return /werke?$/.test(ABBREVIATIONS.get(norm) ?? norm);
}

/** The town an adjective in `-er` may come from, as the catalogue spells towns: `bremer` → `bremen`, `celler` → `celle`. */
function townsOfAdjective(adjective: string): string[] {
  const stem = adjective.slice(0, -2);
  return stem.length < 3 ? [] : [`${stem}en`, `${stem}e`];
}

/** Field and name tokens of a hit as one key: a number for the usual few small tokens, else a string. */
function mentionKey(hit: Hit): number | string {
  const tokens = hit.entityTokens;
  if (tokens.length > 4 || hit.field > 15) return `${hit.field}:${tokens.join(',')}`;
  let key = hit.field + 1;
  for (const t of tokens) {
    if (t >= 63) return `${hit.field}:${tokens.join(',')}`;
    key = key * 64 + t + 1;
  }
  return key;
}
