import type { EventData, PlantEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { assertNotCreated, changedDetails, type EntityState, existingEntity, noEntity } from '../shared';
import { type PlantInput, plantDetailsFrom } from './plant-details';

export interface CreatePlant {
  type: 'CreatePlant';
  plantId: string;
  details: PlantInput;
  now: string;
}

/** Changes only the fields given; null clears an optional field. */
export interface UpdatePlant {
  type: 'UpdatePlant';
  plantId: string;
  changes: Partial<PlantInput>;
  now: string;
}

export type PlantCommand = CreatePlant | UpdatePlant;

export type PlantRecord = EventData<'PlantCreated'> & { updatedAt: string };
export type PlantState = EntityState<PlantRecord>;

function createPlant(command: CreatePlant, state: PlantState): PlantEvent[] {
  assertNotCreated(state, messages.masterData.plantExists);
  const details = plantDetailsFrom(command.details);
  return [{ type: 'PlantCreated', data: { id: command.plantId, ...details, createdAt: command.now } }];
}

function updatePlant(command: UpdatePlant, state: PlantState): PlantEvent[] {
  const plant = existingEntity(state, messages.masterData.plantNotFound);
  const details = changedDetails(plant, command.changes, plantDetailsFrom);
  if (!details) return [];
  return [{ type: 'PlantUpdated', data: { id: command.plantId, ...details, updatedAt: command.now } }];
}

export const plantDecider: Decider<PlantCommand, PlantState, PlantEvent> = {
  initialState: noEntity,
  evolve(state, event) {
    switch (event.type) {
      case 'PlantCreated':
        return { exists: true, entity: { ...event.data, updatedAt: event.data.createdAt } };
      case 'PlantUpdated':
        if (!state.exists) return state;
        return { exists: true, entity: { ...state.entity, ...event.data } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreatePlant':
        return createPlant(command, state);
      case 'UpdatePlant':
        return updatePlant(command, state);
    }
  },
};
