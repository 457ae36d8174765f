import type { TrailerEvent, VehicleType } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { assertNotCreated, type Changes, type EntityState, existingEntity, fieldChanges, noEntity, refuse } from '../shared';
import { type TrailerFacts, type TrailerInput, trailerFactsFrom, trailerInputOf, withTrailerDefaults } from './trailer-details';

/** The vehicle a trailer names as its tractor, as the handler loaded it (null: not found). */
export interface TractorSummary {
  id: string;
  vehicleType: VehicleType;
}

export interface CreateTrailer {
  type: 'CreateTrailer';
  trailerId: string;
  input: TrailerInput;
  tractor: TractorSummary | null;
  userId: string | null;
  now: string;
}

/** A field left undefined keeps its value, null clears it. */
export interface UpdateTrailer {
  type: 'UpdateTrailer';
  trailerId: string;
  changes: Changes<TrailerInput>;
  tractor: TractorSummary | null;
  userId: string | null;
  now: string;
}

export interface DeleteTrailer {
  type: 'DeleteTrailer';
  trailerId: string;
  userId: string | null;
  now: string;
}

export type TrailerCommand = CreateTrailer | UpdateTrailer | DeleteTrailer;

export interface TrailerRecord extends TrailerFacts {
  id: string;
  createdAt: string;
  updatedAt: string;
}
export type TrailerState = EntityState<TrailerRecord>;

/**
 * fleet.md §2: the tractor choice is limited to vehicles of type zugmaschine. Checked when the tractor
 * changes only, so a trailer stays editable after its tractor was retyped or left the fleet.
 */
function assertTractor(after: TrailerFacts, before: TrailerFacts | null, tractor: TractorSummary | null): void {
  const tractorId = after.tractorId;
  if (tractorId === null || tractorId === before?.tractorId) return;
  if (tractor?.id !== tractorId) refuse('not_found', messages.fleetCommands.tractorNotFound, ['tractorId']);
  if (tractor.vehicleType !== 'zugmaschine') refuse('validation', messages.fleetCommands.notATractor, ['tractorId']);
}

function createTrailer(command: CreateTrailer, state: TrailerState): TrailerEvent[] {
  assertNotCreated(state, messages.fleetCommands.trailerExists);
  const facts = trailerFactsFrom(withTrailerDefaults(command.input));
  assertTractor(facts, null, command.tractor);
  return [
    {
      type: 'TrailerCreated',
      data: {
        id: command.trailerId,
        ...facts.details,
        status: facts.status,
        tractorId: facts.tractorId,
        createdBy: command.userId,
        createdAt: command.now,
      },
    },
  ];
}

function updateTrailer(command: UpdateTrailer, state: TrailerState): TrailerEvent[] {
  const trailer = existingEntity(state, messages.fleetCommands.trailerNotFound);
  const given = Object.fromEntries(Object.entries(command.changes).filter(([, v]) => v !== undefined)) as TrailerInput;
  const after = trailerFactsFrom({ ...trailerInputOf(trailer), ...given });
  assertTractor(after, trailer, command.tractor);
  const id = trailer.id;
  const by = { changedBy: command.userId, changedAt: command.now };
  const events: TrailerEvent[] = [];
  const details = fieldChanges(trailer.details, after.details);
  if (details) events.push({ type: 'TrailerDetailsChanged', data: { id, ...details, ...by } });
  if (after.status !== trailer.status)
    events.push({ type: 'TrailerStatusChanged', data: { id, from: trailer.status, to: after.status, ...by } });
  if (after.tractorId !== trailer.tractorId) {
    events.push({ type: 'TrailerTractorChanged', data: { id, from: trailer.tractorId, to: after.tractorId, ...by } });
  }
  return events;
}

function deleteTrailer(command: DeleteTrailer, state: TrailerState): TrailerEvent[] {
  const trailer = existingEntity(state, messages.fleetCommands.trailerNotFound);
  return [
    {
      type: 'TrailerDeleted',
      data: {
        id: trailer.id,
        licensePlate: trailer.details.licensePlate,
        tractorId: trailer.tractorId,
        deletedBy: command.userId,
        deletedAt: command.now,
      },
    },
  ];
}

function patch(state: TrailerState, at: string, change: (trailer: TrailerRecord) => Partial<TrailerRecord>): TrailerState {
  return state.exists ? { exists: true, entity: { ...state.entity, ...change(state.entity), updatedAt: at } } : state;
}

export const trailerDecider: Decider<TrailerCommand, TrailerState, TrailerEvent> = {
  initialState: noEntity,
  evolve(state, event) {
    switch (event.type) {
      case 'TrailerCreated': {
        const { id, status, tractorId, createdBy: _by, createdAt, ...details } = event.data;
        return { exists: true, entity: { id, details, status, tractorId, createdAt, updatedAt: createdAt } };
      }
      case 'TrailerDetailsChanged':
        return patch(state, event.data.changedAt, (t) => ({ details: { ...t.details, ...event.data.changes } }));
      case 'TrailerStatusChanged':
        return patch(state, event.data.changedAt, () => ({ status: event.data.to }));
      case 'TrailerTractorChanged':
        return patch(state, event.data.changedAt, () => ({ tractorId: event.data.to }));
      case 'TrailerDeleted':
        return noEntity;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateTrailer':
        return createTrailer(command, state);
      case 'UpdateTrailer':
        return updateTrailer(command, state);
      case 'DeleteTrailer':
        return deleteTrailer(command, state);
    }
  },
};
