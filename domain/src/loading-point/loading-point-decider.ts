import type { EventData, LoadingPointEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { canBeLoadingPlant, type PlantSummary } from '../plant/plant-eligibility';
import { assertNotCreated, changedDetails, type EntityState, existingEntity, noEntity, refuse, requireFields } from '../shared';
import { type LoadingPointInput, loadingPointDetailsFrom } from './loading-point-details';

export interface CreateLoadingPoint {
  type: 'CreateLoadingPoint';
  loadingPointId: string;
  plantId: string;
  /** The plant `plantId` names, loaded by the handler; null if there is none. */
  plant: PlantSummary | null;
  details: LoadingPointInput;
  now: string;
}

/** Changes only the fields given. The plant of a loading point is fixed. */
export interface UpdateLoadingPoint {
  type: 'UpdateLoadingPoint';
  loadingPointId: string;
  changes: Partial<LoadingPointInput>;
  now: string;
}

export type LoadingPointCommand = CreateLoadingPoint | UpdateLoadingPoint;

export type LoadingPointRecord = EventData<'LoadingPointCreated'> & { updatedAt: string };
export type LoadingPointState = EntityState<LoadingPointRecord>;

function createLoadingPoint(command: CreateLoadingPoint, state: LoadingPointState): LoadingPointEvent[] {
  assertNotCreated(state, messages.masterData.loadingPointExists);
  requireFields({ name: command.details.name, plantId: command.plantId });
  const plant = command.plant?.id === command.plantId ? command.plant : null;
  if (!plant) refuse('not_found', messages.masterData.plantNotFound, ['plantId']);
  // An order takes its loading point from its loading plant; elsewhere a loading point is useless.
  if (!canBeLoadingPlant(plant)) refuse('validation', messages.masterData.loadingPointNeedsLoadingPlant, ['plantId']);
  const details = loadingPointDetailsFrom(command.details);
  return [{ type: 'LoadingPointCreated', data: { id: command.loadingPointId, plantId: plant.id, ...details, createdAt: command.now } }];
}

function updateLoadingPoint(command: UpdateLoadingPoint, state: LoadingPointState): LoadingPointEvent[] {
  const loadingPoint = existingEntity(state, messages.masterData.loadingPointNotFound);
  const details = changedDetails(loadingPoint, command.changes, loadingPointDetailsFrom);
  if (!details) return [];
  return [{ type: 'LoadingPointUpdated', data: { id: command.loadingPointId, ...details, updatedAt: command.now } }];
}

export const loadingPointDecider: Decider<LoadingPointCommand, LoadingPointState, LoadingPointEvent> = {
  initialState: noEntity,
  evolve(state, event) {
    switch (event.type) {
      case 'LoadingPointCreated':
        return { exists: true, entity: { ...event.data, updatedAt: event.data.createdAt } };
      case 'LoadingPointUpdated':
        if (!state.exists) return state;
        return { exists: true, entity: { ...state.entity, ...event.data } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateLoadingPoint':
        return createLoadingPoint(command, state);
      case 'UpdateLoadingPoint':
        return updateLoadingPoint(command, state);
    }
  },
};
