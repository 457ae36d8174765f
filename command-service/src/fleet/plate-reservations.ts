import type { Decision } from '../command-handler';
import { releaseDecision, reservationDecision } from '../reserve';
import type { EventStore } from '@dispo/events/store/port';

/**
 * Keeps a unique value (plate, card number) reserved for its holder across an update: the new value
 * is reserved and the old one released in the same atomic append. Values with the same key (only
 * spacing or case changed) need nothing.
 */
export async function moveReservation(
  store: EventStore,
  kind: string,
  ownerId: string,
  before: string,
  after: string,
  takenMessage: string,
): Promise<Decision[]> {
  if (before === after) return [];
  return [await reservationDecision(store, kind, after, ownerId, takenMessage), await releaseDecision(store, kind, before, ownerId)];
}
