import type { OrderDetails, OrderEvent, OrderStatus } from '@dispo/events/catalog/index';
import { messages } from '../messages';
import { type Changes, existingEntity, refuse, sameData } from '../shared';
import { refuseImpossibleWeight, validOrderDetails } from './order-details';
import type { OrderInput } from './order-input';
import type { OrderReferences } from './order-references';
import { weightAfterChange } from './planned-weight';
import type { OrderRecord, OrderState } from './order-state';
import { acceptsDeliveryData, canChangeStatus, canIssueStorno, isCancelled } from './order-status';

/**
 * PUT and PATCH of an order (orders.md §7.2) as one command: detail fields (undefined keeps, null
 * clears), a status, and the billing hand-off fields. All changes are decided together and appended
 * at once, so a PATCH is all or nothing.
 */
export interface UpdateOrder extends OrderReferences {
  type: 'UpdateOrder';
  orderId: string;
  userId: string;
  now: string;
  changes: Changes<OrderInput>;
  status?: OrderStatus;
  deliverySlipNumber?: string | null;
  actualWeight?: number | null;
}

export interface ChangeOrderStatus {
  type: 'ChangeOrderStatus';
  orderId: string;
  userId: string;
  now: string;
  status: OrderStatus;
  /** Only an order in one of these statuses changes; any other is left as it is (its tour's status change). */
  onlyFrom?: readonly OrderStatus[];
}

/** §4.4: only an open order can be deleted. */
export interface DeleteOrder {
  type: 'DeleteOrder';
  orderId: string;
  userId: string;
  now: string;
}

/** §4.4: the storno PDF was produced; the order is removed, the history keeps both facts. */
export interface IssueStorno {
  type: 'IssueStorno';
  orderId: string;
  userId: string;
  now: string;
}

const DETAIL_KEYS = [
  'plantId',
  'deliveryPlantId',
  'loadingPointId',
  'materialId',
  'customerId',
  'materialSpecification',
  'quantity',
  'unit',
  'weightTons',
  'deliveryDate',
  'deliveryTimeType',
  'deliveryTimeFixed',
  'deliveryTimeFrom',
  'deliveryTimeTo',
  'priority',
  'transportType',
  'notes',
  'internalNotes',
  'deliveryAddress',
  'deliveryContactPerson',
  'deliveryPhone',
  'vehicleRequirements',
  'accessConditions',
  'pumpAvailable',
  'craneAvailable',
] as const satisfies readonly (keyof OrderDetails)[];

function currentDetails(order: OrderRecord): OrderDetails {
  return Object.fromEntries(DETAIL_KEYS.map((key) => [key, order[key]])) as OrderDetails;
}

const statusLabel = (status: OrderStatus) => messages.labels.orderStatus[status];

/** Billing alone releases an order bound to it (§4.2); a settled one changes only through billing. */
function assertNotBoundToBilling(order: OrderRecord): void {
  if (order.billingConfirmed || order.status === 'abgerechnet') refuse('conflict', messages.order.settledOnlyThroughBilling);
  if (order.billingPending) refuse('conflict', messages.order.boundToBilling);
}

function detailEvents(command: UpdateOrder, order: OrderRecord): OrderEvent[] {
  const given = Object.fromEntries(Object.entries(command.changes).filter(([, v]) => v !== undefined)) as Changes<OrderInput>;
  if (Object.keys(given).length === 0) return [];
  assertNotBoundToBilling(order);
  if (isCancelled(order.status)) refuse('conflict', messages.order.locked);
  const before = currentDetails(order);
  const merged: OrderInput = { ...before, ...given };
  // Weight follows quantity (docs/invariants.md): one rule, whatever the client sent.
  if (merged.quantity !== null && merged.quantity !== undefined && merged.unit && merged.materialId) {
    merged.weightTons = weightAfterChange({
      before,
      after: { quantity: merged.quantity, unit: merged.unit, materialId: merged.materialId },
      given: given.weightTons,
      densityTonsPerCubicMetre: command.material?.id === merged.materialId ? command.material.densityTonsPerCubicMetre : null,
    });
  }
  const after = validOrderDetails(merged, command);
  const changed = DETAIL_KEYS.filter((key) => !sameData(after[key], before[key]));
  if (changed.length === 0) return [];
  const pick = (source: OrderDetails) => Object.fromEntries(changed.map((key) => [key, source[key]])) as Partial<OrderDetails>;
  return [
    {
      type: 'OrderDetailsChanged',
      data: { id: order.id, changes: pick(after), previous: pick(before), changedBy: command.userId, changedAt: command.now },
    },
  ];
}

function statusEvents(order: OrderRecord, to: OrderStatus, userId: string, now: string): OrderEvent[] {
  if (to === order.status) return [];
  assertNotBoundToBilling(order);
  if (to === 'abgerechnet') refuse('validation', messages.order.settledOnlyThroughBilling, ['status']);
  if (!canChangeStatus(order.status, to)) {
    refuse('validation', messages.order.statusChangeNotAllowed(statusLabel(order.status), statusLabel(to)), ['status']);
  }
  return [{ type: 'OrderStatusChanged', data: { id: order.id, from: order.status, to, changedBy: userId, changedAt: now } }];
}

function deliveryDataEvents(command: UpdateOrder, order: OrderRecord, status: OrderStatus): OrderEvent[] {
  if (command.deliverySlipNumber === undefined && command.actualWeight === undefined) return [];
  if (order.billingConfirmed || order.billingPending) assertNotBoundToBilling(order);
  if (!acceptsDeliveryData(status)) refuse('validation', messages.order.deliveryDataOnlyAfterDelivery, ['deliverySlipNumber']);
  // §2.2: a storno row keeps its slip number and weight locked until it is unlocked explicitly.
  if (isCancelled(order.status) && !order.deliveryDataUnlocked) refuse('conflict', messages.order.stornoDeliveryDataLocked);
  const slip = command.deliverySlipNumber === undefined ? order.deliverySlipNumber : command.deliverySlipNumber?.trim() || null;
  const weight = command.actualWeight === undefined ? order.actualWeight : command.actualWeight;
  if (weight !== null && (!Number.isFinite(weight) || weight <= 0)) refuse('validation', messages.order.actualWeightPositive, ['actualWeight']);
  if (weight !== null) refuseImpossibleWeight(weight, 'actualWeight');
  if (slip === order.deliverySlipNumber && weight === order.actualWeight) return [];
  const events: OrderEvent[] = [
    {
      type: 'OrderDeliveryDataRecorded',
      data: {
        id: order.id,
        deliverySlipNumber: slip,
        actualWeight: weight,
        previousDeliverySlipNumber: order.deliverySlipNumber,
        previousActualWeight: order.actualWeight,
        recordedBy: command.userId,
        recordedAt: command.now,
      },
    },
  ];
  // §4.2: slip number and weight both filled = ready for billing, which binds the order.
  if (slip !== null && weight !== null) events.push({ type: 'OrderHandedToBilling', data: { id: order.id, handedAt: command.now } });
  return events;
}

export function updateOrder(command: UpdateOrder, state: OrderState): OrderEvent[] {
  const order = existingEntity(state, messages.order.notFound);
  const details = detailEvents(command, order);
  const status = command.status === undefined ? [] : statusEvents(order, command.status, command.userId, command.now);
  const delivery = deliveryDataEvents(command, order, command.status ?? order.status);
  return [...details, ...status, ...delivery];
}

export function changeOrderStatus(command: ChangeOrderStatus, state: OrderState): OrderEvent[] {
  const order = existingEntity(state, messages.order.notFound);
  if (command.onlyFrom && !command.onlyFrom.includes(order.status)) return [];
  return statusEvents(order, command.status, command.userId, command.now);
}

export function deleteOrder(command: DeleteOrder, state: OrderState): OrderEvent[] {
  const order = existingEntity(state, messages.order.notFound);
  if (order.status !== 'offen') refuse('conflict', messages.order.onlyOpenCanBeDeleted);
  return [
    {
      type: 'OrderDeleted',
      data: { id: order.id, orderNumber: order.orderNumber, reason: 'deleted', deletedBy: command.userId, deletedAt: command.now },
    },
  ];
}

export function issueStorno(command: IssueStorno, state: OrderState): OrderEvent[] {
  const order = existingEntity(state, messages.order.notFound);
  assertNotBoundToBilling(order);
  if (!canIssueStorno(order.status)) refuse('conflict', messages.order.stornoNotAllowed);
  return [
    {
      type: 'OrderStornoIssued',
      data: { id: order.id, orderNumber: order.orderNumber, statusBefore: order.status, issuedBy: command.userId, issuedAt: command.now },
    },
    {
      type: 'OrderDeleted',
      data: { id: order.id, orderNumber: order.orderNumber, reason: 'storno', deletedBy: command.userId, deletedAt: command.now },
    },
  ];
}

/** Dispatch: the order joins a tour (dispatch.md §4); only an open order can. */
export interface AssignOrderToTour {
  type: 'AssignOrderToTour';
  orderId: string;
  tourId: string;
  vehicleId: string;
  date: string;
  startTime: string;
  sequenceNumber: number;
  /** The tour runs on another day: the delivery date moves to it in the same append. */
  moveDeliveryDate?: boolean;
  userId: string;
  now: string;
}

/** Its tour was reset or deleted: the order is open again. */
export interface ReleaseOrderFromTour {
  type: 'ReleaseOrderFromTour';
  orderId: string;
  tourId: string;
  userId: string;
  now: string;
}

export interface RescheduleOrderTour {
  type: 'RescheduleOrderTour';
  orderId: string;
  tourId: string;
  vehicleId: string;
  date: string;
  startTime: string;
  now: string;
}

export function assignOrderToTour(command: AssignOrderToTour, state: OrderState): OrderEvent[] {
  if (!state.exists) return refuse('not_found', messages.dispatch.orderNotFound);
  const order = state.entity;
  if (order.status !== 'offen' || order.tourId !== null) refuse('conflict', messages.dispatch.orderNotOpen(order.orderNumber));
  const moved: OrderEvent[] =
    command.moveDeliveryDate && order.deliveryDate !== command.date
      ? [
          {
            type: 'OrderDetailsChanged',
            data: { id: order.id, changes: { deliveryDate: command.date }, previous: { deliveryDate: order.deliveryDate }, changedBy: command.userId, changedAt: command.now },
          },
        ]
      : [];
  return [
    ...moved,
    {
      type: 'OrderAssignedToTour',
      data: {
        id: order.id,
        tourId: command.tourId,
        vehicleId: command.vehicleId,
        date: command.date,
        startTime: command.startTime,
        sequenceNumber: command.sequenceNumber,
        statusBefore: order.status,
        status: 'disponiert',
        assignedBy: command.userId,
        assignedAt: command.now,
      },
    },
  ];
}

/** Nothing to do for an order that was deleted meanwhile or already left the tour. */
export function releaseOrderFromTour(command: ReleaseOrderFromTour, state: OrderState): OrderEvent[] {
  if (!state.exists || state.entity.tourId !== command.tourId) return [];
  const order = state.entity;
  // docs/invariants.md: an order bound to billing or billed is never offen.
  assertNotBoundToBilling(order);
  return [{ type: 'OrderReleasedFromTour', data: { id: order.id, tourId: command.tourId, statusBefore: order.status, releasedBy: command.userId, releasedAt: command.now } }];
}

export function rescheduleOrderTour(command: RescheduleOrderTour, state: OrderState): OrderEvent[] {
  if (!state.exists || state.entity.tourId !== command.tourId) return [];
  return [
    {
      type: 'OrderTourRescheduled',
      data: { id: command.orderId, tourId: command.tourId, vehicleId: command.vehicleId, date: command.date, startTime: command.startTime, rescheduledAt: command.now },
    },
  ];
}
