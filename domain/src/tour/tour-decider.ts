import type { TourEvent, TourStatus, VehicleStatus } from '@dispo/events/catalog/index';
import { DomainError, type Decider } from '../decider';
import { messages } from '../messages';
import { berlinDate, isClockTime, isLocalDate, noEntity, refuse } from '../shared';
import { clockOf, minutesOf } from './clock';
import { evolveTour, type TourRecord, type TourState } from './tour-state';
import type { PlannedTourTimes } from './tour-times';
import { isClosed, REOPEN, TOUR_STATUS_TRANSITIONS } from './tour-status';

/** What a tour command needs to know of a vehicle; null when it does not exist. */
export interface DispatchVehicle {
  id: string;
  enabledForDispatch: boolean;
  /** What the vehicle may carry; null when the fleet has not recorded it. */
  payloadKg?: number | null;
  licensePlate?: string;
  /** The fleet's status: in the workshop (maintenance, repair, defect) the dispatcher is warned. */
  status?: VehicleStatus;
  /** Pending workshop appointments of the assigned day (minutes of the day); one in the slot warns too. */
  workshopWindows?: readonly WorkshopWindow[];
}

/** A vehicle's workshop appointment on a day: its type and window in minutes of the day. */
export interface WorkshopWindow {
  appointmentType: string;
  from: number;
  to: number;
}

/**
 * Orders a tour takes at most (ADR 0020): a real truck day, and what the route optimizer solves
 * within its budget. Checked in the one place where an order joins a tour (AssignToTour: the
 * dispatch screen's assignment, the MOSI assignment, the seed), and the append expects the tour
 * stream's version, so two racing assignments cannot both be the 41st. Tours longer
 * from before the limit still load and run; they only take no further order.
 */
export const MAX_TOUR_ORDERS = 40;

/** Without a planned end, an assignment is checked over the assumed hour of a tour (dispatch.md §9). */
const ASSUMED_TOUR_MINUTES = 60;
const clockText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The order as an assignment checks it. */
export interface AssignedOrder {
  orderNumber: string;
  /** In tonnes, when known: no load heavier than the vehicle carries. */
  weightTons: number | null;
  deliveryDate: string;
}

/** The first assignment at a vehicle and time creates the tour; further ones join it. */
export interface AssignToTour {
  type: 'AssignToTour';
  tourId: string;
  /** For a new tour. */
  tourNumber: string;
  vehicle: DispatchVehicle | null;
  orderId: string;
  /** Unknown: nothing to check of weight and date. */
  order?: AssignedOrder | null;
  /** The dispatcher moves the order's delivery date to the tour's day (else a differing date is refused). */
  moveDeliveryDate?: boolean;
  /** The dispatcher saw the warnings (assignmentWarnings) and assigns all the same. */
  confirmWarnings?: boolean;
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
  /**
   * Where the mover saw the tour (the dragged-from vehicle, the Smart Service's conflicting vehicle and
   * slot): moved elsewhere meanwhile, the move is refused (409) instead of overriding the other move.
   */
  expected?: { vehicleId: string; date?: string; startTime?: string } | null;
  /**
   * Moved by the Smart Service's redistribution (docs/invariants.md): a running tour stays, and no
   * vehicle in the workshop (status or a workshop window in the tour's span) takes it.
   */
  redistribution?: boolean;
  userId: string;
  now: string;
}

export interface ChangeTourStatus {
  type: 'ChangeTourStatus';
  tourId: string;
  status: TourStatus;
  /** Only an admin reopens a completed or cancelled tour. */
  admin?: boolean;
  /** Order numbers of its orders already delivered or with billing: such a tour is not cancelled. */
  deliveredOrders?: readonly string[];
  userId: string;
  now: string;
}

/** The times the travel model gives the tour as it now stands (recorded when they changed). */
export interface PlanTourTimes {
  type: 'PlanTourTimes';
  tourId: string;
  startPlantId: string | null;
  times: PlannedTourTimes;
  now: string;
}

/** The same orders in a new sequence: an optimization applied, or the original sequence back. */
export interface ResequenceTour {
  type: 'ResequenceTour';
  tourId: string;
  orderIds: readonly string[];
  operationId: string | null;
  reason: 'optimization_applied' | 'optimization_reset';
  userId: string;
  now: string;
}

/** Reset to open (`reset`) or delete: the orders return to offen. */
export interface DissolveTour {
  type: 'DissolveTour';
  tourId: string;
  reason: 'reset' | 'deleted';
  /** Order numbers of its orders already delivered or with billing: such a tour is kept. */
  deliveredOrders?: readonly string[];
  userId: string;
  now: string;
}

export type TourCommand = AssignToTour | MoveTour | ChangeTourStatus | DissolveTour | PlanTourTimes | ResequenceTour;

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

/** Vehicle statuses in which a truck is in the workshop (dispatch.md §4 "Vehicle status"). */
const IN_WORKSHOP: readonly VehicleStatus[] = ['maintenance', 'repair', 'defect'];

/**
 * Why the vehicle takes no tour from `from` to `to` (minutes of the day) in a redistribution, or null:
 * it is in the workshop (Wartung, Reparatur, Defekt) or has a workshop window in that span. The one
 * rule the plan greys vehicles out by and the tour move refuses by (docs/invariants.md).
 */
export function redistributionRefusal(vehicle: DispatchVehicle, from: number, to: number): string | null {
  const plate = vehicle.licensePlate ?? vehicle.id;
  if (vehicle.status && IN_WORKSHOP.includes(vehicle.status)) {
    return messages.smartServiceScreen.vehicleInWorkshop(plate, messages.labels.vehicleStatus[vehicle.status]);
  }
  const window = vehicle.workshopWindows?.find((w) => from < w.to && w.from < to);
  return window ? messages.smartServiceScreen.vehicleInWorkshopWindow(plate, clockText(window.from), clockText(window.to)) : null;
}

/**
 * What the dispatcher must confirm before the assignment stands: the vehicle is in the workshop.
 * The one place further warnings join (a workshop appointment in the tour's window).
 */
export function assignmentWarnings(vehicle: DispatchVehicle, startTime?: string): string[] {
  const warnings: string[] = [];
  const plate = vehicle.licensePlate ?? vehicle.id;
  if (vehicle.status && IN_WORKSHOP.includes(vehicle.status)) {
    warnings.push(messages.dispatch.vehicleInWorkshop(plate, messages.labels.vehicleStatus[vehicle.status]));
  }
  if (startTime && isClockTime(startTime)) {
    const start = Number(startTime.slice(0, 2)) * 60 + Number(startTime.slice(3, 5));
    const window = vehicle.workshopWindows?.find((w) => start < w.to && start + ASSUMED_TOUR_MINUTES > w.from);
    if (window) warnings.push(messages.dispatch.vehicleHasAppointment(plate, window.appointmentType, clockText(window.from), clockText(window.to)));
  }
  return warnings;
}

/** Refused with the warnings in the details until the dispatcher confirms them (HTTP 409). */
export function checkWarnings(warnings: readonly string[], confirmed: boolean | undefined): void {
  if (warnings.length === 0 || confirmed) return;
  throw new DomainError('conflict', warnings.join(' '), { fields: ['vehicleId'], warnings, requiresConfirmation: true });
}

/** The tour's day is the order's delivery day, unless the dispatcher moves the delivery date with it. */
function checkDate(order: AssignedOrder | null | undefined, date: string, moveDeliveryDate: boolean | undefined): void {
  if (!order || order.deliveryDate === date || moveDeliveryDate) return;
  refuse('validation', messages.dispatch.dateDiffers(order.orderNumber, order.deliveryDate, date), ['scheduledTime']);
}

/** The business day of the command's instant (Europe/Berlin). */
const todayOf = (now: string) => berlinDate(new Date(now));

/** A day and a time, and not a day gone by: nothing is planned into the past. */
function checkSlot(date: string, startTime: string, now: string): void {
  if (!isLocalDate(date) || !isClockTime(startTime)) refuse('validation', messages.dispatch.invalidScheduledTime, ['scheduledTime']);
  if (date < todayOf(now)) refuse('validation', messages.dispatch.pastDay(date), ['scheduledTime']);
}

function liveTour(state: TourState): TourRecord {
  if (!state.exists || state.entity.dissolved) return refuse('not_found', messages.dispatch.tourNotFound);
  return state.entity;
}

function assign(command: AssignToTour, state: TourState): TourEvent[] {
  const vehicle = checkVehicle(command.vehicle);
  checkPayload(vehicle, command.order?.weightTons);
  checkSlot(command.date, command.startTime, command.now);
  checkDate(command.order, command.date, command.moveDeliveryDate);
  checkWarnings(assignmentWarnings(vehicle, command.startTime), command.confirmWarnings);
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
  if (tour.orderIds.length >= MAX_TOUR_ORDERS) refuse('conflict', messages.dispatch.tourFull(tour.tourNumber, MAX_TOUR_ORDERS), ['vehicleId']);
  return [added(tour.orderIds.length + 1)];
}

function move(command: MoveTour, state: TourState): TourEvent[] {
  const tour = liveTour(state);
  const seen = command.expected;
  if (seen && (seen.vehicleId !== tour.vehicleId || (seen.date && seen.date !== tour.date) || (seen.startTime && seen.startTime !== tour.startTime))) {
    refuse('conflict', messages.smartServiceScreen.tourChangedMeanwhile(tour.tourNumber));
  }
  const vehicle = checkVehicle(command.vehicle);
  checkSlot(command.date, command.startTime, command.now);
  if (vehicle.id === tour.vehicleId && command.date === tour.date && command.startTime === tour.startTime) return [];
  const shift = minutesOf(command.startTime) - minutesOf(tour.startTime);
  if (command.redistribution) {
    if (tour.status === 'in_progress') refuse('conflict', messages.smartServiceScreen.tourRunning(tour.tourNumber));
    const from = minutesOf(command.startTime);
    const to = tour.endTime === null ? from + ASSUMED_TOUR_MINUTES : Math.max(from + 1, minutesOf(tour.endTime) + shift);
    const refusal = redistributionRefusal(vehicle, from, to);
    if (refusal) refuse('conflict', refusal, ['vehicleId']);
  }
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
  const reopen = REOPEN[tour.status] === command.status;
  if (reopen && !command.admin) refuse('forbidden', messages.dispatch.reopenAdminOnly(statusLabel(tour.status)));
  if (!reopen && !TOUR_STATUS_TRANSITIONS[tour.status].includes(command.status)) {
    refuse('validation', messages.dispatch.tourStatusChangeNotAllowed(statusLabel(tour.status), statusLabel(command.status)), ['status']);
  }
  if (command.status === 'cancelled') checkNothingDelivered(command.deliveredOrders, messages.dispatch.cancelDelivered);
  if (command.status === 'completed' && tour.date > todayOf(command.now)) refuse('conflict', messages.dispatch.futureTourNotCompleted(tour.tourNumber));
  return [{ type: 'TourStatusChanged', data: { id: tour.id, from: tour.status, to: command.status, changedBy: command.userId, changedAt: command.now } }];
}

/**
 * docs/invariants.md: a tour with delivered or billed orders is never reset, deleted or cancelled
 * (its orders would be offen again). The handler names those orders from their streams.
 */
function checkNothingDelivered(deliveredOrders: readonly string[] | undefined, refusal: (orderNumbers: string) => string): void {
  if (deliveredOrders?.length) refuse('conflict', refusal(deliveredOrders.join(', ')));
}

/**
 * Why a tour may not be reset to open or deleted, or null when it may: completed (it has been
 * driven; an admin reopens it first), or with delivered or billed orders. The screen asks this too,
 * so that it offers neither action for such a tour.
 */
export function keptTourReason(tour: { status: TourStatus; tourNumber: string }, deliveredOrders: readonly string[] | undefined): string | null {
  if (tour.status === 'completed') return messages.dispatch.completedTourKept(tour.tourNumber);
  if (deliveredOrders?.length) return messages.dispatch.dissolveDelivered(deliveredOrders.join(', '));
  return null;
}

function dissolve(command: DissolveTour, state: TourState): TourEvent[] {
  const tour = liveTour(state);
  const kept = keptTourReason(tour, command.deliveredOrders);
  if (kept) refuse('conflict', kept);
  return [
    {
      type: 'TourDissolved',
      data: { id: tour.id, reason: command.reason, orderIds: tour.orderIds, dissolvedBy: command.userId, dissolvedAt: command.now },
    },
  ];
}

function planTimes(command: PlanTourTimes, state: TourState): TourEvent[] {
  const tour = liveTour(state);
  const { times } = command;
  if (times.stops.map((s) => s.orderId).join() !== tour.orderIds.join()) throw new Error('Zeiten für eine andere Reihenfolge der Tour');
  return [{ type: 'TourTimesPlanned', data: { id: tour.id, startPlantId: command.startPlantId, ...times, plannedAt: command.now } }];
}

function resequence(command: ResequenceTour, state: TourState): TourEvent[] {
  const tour = liveTour(state);
  if (isClosed(tour.status)) refuse('conflict', messages.dispatch.tourClosedForSequence);
  const same = [...command.orderIds].sort().join() === [...tour.orderIds].sort().join();
  if (!same || new Set(command.orderIds).size !== command.orderIds.length) refuse('conflict', messages.optimization.ordersChanged);
  if (command.orderIds.join() === tour.orderIds.join()) return [];
  return [
    {
      type: 'TourResequenced',
      data: {
        id: tour.id,
        from: tour.orderIds,
        to: [...command.orderIds],
        operationId: command.operationId,
        reason: command.reason,
        resequencedBy: command.userId,
        resequencedAt: command.now,
      },
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
      case 'PlanTourTimes':
        return planTimes(command, state);
      case 'ResequenceTour':
        return resequence(command, state);
    }
  },
};
