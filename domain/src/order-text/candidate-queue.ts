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

  constructor(
    private readonly collected: CollectedHits,
    private readonly prepared: PreparedCatalogue,
  ) {
    const { ranked } = collected;
    this.lists = [ranked.material, ranked.customer, ranked.plant];
    this.next = [0, 0, 0];
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
    const { kinds, indexes } = this.prepared;
    const { canLoad, canDeliver } = this.prepared.records;
    const index = indexes[entity]!;
    if (kinds[entity] !== 'plant') this.made.push({ entity, role: null });
    else {
      if (canLoad[index]) this.made.push({ entity, role: 'loading' });
      if (canDeliver[index]) this.made.push({ entity, role: 'delivery' });
      if (canLoad[index] && canDeliver[index]) this.made.push({ entity, role: 'either' });
    }
    return true;
  }
}
