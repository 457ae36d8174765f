import type { EventData, MaterialEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { assertNotCreated, changedDetails, type EntityState, existingEntity, noEntity, refuse } from '../shared';
import { type MaterialInput, materialDetailsFrom } from './material-details';

interface PlantReferences {
  /**
   * Which of the plant ids named in the command exist, as the handler found them. Only plants newly
   * assigned are checked, so a material stays editable whatever became of its older plants.
   */
  existingPlantIds: readonly string[];
}

export interface CreateMaterial extends PlantReferences {
  type: 'CreateMaterial';
  materialId: string;
  details: MaterialInput;
  now: string;
}

/** Changes only the fields given; null clears an optional field. */
export interface UpdateMaterial extends PlantReferences {
  type: 'UpdateMaterial';
  materialId: string;
  changes: Partial<MaterialInput>;
  now: string;
}

export type MaterialCommand = CreateMaterial | UpdateMaterial;

export type MaterialRecord = EventData<'MaterialCreated'> & { updatedAt: string };
export type MaterialState = EntityState<MaterialRecord>;

function assertPlantsExist(assigned: readonly string[], before: readonly string[], existing: readonly string[]): void {
  const unknown = assigned.filter((id) => !before.includes(id) && !existing.includes(id));
  if (unknown.length > 0) refuse('not_found', messages.masterData.plantNotFound, ['assignedPlantIds']);
}

function createMaterial(command: CreateMaterial, state: MaterialState): MaterialEvent[] {
  assertNotCreated(state, messages.masterData.materialExists);
  const details = materialDetailsFrom(command.details);
  assertPlantsExist(details.assignedPlantIds, [], command.existingPlantIds);
  return [{ type: 'MaterialCreated', data: { id: command.materialId, ...details, createdAt: command.now } }];
}

function updateMaterial(command: UpdateMaterial, state: MaterialState): MaterialEvent[] {
  const material = existingEntity(state, messages.masterData.materialNotFound);
  const details = changedDetails(material, command.changes, materialDetailsFrom);
  if (!details) return [];
  assertPlantsExist(details.assignedPlantIds, material.assignedPlantIds, command.existingPlantIds);
  return [{ type: 'MaterialUpdated', data: { id: command.materialId, ...details, updatedAt: command.now } }];
}

export const materialDecider: Decider<MaterialCommand, MaterialState, MaterialEvent> = {
  initialState: noEntity,
  evolve(state, event) {
    switch (event.type) {
      case 'MaterialCreated':
        return { exists: true, entity: { ...event.data, updatedAt: event.data.createdAt } };
      case 'MaterialUpdated':
        if (!state.exists) return state;
        return { exists: true, entity: { ...state.entity, ...event.data } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateMaterial':
        return createMaterial(command, state);
      case 'UpdateMaterial':
        return updateMaterial(command, state);
    }
  },
};
