import type { Decider } from '@dispo/domain/decider';
import type { EventStore } from '@dispo/events/store/port';
import { type Loaded, loadAggregate } from './command-handler';

const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * Folded states of streams that rarely change (plants, loading points, materials, customers), kept
 * in memory so that a command needs no read for them. The event log stays the truth: whoever decides
 * on a cached state appends a check of its version together with the command's events (a write
 * without events, see appendDecisions). A stream that changed since, in this process or another,
 * makes that append fail with a version conflict; then `forget` it and decide again on a fresh read.
 * Streams that do not exist are not kept: a command that names them is refused, and a refusal must
 * not rest on a stale cache.
 */
export class StreamStateCache {
  private readonly entries = new Map<string, Loaded<unknown>>();

  constructor(private readonly maxEntries = DEFAULT_MAX_ENTRIES) {}

  /** The cached state, or the stream read and folded (always read with `refresh`). */
  async load<S, E>(
    store: EventStore,
    decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>,
    streamId: string,
    options: { refresh?: boolean } = {},
  ): Promise<Loaded<S>> {
    const cached = options.refresh ? undefined : this.entries.get(streamId);
    if (cached) return cached as Loaded<S>;
    const loaded = await loadAggregate(store, decider, streamId);
    this.remember(streamId, loaded);
    return loaded;
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  private remember(streamId: string, loaded: Loaded<unknown>): void {
    if (typeof loaded.version !== 'number') {
      this.entries.delete(streamId);
      return;
    }
    // A slower read that started before a change must not replace what a later read found.
    const known = this.entries.get(streamId)?.version;
    if (typeof known === 'number' && known > loaded.version) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, loaded);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
