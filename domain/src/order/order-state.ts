import type { EventData, OrderEvent } from '@dispo/events/catalog/index';
import { type EntityState, noEntity } from '../shared';

/**
 * The order as its events describe it: the created order, patched by later events, with the
 * billing hand-off fields that §4.2's locking depends on.
 */
export type OrderRecord = Omit<EventData<'OrderCreated'>, 'duplicatedFrom'> & {
  updatedAt: string;
  deliverySlipNumber: string | null;
  actualWeight: number | null;
  billingPending: boolean;
  billingConfirmed: boolean;
  /** A storno order whose slip number and weight were unlocked for editing (§2.2). */
  deliveryDataUnlocked: boolean;
  /** Sent to the dispatchers through the disposition pipeline (§4.7). */
  transferredToDisposition: boolean;
  /** The tour that carries the order (dispatch), null while it is open. */
  tourId: string | null;
};
export type OrderState = EntityState<OrderRecord>;

function patch(state: OrderState, changes: Partial<OrderRecord>): OrderState {
  return state.exists ? { exists: true, entity: { ...state.entity, ...changes } } : state;
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderCreated': {
      const { duplicatedFrom: _from, ...created } = event.data;
      return {
        exists: true,
        entity: {
          ...created,
          updatedAt: created.createdAt,
          deliverySlipNumber: null,
          actualWeight: null,
          billingPending: false,
          billingConfirmed: false,
          deliveryDataUnlocked: false,
          transferredToDisposition: false,
          tourId: null,
        },
      };
    }
    case 'OrderDetailsChanged':
      return patch(state, { ...event.data.changes, updatedAt: event.data.changedAt });
    case 'OrderStatusChanged':
      return patch(state, { status: event.data.to, updatedAt: event.data.changedAt });
    case 'OrderDeliveryDataRecorded':
      return patch(state, {
        deliverySlipNumber: event.data.deliverySlipNumber,
        actualWeight: event.data.actualWeight,
        updatedAt: event.data.recordedAt,
      });
    case 'OrderHandedToBilling':
      return patch(state, { billingPending: true, updatedAt: event.data.handedAt });
    case 'OrderStornoIssued':
      return patch(state, { updatedAt: event.data.issuedAt });
    case 'OrderDeleted':
      return noEntity;
    case 'OrderAssignedToTour':
      return patch(state, { tourId: event.data.tourId, status: event.data.status, updatedAt: event.data.assignedAt });
    case 'OrderReleasedFromTour':
      return patch(state, { tourId: null, status: 'offen', updatedAt: event.data.releasedAt });
    case 'OrderTourRescheduled':
      return patch(state, { updatedAt: event.data.rescheduledAt });
    case 'OrderBillingConfirmed':
      return patch(state, { billingConfirmed: true, status: 'abgerechnet', updatedAt: event.data.confirmedAt });
    case 'OrderBillingUndone':
      return patch(state, { billingConfirmed: false, status: 'problem', updatedAt: event.data.undoneAt });
    case 'OrderRemovedFromBilling':
      return patch(state, {
        deliverySlipNumber: null,
        actualWeight: null,
        billingPending: false,
        billingConfirmed: false,
        status: 'abgelehnt',
        updatedAt: event.data.removedAt,
      });
    case 'OrderDeliveryDataUnlocked':
      return patch(state, { deliveryDataUnlocked: true, updatedAt: event.data.unlockedAt });
    case 'OrderTransferredToDisposition':
      return patch(state, { transferredToDisposition: true, updatedAt: event.data.transferredAt });
  }
}

export type OrderCreatedData = EventData<'OrderCreated'>;
