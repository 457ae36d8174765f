import type { EntityMatch } from './entity-score';
import type { Hit } from './hits';

/**
 * The matcher's caches by record, for one parse at a time: a record's hits, and a score group's
 * score with the hits and the number of taken tokens it was made with. Arrays stamped with the
 * parse they belong to, made once per catalogue: maps and entry objects made anew for every parse
 * cost more than the lookups they serve.
 */
export class RecordCaches {
  private parse = 0;
  private readonly hitsParse: Int32Array;
  private readonly hits: Hit[][];
  private readonly scoreParse: Int32Array;
  private readonly scoreMatch: (EntityMatch | null)[];
  private readonly scoreHits: (readonly Hit[])[];
  /** By score group, how many tokens were taken when its score was last known to hold. */
  readonly scoreUsedSize: Int32Array;

  constructor(records: number) {
    this.hitsParse = new Int32Array(records);
    this.hits = new Array<Hit[]>(records);
    this.scoreParse = new Int32Array(records);
    this.scoreMatch = new Array<EntityMatch | null>(records).fill(null);
    this.scoreHits = new Array<readonly Hit[]>(records);
    this.scoreUsedSize = new Int32Array(records);
  }

  /** Starts a parse: what earlier parses cached no longer counts. */
  begin(): void {
    // Stamps start again before they would overflow.
    if (this.parse === 0x7fffffff) {
      this.parse = 0;
      this.hitsParse.fill(0);
      this.scoreParse.fill(0);
    }
    this.parse++;
  }

  hitsOf(entity: number): Hit[] | undefined {
    return this.hitsParse[entity] === this.parse ? this.hits[entity] : undefined;
  }

  setHits(entity: number, hits: Hit[]): void {
    this.hitsParse[entity] = this.parse;
    this.hits[entity] = hits;
  }

  hasScore(group: number): boolean {
    return this.scoreParse[group] === this.parse;
  }

  /** The cached score of `group` (see hasScore) and the hits it was made from. */
  scoreOf(group: number): EntityMatch | null {
    return this.scoreMatch[group]!;
  }

  scoreHitsOf(group: number): readonly Hit[] {
    return this.scoreHits[group]!;
  }

  setScore(group: number, match: EntityMatch | null, hits: readonly Hit[], usedSize: number): void {
    this.scoreParse[group] = this.parse;
    this.scoreMatch[group] = match;
    this.scoreHits[group] = hits;
    this.scoreUsedSize[group] = usedSize;
  }
}

const caches = new WeakMap<object, RecordCaches>();

/** The caches for the records of `catalogue` (any object standing for one), begun for a new parse. */
export function recordCachesFor(catalogue: object, records: number): RecordCaches {
  let c = caches.get(catalogue);
  if (!c) caches.set(catalogue, (c = new RecordCaches(records)));
  c.begin();
  return c;
}
