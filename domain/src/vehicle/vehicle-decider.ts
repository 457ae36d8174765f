import { VEHICLE_DEADLINES, type VehicleEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { assertNotCreated, type Changes, existingEntity, fieldChanges, noEntity, refuse } from '../shared';
import { type VehicleFacts, type VehicleInput, vehicleFactsFrom, vehicleInputOf, withVehicleDefaults } from './vehicle-details';
import { type AddVehicleDocument, addVehicleDocument, type RemoveVehicleDocument, removeVehicleDocument } from './vehicle-documents';
import { evolveVehicle, type VehicleRecord, type VehicleState, type VehicleStreamEvent } from './vehicle-state';

/**
 * What a vehicle command needs to know about the records it names, loaded by the handler before
 * deciding: the driver (a user; null when not found) and which of the named materials exist.
 */
export interface VehicleReferences {
  driver: { id: string } | null;
  existingMaterialIds: readonly string[];
}

export interface CreateVehicle extends VehicleReferences {
  type: 'CreateVehicle';
  vehicleId: string;
  input: VehicleInput;
  userId: string | null;
  now: string;
}

/**
 * PUT /vehicles/:id with the full form or only `enabledForDispatch` (the dispatch toggle): a field
 * left undefined keeps its value, null clears it.
 */
export interface UpdateVehicle extends VehicleReferences {
  type: 'UpdateVehicle';
  vehicleId: string;
  changes: Changes<VehicleInput>;
  userId: string | null;
  now: string;
}

export interface DeleteVehicle {
  type: 'DeleteVehicle';
  vehicleId: string;
  /**
   * Tour numbers of its running or planned tours from today on, as their streams show them
   * (docs/invariants.md: a vehicle with current or future tours is not deleted).
   */
  liveTourNumbers: readonly string[];
  userId: string | null;
  now: string;
}

export type VehicleCommand = CreateVehicle | UpdateVehicle | DeleteVehicle | AddVehicleDocument | RemoveVehicleDocument;

/** Only a driver newly assigned must exist; a vehicle stays editable whatever became of its driver. */
function assertDriverKnown(after: VehicleFacts, before: VehicleFacts | null, command: VehicleReferences): void {
  const driverId = after.assignedDriverId;
  if (driverId === null || driverId === before?.assignedDriverId) return;
  if (command.driver?.id !== driverId) refuse('not_found', messages.fleetCommands.driverNotFound, ['assignedDriverId']);
}

function assertMaterialsKnown(after: VehicleFacts, before: VehicleFacts | null, command: VehicleReferences): void {
  const known = new Set([...(before?.details.suitableMaterialIds ?? []), ...command.existingMaterialIds]);
  if (after.details.suitableMaterialIds.some((id) => !known.has(id))) {
    refuse('not_found', messages.fleetCommands.materialNotFound, ['suitableMaterialIds']);
  }
}

type By = { userId: string | null; now: string };

/** Set, changed, removed: one event per statutory deadline that differs (fleet.md §4). */
function deadlineEvents(id: string, before: VehicleFacts['deadlines'], after: VehicleFacts['deadlines'], by: By): VehicleEvent[] {
  const meta = { changedBy: by.userId, changedAt: by.now };
  return VEHICLE_DEADLINES.flatMap((deadline): VehicleEvent[] => {
    const from = before[deadline];
    const to = after[deadline];
    if (from === to) return [];
    if (from === null) return to === null ? [] : [{ type: 'VehicleDeadlineSet', data: { id, deadline, date: to, ...meta } }];
    if (to === null) return [{ type: 'VehicleDeadlineRemoved', data: { id, deadline, from, ...meta } }];
    return [{ type: 'VehicleDeadlineChanged', data: { id, deadline, from, to, ...meta } }];
  });
}

function createVehicle(command: CreateVehicle, state: VehicleState): VehicleEvent[] {
  assertNotCreated(state, messages.fleetCommands.vehicleExists);
  const facts = vehicleFactsFrom(withVehicleDefaults(command.input));
  assertDriverKnown(facts, null, command);
  assertMaterialsKnown(facts, null, command);
  const none = { tuv: null, inspection: null, insurance: null };
  return [
    {
      type: 'VehicleCreated',
      data: {
        id: command.vehicleId,
        ...facts.details,
        status: facts.status,
        enabledForDispatch: facts.enabledForDispatch,
        assignedDriverId: facts.assignedDriverId,
        createdBy: command.userId,
        createdAt: command.now,
      },
    },
    ...deadlineEvents(command.vehicleId, none, facts.deadlines, command),
  ];
}

function updateVehicle(command: UpdateVehicle, state: VehicleState): VehicleEvent[] {
  const vehicle: VehicleRecord = existingEntity(state, messages.fleetCommands.vehicleNotFound);
  const given = Object.fromEntries(Object.entries(command.changes).filter(([, v]) => v !== undefined)) as VehicleInput;
  const after = vehicleFactsFrom({ ...vehicleInputOf(vehicle), ...given });
  assertDriverKnown(after, vehicle, command);
  assertMaterialsKnown(after, vehicle, command);
  const id = vehicle.id;
  const by = { changedBy: command.userId, changedAt: command.now };
  const events: VehicleEvent[] = [];
  const details = fieldChanges(vehicle.details, after.details);
  if (details) events.push({ type: 'VehicleDetailsChanged', data: { id, ...details, ...by } });
  if (after.status !== vehicle.status)
    events.push({ type: 'VehicleStatusChanged', data: { id, from: vehicle.status, to: after.status, ...by } });
  if (after.enabledForDispatch !== vehicle.enabledForDispatch) {
    events.push({ type: 'VehicleDispatchChanged', data: { id, from: vehicle.enabledForDispatch, to: after.enabledForDispatch, ...by } });
  }
  if (after.assignedDriverId !== vehicle.assignedDriverId) {
    events.push({ type: 'VehicleDriverChanged', data: { id, from: vehicle.assignedDriverId, to: after.assignedDriverId, ...by } });
  }
  return [...events, ...deadlineEvents(id, vehicle.deadlines, after.deadlines, command)];
}

function deleteVehicle(command: DeleteVehicle, state: VehicleState): VehicleEvent[] {
  const vehicle = existingEntity(state, messages.fleetCommands.vehicleNotFound);
  if (command.liveTourNumbers.length > 0) {
    refuse('conflict', messages.fleetCommands.vehicleHasLiveTours(vehicle.details.licensePlate, command.liveTourNumbers.join(', ')));
  }
  return [
    {
      type: 'VehicleDeleted',
      data: { id: vehicle.id, licensePlate: vehicle.details.licensePlate, deletedBy: command.userId, deletedAt: command.now },
    },
  ];
}

export const vehicleDecider: Decider<VehicleCommand, VehicleState, VehicleStreamEvent> = {
  initialState: noEntity,
  evolve: evolveVehicle,
  decide(command, state) {
    switch (command.type) {
      case 'CreateVehicle':
        return createVehicle(command, state);
      case 'UpdateVehicle':
        return updateVehicle(command, state);
      case 'DeleteVehicle':
        return deleteVehicle(command, state);
      case 'AddVehicleDocument':
        return addVehicleDocument(command, state);
      case 'RemoveVehicleDocument':
        return removeVehicleDocument(command, state);
    }
  },
};
