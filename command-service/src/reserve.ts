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

/**
 * The decision that reserves a value nobody can hold yet, without reading its stream: it must not
 * exist (`no_stream`). A version conflict on the append then means the value is taken (or was once).
 * For values drawn at random (order numbers), where drawing another is the answer to "taken".
 */
export function newReservationDecision(kind: string, value: string, ownerId: string, takenMessage: string): Decision {
  return {
    streamId: streamIds.reservation(kind, value),
    expectedVersion: 'no_stream',
    events: reservationDecider.decide({ type: 'ReserveValue', kind, value, ownerId, takenMessage }, reservationDecider.initialState),
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
