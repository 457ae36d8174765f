import type { TourEvent, TourStatus } from '@dispo/events/catalog/index';
import type { EntityState } from '../shared';

export interface TourRecord {
  id: string;
  tourNumber: string;
  vehicleId: string;
  date: string;
  startTime: string;
  endTime: string | null;
  status: TourStatus;
  /** In sequence: the first is sequence number 1. */
  orderIds: string[];
  /** Reset to open or deleted: the tour exists in the log only. */
  dissolved: boolean;
  /** Where the vehicle starts (TourTimesPlanned); null until planned or when unknown. */
  startPlantId: string | null;
}
export type TourState = EntityState<TourRecord>;

function patch(state: TourState, changes: Partial<TourRecord>): TourState {
  return state.exists ? { exists: true, entity: { ...state.entity, ...changes } } : state;
}

export function evolveTour(state: TourState, event: TourEvent): TourState {
  switch (event.type) {
    case 'TourCreated': {
      const { createdBy: _by, createdAt: _at, ...tour } = event.data;
      return { exists: true, entity: { ...tour, status: 'planned', orderIds: [], dissolved: false, startPlantId: null } };
    }
    case 'TourOrderAdded':
      return state.exists ? patch(state, { orderIds: [...state.entity.orderIds, event.data.orderId] }) : state;
    case 'TourMoved':
      return patch(state, { vehicleId: event.data.toVehicleId, date: event.data.toDate, startTime: event.data.toStartTime, endTime: event.data.toEndTime });
    case 'TourStatusChanged':
      // A cancelled tour has released its orders (they are offen again).
      return patch(state, event.data.to === 'cancelled' ? { status: event.data.to, orderIds: [] } : { status: event.data.to });
    case 'TourDissolved':
      return patch(state, { dissolved: true });
    case 'TourTimesPlanned':
      return patch(state, { endTime: event.data.endTime, startPlantId: event.data.startPlantId });
    case 'TourResequenced':
      return patch(state, { orderIds: event.data.to });
  }
}

/**
 * A current or future tour of the vehicle (docs/invariants.md): still on it, not dissolved, and
 * running, or planned for `today` or later. Such a tour keeps its vehicle from being deleted.
 */
export function isLiveTourOf(tour: TourRecord, vehicleId: string, today: string): boolean {
  if (tour.dissolved || tour.vehicleId !== vehicleId) return false;
  return tour.status === 'in_progress' || (tour.status === 'planned' && tour.date >= today);
}
