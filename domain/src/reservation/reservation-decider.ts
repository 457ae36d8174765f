import type { ReservationEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { refuse } from '../shared';

/**
 * A unique value (order number, username, licence plate) is owned by whoever reserved it first in
 * its own stream, e.g. `order-number-S261121-4711`. Reserving it again for the same owner is a no-op.
 */
export interface ReserveValue {
  type: 'ReserveValue';
  kind: string;
  value: string;
  ownerId: string;
  /** German refusal when someone else holds the value. */
  takenMessage: string;
}

/** Gives a value up (a new licence plate, a vehicle that left the fleet). Only its holder can. */
export interface ReleaseValue {
  type: 'ReleaseValue';
  kind: string;
  value: string;
  ownerId: string;
}

export type ReservationCommand = ReserveValue | ReleaseValue;

export interface ReservationState {
  ownerId: string | null;
}

export const reservationDecider: Decider<ReservationCommand, ReservationState, ReservationEvent> = {
  initialState: { ownerId: null },
  evolve(_state, event) {
    return { ownerId: event.type === 'UniqueValueReleased' ? null : event.data.ownerId };
  },
  decide(command, state) {
    const { kind, value, ownerId } = command;
    if (command.type === 'ReleaseValue') {
      // Someone else's (or nobody's) value is not ours to give up: nothing to do.
      return state.ownerId === ownerId ? [{ type: 'UniqueValueReleased', data: { kind, value, ownerId } }] : [];
    }
    if (state.ownerId === ownerId) return [];
    if (state.ownerId !== null) refuse('conflict', command.takenMessage);
    return [{ type: 'UniqueValueReserved', data: { kind, value, ownerId } }];
  },
};
