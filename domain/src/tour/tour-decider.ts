import type { TourEvent, TourStatus } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { isClockTime, isLocalDate, noEntity, refuse } from '../shared';
import { clockOf, minutesOf } from './clock';
import { evolveTour, type TourRecord, type TourState } from './tour-state';
import { isClosed, TOUR_STATUS_TRANSITIONS } from './tour-status';

/** What a tour command needs to know of a vehicle; null when it does not exist. */
export interface DispatchVehicle {
  id: string;
  enabledForDispatch: boolean;
  /** What the vehicle may carry; null when the fleet has not recorded it. */
  payloadKg?: number | null;
  licensePlate?: string;
}

/** The first assignment at a vehicle and time creates the tour; further ones join it. */
export interface AssignToTour {
  type: 'AssignToTour';
  tourId: string;
  /** For a new tour. */
  tourNumber: string;
  vehicle: DispatchVehicle | null;
  orderId: string;
  /** The order's weight in tonnes, when known: no load heavier than the vehicle carries. */
  orderWeightTons?: number | null;
  date: string;
  startTime: string;
  userId: string;
  now: string;
}

export interface MoveTour {
  type: 'MoveTour';
  tourId: string;
  vehicle: DispatchVehicle | null;
  date: string;
  startTime: string;
  userId: string;
  now: string;
}

export interface ChangeTourStatus {
  type: 'ChangeTourStatus';
  tourId: string;
  status: TourStatus;
  userId: string;
  now: string;
}

/** Reset to open (`reset`) or delete: the orders return to offen. */
export interface DissolveTour {
  type: 'DissolveTour';
  tourId: string;
  reason: 'reset' | 'deleted';
  userId: string;
  now: string;
}

export type TourCommand = AssignToTour | MoveTour | ChangeTourStatus | DissolveTour;

const statusLabel = (status: TourStatus) => messages.dispatch.tourStatus[status];

function checkVehicle(vehicle: DispatchVehicle | null): DispatchVehicle {
  if (!vehicle) return refuse('not_found', messages.dispatch.vehicleNotFound, ['vehicleId']);
  if (!vehicle.enabledForDispatch) refuse('validation', messages.dispatch.vehicleNotReleased, ['vehicleId']);
  return vehicle;
}

/** No load heavier than the vehicle's payload (both known). */
function checkPayload(vehicle: DispatchVehicle, weightTons: number | null | undefined): void {
  if (weightTons == null || vehicle.payloadKg == null) return;
  if (weightTons * 1000 > vehicle.payloadKg) {
    refuse('validation', messages.dispatch.overPayload(vehicle.licensePlate ?? vehicle.id, weightTons, vehicle.payloadKg / 1000), ['vehicleId']);
  }
}

function checkSlot(date: string, startTime: string): void {
  if (!isLocalDate(date) || !isClockTime(startTime)) refuse('validation', messages.dispatch.invalidScheduledTime, ['scheduledTime']);
}

function liveTour(state: TourState): TourRecord {
  if (!state.exists || state.entity.dissolved) return refuse('not_found', messages.dispatch.tourNotFound);
  return state.entity;
}

function assign(command: AssignToTour, state: TourState): TourEvent[] {
  const vehicle = checkVehicle(command.vehicle);
  checkPayload(vehicle, command.orderWeightTons);
  checkSlot(command.date, command.startTime);
  const added = (sequenceNumber: number): TourEvent => ({
    type: 'TourOrderAdded',
    data: { tourId: command.tourId, orderId: command.orderId, sequenceNumber, addedBy: command.userId, addedAt: command.now },
  });
  if (!state.exists) {
    return [
      {
        type: 'TourCreated',
        data: {
          id: command.tourId,
          tourNumber: command.tourNumber,
          vehicleId: vehicle.id,
          date: command.date,
          startTime: command.startTime,
          endTime: null,
          createdBy: command.userId,
          createdAt: command.now,
        },
      },
      added(1),
    ];
  }
  const tour = liveTour(state);
  if (isClosed(tour.status)) refuse('conflict', messages.dispatch.tourClosed);
  if (tour.orderIds.includes(command.orderId)) return [];
  return [added(tour.orderIds.length + 1)];
}

function move(command: MoveTour, state: TourState): TourEvent[] {
  const tour = liveTour(state);
  const vehicle = checkVehicle(command.vehicle);
  checkSlot(command.date, command.startTime);
  if (vehicle.id === tour.vehicleId && command.date === tour.date && command.startTime === tour.startTime) return [];
  const shift = minutesOf(command.startTime) - minutesOf(tour.startTime);
  return [
    {
      type: 'TourMoved',
      data: {
        id: tour.id,
        fromVehicleId: tour.vehicleId,
        toVehicleId: vehicle.id,
        fromDate: tour.date,
        toDate: command.date,
        fromStartTime: tour.startTime,
        toStartTime: command.startTime,
        fromEndTime: tour.endTime,
        toEndTime: tour.endTime === null ? null : clockOf(minutesOf(tour.endTime) + shift),
        movedBy: command.userId,
        movedAt: command.now,
      },
    },
  ];
}

function changeStatus(command: ChangeTourStatus, state: TourState): TourEvent[] {
  const tour = liveTour(state);
  if (tour.status === command.status) return [];
  if (!TOUR_STATUS_TRANSITIONS[tour.status].includes(command.status)) {
    refuse('validation', messages.dispatch.tourStatusChangeNotAllowed(statusLabel(tour.status), statusLabel(command.status)), ['status']);
  }
  return [{ type: 'TourStatusChanged', data: { id: tour.id, from: tour.status, to: command.status, changedBy: command.userId, changedAt: command.now } }];
}

function dissolve(command: DissolveTour, state: TourState): TourEvent[] {
  const tour = liveTour(state);
  return [
    {
      type: 'TourDissolved',
      data: { id: tour.id, reason: command.reason, orderIds: tour.orderIds, dissolvedBy: command.userId, dissolvedAt: command.now },
    },
  ];
}

export const tourDecider: Decider<TourCommand, TourState, TourEvent> = {
  initialState: noEntity,
  evolve: evolveTour,
  decide(command, state) {
    switch (command.type) {
      case 'AssignToTour':
        return assign(command, state);
      case 'MoveTour':
        return move(command, state);
      case 'ChangeTourStatus':
        return changeStatus(command, state);
      case 'DissolveTour':
        return dissolve(command, state);
    }
  },
};
