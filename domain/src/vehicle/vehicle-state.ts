import type { DocumentCategory, VehicleDocumentEvent, VehicleEvent } from '@dispo/events/catalog/index';
import { type EntityState, noEntity } from '../shared';
import type { VehicleFacts } from './vehicle-details';

/** Every event of a vehicle's stream: its own and those of its documents. */
export type VehicleStreamEvent = VehicleEvent | VehicleDocumentEvent;

export interface VehicleDocumentRecord {
  name: string;
  category: DocumentCategory;
}

/** The vehicle as its events describe it. */
export interface VehicleRecord extends VehicleFacts {
  id: string;
  documents: Readonly<Record<string, VehicleDocumentRecord>>;
  createdAt: string;
  updatedAt: string;
}
export type VehicleState = EntityState<VehicleRecord>;

function patch(state: VehicleState, at: string, change: (vehicle: VehicleRecord) => Partial<VehicleRecord>): VehicleState {
  return state.exists ? { exists: true, entity: { ...state.entity, ...change(state.entity), updatedAt: at } } : state;
}

export function evolveVehicle(state: VehicleState, event: VehicleStreamEvent): VehicleState {
  switch (event.type) {
    case 'VehicleCreated': {
      const { id, status, enabledForDispatch, assignedDriverId, createdBy: _by, createdAt, ...details } = event.data;
      return {
        exists: true,
        entity: {
          id,
          details,
          status,
          enabledForDispatch,
          assignedDriverId,
          deadlines: { tuv: null, inspection: null, insurance: null },
          documents: {},
          createdAt,
          updatedAt: createdAt,
        },
      };
    }
    case 'VehicleDetailsChanged':
      return patch(state, event.data.changedAt, (v) => ({ details: { ...v.details, ...event.data.changes } }));
    case 'VehicleStatusChanged':
      return patch(state, event.data.changedAt, () => ({ status: event.data.to }));
    case 'VehicleDispatchChanged':
      return patch(state, event.data.changedAt, () => ({ enabledForDispatch: event.data.to }));
    case 'VehicleDriverChanged':
      return patch(state, event.data.changedAt, () => ({ assignedDriverId: event.data.to }));
    case 'VehicleDeadlineSet':
      return patch(state, event.data.changedAt, (v) => ({ deadlines: { ...v.deadlines, [event.data.deadline]: event.data.date } }));
    case 'VehicleDeadlineChanged':
      return patch(state, event.data.changedAt, (v) => ({ deadlines: { ...v.deadlines, [event.data.deadline]: event.data.to } }));
    case 'VehicleDeadlineRemoved':
      return patch(state, event.data.changedAt, (v) => ({ deadlines: { ...v.deadlines, [event.data.deadline]: null } }));
    case 'VehicleDocumentAdded': {
      const { documentId, name, category, addedAt } = event.data;
      return patch(state, addedAt, (v) => ({ documents: { ...v.documents, [documentId]: { name, category } } }));
    }
    case 'VehicleDocumentRemoved':
      return patch(state, event.data.removedAt, (v) => {
        const { [event.data.documentId]: _removed, ...documents } = v.documents;
        return { documents };
      });
    case 'VehicleDeleted':
      return noEntity;
  }
}
