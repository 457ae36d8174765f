import { reservationDecider } from '@dispo/domain/reservation/index';
import { streamIds } from '@dispo/events/catalog/index';
import type { EventStore } from '@dispo/events/store/port';
import { type Decision, loadAggregate } from './command-handler';

/** The decision that reserves `value` of `kind` for `ownerId` in its own stream (no_stream when new). */
export async function reservationDecision(
  store: EventStore,
  kind: string,
  value: string,
  ownerId: string,
  takenMessage: string,
): Promise<Decision> {
  const streamId = streamIds.reservation(kind, value);
  const { state, version } = await loadAggregate(store, reservationDecider, streamId);
  return {
    streamId,
    expectedVersion: version,
    events: reservationDecider.decide({ type: 'ReserveValue', kind, value, ownerId, takenMessage }, state),
  };
}

/** The decision that gives `value` of `kind` up, if `ownerId` holds it (nothing otherwise). */
export async function releaseDecision(store: EventStore, kind: string, value: string, ownerId: string): Promise<Decision> {
  const streamId = streamIds.reservation(kind, value);
  const { state, version } = await loadAggregate(store, reservationDecider, streamId);
  return { streamId, expectedVersion: version, events: reservationDecider.decide({ type: 'ReleaseValue', kind, value, ownerId }, state) };
}

/** Who holds a reserved value, or null. */
export async function reservationOwner(store: EventStore, kind: string, value: string): Promise<string | null> {
  const { state } = await loadAggregate(store, reservationDecider, streamIds.reservation(kind, value));
  return state.ownerId;
}
