import type { PreparedCatalogue } from './catalogue-index';
import { type CollectedHits, ranksBefore } from './hits';

/** A record the greedy choice may pick; a plant once for each role it may take. */
export interface Candidate {
  entity: number;
  /** For plants: the role this candidate stands for; `either` for a plant of role both named without cue. */
  role: 'loading' | 'delivery' | 'either' | null;
}

/**
 * The candidates of material, customer and plant, best bound first (ties by index), made as the
 * greedy choice reaches them: a round stops at the first record that cannot come near the best,
 * mostly after a few of the seventy or so ranked, so the rest are never made.
 */
export class CandidateQueue {
  private readonly made: Candidate[] = [];
  private readonly lists: readonly (readonly number[])[];
  /** Per list, the next record to merge. */
  private readonly next: number[];
  private readonly candidates: CandidatesByRecord;

  constructor(
    private readonly collected: CollectedHits,
    private readonly prepared: PreparedCatalogue,
  ) {
    const { ranked } = collected;
    this.lists = [ranked.material, ranked.customer, ranked.plant];
    this.next = [0, 0, 0];
    this.candidates = candidatesByRecordOf(prepared);
  }

  /** The `i`th candidate, or undefined past the last. */
  at(i: number): Candidate | undefined {
    while (this.made.length <= i && this.mergeNext());
    return this.made[i];
  }

  indexOf(candidate: Candidate): number {
    return this.made.indexOf(candidate);
  }

  /** Makes the candidates of the best record not yet merged; false when none is left. */
  private mergeNext(): boolean {
    const { lists, next } = this;
    const { order } = this.collected;
    let best = -1;
    for (let l = 0; l < lists.length; l++) {
      const e = lists[l]![next[l]!];
      if (e !== undefined && (best === -1 || ranksBefore(order, e, lists[best]![next[best]!]!))) best = l;
    }
    if (best === -1) return false;
    const entity = lists[best]![next[best]!++]!;
    for (const candidate of this.candidates[entity] ?? candidatesOf(this.prepared, this.candidates, entity)) this.made.push(candidate);
    return true;
  }
}

type CandidatesByRecord = (readonly Candidate[] | undefined)[];

/** By catalogue and record, its candidates: made once, since every parse that ranks the record asks for them. */
const candidatesByRecord = new WeakMap<PreparedCatalogue, CandidatesByRecord>();

function candidatesByRecordOf(prepared: PreparedCatalogue): CandidatesByRecord {
  let byRecord = candidatesByRecord.get(prepared);
  if (!byRecord) candidatesByRecord.set(prepared, (byRecord = new Array<readonly Candidate[] | undefined>(prepared.entities.length)));
  return byRecord;
}

/** The candidates of a record, made and kept in `byRecord`: one, or for a plant one per role it may take. */
function candidatesOf(prepared: PreparedCatalogue, byRecord: CandidatesByRecord, entity: number): readonly Candidate[] {
  let candidates: Candidate[];
  const { canLoad, canDeliver } = prepared.records;
  const index = prepared.indexes[entity]!;
  if (prepared.kinds[entity] !== 'plant') candidates = [{ entity, role: null }];
  else {
    const roles: Candidate[] = [];
    if (canLoad[index]) roles.push({ entity, role: 'loading' });
    if (canDeliver[index]) roles.push({ entity, role: 'delivery' });
    if (canLoad[index] && canDeliver[index]) roles.push({ entity, role: 'either' });
    candidates = roles;
  }
  byRecord[entity] = candidates;
  return candidates;
}
